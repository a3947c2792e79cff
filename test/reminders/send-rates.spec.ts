import { PgSendRates } from '../../api/reminders/pg-send-rates';
import { LocalSendRates, SendRates } from '../../api/reminders/send-rates';
import { testDatabases } from '../support/test-db';
import { scratchDb, ScratchDb } from './reminders-db';

/** The most grants that fall in any window of `windowMs` (a sliding window over the grant times). */
function busiestWindow(times: number[], windowMs: number): number {
  const t = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < t.length; i++) {
    while (t[i] - t[j] >= windowMs) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

async function burst(instances: SendRates[], perInstance: number, channel: string): Promise<number[]> {
  const times: number[] = [];
  await Promise.all(
    instances.flatMap((r) =>
      Array.from({ length: perInstance }, () => r.take(channel).then(() => void times.push(performance.now()))),
    ),
  );
  return times;
}

describe.each(testDatabases())('send rates shared through %s', (kind) => {
  let db: ScratchDb;
  beforeAll(async () => {
    db = await scratchDb(kind);
  });
  afterAll(async () => {
    await db?.close();
  });

  const RATE = 20;

  it(`two instances together never exceed the channel's ${RATE}/s`, async () => {
    const a = new PgSendRates(db.ds, { whatsapp: RATE });
    const b = new PgSendRates(await db.connect(), { whatsapp: RATE });
    const times = await burst([a, b], 40, 'whatsapp');
    expect(times).toHaveLength(80);
    // Slots are 50 ms apart across both instances: any second holds at most RATE (+1 for a
    // timer that fired late across a window's edge), and 80 sends take about 4 s, not 2.
    expect(busiestWindow(times, 1000)).toBeLessThanOrEqual(RATE + 1);
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThanOrEqual((80 - RATE - 2) * (1000 / RATE));
    // Channels are independent.
    const other = await burst([a, b], 5, 'telegram');
    expect(other).toHaveLength(10);
  }, 30_000);

  it('one Telegram chat gets a message a second at most, from two instances, while other chats go at the channel rate', async () => {
    const a = new PgSendRates(db.ds, { telegram: 1000 }, 10, { telegram: 1 });
    const b = new PgSendRates(await db.connect(), { telegram: 1000 }, 10, { telegram: 1 });
    const start = performance.now();
    const times: Record<string, number[]> = { same: [], other: [] };
    // Four reminders of user 7 due together, two claimed by each instance; eight other users' one each.
    await Promise.all([
      ...[a, a, b, b].map((r) => r.take('telegram', 7).then(() => void times.same.push(performance.now() - start))),
      ...Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).take('telegram', 100 + i).then(() => void times.other.push(performance.now() - start))),
    ]);
    const same = times.same.sort((x, y) => x - y);
    // 1 s apart (a timer may fire a few ms early or late): the fourth goes about 3 s after the first.
    for (let i = 1; i < same.length; i++) expect(same[i] - same[i - 1]).toBeGreaterThan(900);
    expect(same[3] - same[0]).toBeGreaterThan(2800);
    // The other chats are not held up by user 7.
    expect(Math.max(...times.other)).toBeLessThan(800);
    // Without a recipient (WhatsApp, campaigns' own spacing) nothing is held per chat.
    const free = await burst([a, b], 3, 'telegram');
    expect(Math.max(...free) - Math.min(...free)).toBeLessThan(500);
    // One row per recipient, purged by retention once it is an hour in the past.
    expect((await db.ds.query(`SELECT channel FROM send_rates WHERE channel = 'telegram:u7'`))).toHaveLength(1);
  }, 30_000);

  it('the measure catches what per-instance buckets do: two instances send at twice the rate', async () => {
    const times = await burst([new LocalSendRates({ whatsapp: RATE }), new LocalSendRates({ whatsapp: RATE })], 40, 'whatsapp');
    expect(busiestWindow(times, 1000)).toBeGreaterThan(RATE + 1);
  });

  it('one instance alone (no Postgres) also spaces one chat a second apart', async () => {
    const r = new LocalSendRates({ telegram: 1000 }, 10, { telegram: 1 });
    const start = performance.now();
    const t: number[] = [];
    await Promise.all([r.take('telegram', 1), r.take('telegram', 1), r.take('telegram', 2)].map((p) => p.then(() => void t.push(performance.now() - start))));
    t.sort((x, y) => x - y);
    expect(t[1]).toBeLessThan(200); // the other chat at once
    expect(t[2]).toBeGreaterThan(900);
  });
});
