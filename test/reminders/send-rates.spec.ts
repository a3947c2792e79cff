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

  it('the measure catches what per-instance buckets do: two instances send at twice the rate', async () => {
    const times = await burst([new LocalSendRates({ whatsapp: RATE }), new LocalSendRates({ whatsapp: RATE })], 40, 'whatsapp');
    expect(busiestWindow(times, 1000)).toBeGreaterThan(RATE + 1);
  });
});
