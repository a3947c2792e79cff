import { DataSource } from 'typeorm';
import { QuotaService } from '../../api/reminders/quota.service';
import type { DueReminder, ReminderDeliveryPort } from '../../api/reminders/reminder-delivery.port';
import { ReminderDispatcher } from '../../api/reminders/reminder-dispatcher';
import { RemindersService } from '../../api/reminders/reminders.service';
import { testDatabases } from '../support/test-db';
import { insertDue, insertUser, scratchDb, ScratchDb, waitFor } from './reminders-db';

const service = (ds: DataSource) => new RemindersService(ds, new QuotaService(ds));

/**
 * One user with a huge backlog of due reminders must not hold everyone else's back: the claim
 * serves every due user's oldest reminder before anyone's second.
 */
describe.each(testDatabases())('fair claim between users on %s', (kind) => {
  let db: ScratchDb;
  beforeAll(async () => {
    db = await scratchDb(kind);
  });
  afterAll(async () => {
    await db?.close();
  });
  beforeEach(async () => {
    await db.ds.query(`TRUNCATE reminders, reminder_deliveries, reminder_creations, users RESTART IDENTITY CASCADE`);
  });

  const backlog = kind === 'postgres' ? 20_000 : 3000;

  it(`a user with ${backlog} due reminders (due first) takes one slot per round of the batch`, async () => {
    const heavy = await insertUser(db.ds);
    const others = [await insertUser(db.ds), await insertUser(db.ds), await insertUser(db.ds)];
    await insertDue(db.ds, heavy.id, backlog, new Date(Date.now() - 60_000));
    for (const [i, u] of others.entries()) await insertDue(db.ds, u.id, 2, new Date(Date.now() - 1000 + i));
    const batch = await service(db.ds).claimDue('fair', 10, 30);
    expect(batch).toHaveLength(10);
    const byUser = (id: number) => batch.filter((r) => r.userId === id).length;
    // Round 1: each user's oldest (heavy first: its oldest is the oldest); round 2: each one's second; then heavy alone.
    expect(batch.slice(0, 4).map((r) => r.userId)).toEqual([heavy.id, ...others.map((u) => u.id)]);
    expect(batch.slice(4, 8).map((r) => r.userId)).toEqual([heavy.id, ...others.map((u) => u.id)]);
    for (const u of others) expect(byUser(u.id)).toBe(2);
    expect(byUser(heavy.id)).toBe(4);
    // A second claimant skips what the first holds.
    const next = await service(db.ds).claimDue('fair-2', 10, 30);
    expect(next.map((r) => r.userId)).toEqual(Array(10).fill(heavy.id));
    expect(new Set([...batch, ...next].map((r) => r.id)).size).toBe(20);
  });

  it('through the dispatcher: a late user is served within the first batch while the backlog drains', async () => {
    const heavy = await insertUser(db.ds);
    const late = await insertUser(db.ds);
    await insertDue(db.ds, heavy.id, kind === 'postgres' ? 5000 : 1000, new Date(Date.now() - 60_000));
    await insertDue(db.ds, late.id, 1, new Date(Date.now() - 1000));
    const order: DueReminder[] = [];
    const delivery: ReminderDeliveryPort = {
      channelFor: async () => 'simulator',
      deliver: async (r) => {
        order.push(r);
        return { ok: true };
      },
    };
    const d = new ReminderDispatcher(service(db.ds), delivery, { pollIntervalMs: 50, batchSize: 50, leaseSeconds: 30, maxAttempts: 3, rates: { simulator: 500 } });
    d.start();
    try {
      await waitFor(async () => order.some((r) => r.userId === late.id), 10_000, 10);
      // Unfair (oldest first) it would come after the whole backlog.
      expect(order.findIndex((r) => r.userId === late.id)).toBeLessThan(50);
    } finally {
      await d.stop(0);
    }
  });
});
