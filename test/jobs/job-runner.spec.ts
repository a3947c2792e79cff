import { DataSource } from 'typeorm';
import { QuotaService } from '../../api/reminders/quota.service';
import { RecordingReminderDelivery } from '../../api/reminders/recording-reminder-delivery';
import type { DeliveryOutcome, DueReminder, ReminderDeliveryPort } from '../../api/reminders/reminder-delivery.port';
import { DispatcherOptions, ReminderDispatcher } from '../../api/reminders/reminder-dispatcher';
import { RemindersService } from '../../api/reminders/reminders.service';
import { testDatabases } from '../support/test-db';
import { insertDue, insertUser, scratchDb, ScratchDb, waitFor } from '../reminders/reminders-db';

const options = (o: Partial<DispatcherOptions> = {}): DispatcherOptions => ({
  pollIntervalMs: 100,
  batchSize: 200,
  leaseSeconds: 30,
  maxAttempts: 5,
  rates: { simulator: 100_000 },
  backoff: { baseMs: 40, maxMs: 1000 },
  ...o,
});

/** A delivery port that answers with a scripted outcome and keeps every call. */
class ScriptedDelivery implements ReminderDeliveryPort {
  calls: DueReminder[] = [];
  constructor(private readonly outcome: (r: DueReminder) => DeliveryOutcome | Promise<DeliveryOutcome>) {}
  async channelFor() {
    return 'telegram';
  }
  async deliver(r: DueReminder) {
    this.calls.push(r);
    return this.outcome(r);
  }
}

const service = (ds: DataSource) => new RemindersService(ds, new QuotaService(ds));

async function counts(ds: DataSource) {
  const [row] = await ds.query(
    `SELECT (SELECT count(*) FROM reminder_deliveries)::int AS deliveries,
            (SELECT count(DISTINCT reminder_id) FROM reminder_deliveries)::int AS distinct_delivered,
            (SELECT count(*) FROM reminders WHERE status = 'sent')::int AS sent,
            (SELECT count(*) FROM reminders WHERE status = 'pending')::int AS pending`,
  );
  return row as { deliveries: number; distinct_delivered: number; sent: number; pending: number };
}

describe.each(testDatabases())('ReminderDispatcher on %s', (kind) => {
  let db: ScratchDb;
  const running: ReminderDispatcher[] = [];

  beforeAll(async () => {
    db = await scratchDb(kind);
  });
  afterAll(async () => {
    await db?.close();
  });
  beforeEach(async () => {
    await db.ds.query(`TRUNCATE reminders, reminder_deliveries, reminder_creations, users RESTART IDENTITY CASCADE`);
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((d) => d.stop(0)));
  });

  function dispatcher(ds: DataSource, delivery: ReminderDeliveryPort, o?: Partial<DispatcherOptions>) {
    const d = new ReminderDispatcher(service(ds), delivery, options(o));
    if (delivery instanceof RecordingReminderDelivery) delivery.deliveredBy = d.instanceId;
    running.push(d);
    return d;
  }

  // PGlite runs one transaction at a time; the full-size race runs on real Postgres.
  const many = kind === 'postgres' ? 5000 : 300;

  it(`two instances, each with its own pool, deliver ${many} due reminders exactly once`, async () => {
    const user = await insertUser(db.ds);
    await insertDue(db.ds, user.id, many);
    const ds2 = await db.connect();
    // The first instance holds its first deliveries until the second has handed one over, so the
    // two really run at once: on a busy machine the first could otherwise clear the whole backlog
    // before the second's first claim (seen once in CI), and the race would go untested.
    let secondStarted!: () => void;
    const secondFirst = new Promise<void>((resolve) => (secondStarted = resolve));
    const recA = new RecordingReminderDelivery(db.ds);
    const recB = new RecordingReminderDelivery(ds2);
    const a = dispatcher(db.ds, {
      channelFor: () => recA.channelFor(),
      deliver: async (r) => {
        await Promise.race([secondFirst, new Promise((resolve) => setTimeout(resolve, 15_000))]);
        return recA.deliver(r);
      },
    });
    const b = dispatcher(ds2, {
      channelFor: () => recB.channelFor(),
      deliver: (r) => {
        secondStarted();
        return recB.deliver(r);
      },
    });
    recA.deliveredBy = a.instanceId;
    recB.deliveredBy = b.instanceId;
    a.start();
    b.start();
    await waitFor(async () => (await counts(db.ds)).sent === many, 60_000, 100);
    const c = await counts(db.ds);
    expect(c).toEqual({ deliveries: many, distinct_delivered: many, sent: many, pending: 0 });
    // Both took part (SKIP LOCKED spreads the work), and every row says who sent it.
    const by: Array<{ delivered_by: string; n: number }> = await db.ds.query(`SELECT delivered_by, count(*)::int AS n FROM reminder_deliveries GROUP BY 1`);
    expect(by.map((r) => r.delivered_by).sort()).toEqual([a.instanceId, b.instanceId].sort());
    const [{ leased }] = await db.ds.query(`SELECT count(*)::int AS leased FROM reminders WHERE lease_owner IS NOT NULL`);
    expect(leased).toBe(0);
  });

  it('an instance that crashed after claiming leaves its reminders to another once the lease expires', async () => {
    const user = await insertUser(db.ds);
    await insertDue(db.ds, user.id, 50);
    // The "crashed" instance: claimed under a 2 s lease, then never delivered nor released.
    const crashed = await service(db.ds).claimDue('crashed-instance', 30, 2);
    expect(crashed).toHaveLength(30);
    const survivor = dispatcher(await db.connect(), new RecordingReminderDelivery(db.ds), { pollIntervalMs: 50 });
    survivor.start();
    // The 20 unclaimed ones go at once; the 30 leased ones must wait for the lease.
    await waitFor(async () => (await counts(db.ds)).sent === 20, 10_000);
    const [{ early }] = await db.ds.query(`SELECT count(*)::int AS early FROM reminder_deliveries WHERE reminder_id = ANY($1)`, [crashed.map((r) => r.id)]);
    expect(early).toBe(0);
    await waitFor(async () => (await counts(db.ds)).sent === 50, 10_000);
    const rows: Array<{ attempts: number; n: number }> = await db.ds.query(
      `SELECT attempts, count(*)::int AS n FROM reminders WHERE id = ANY($1) GROUP BY attempts`,
      [crashed.map((r) => r.id)],
    );
    expect(rows).toEqual([{ attempts: 2, n: 30 }]); // the lost attempt is counted
    expect((await counts(db.ds)).deliveries).toBe(50);
    // The crashed owner's late write is refused: it no longer holds the lease.
    expect(await service(db.ds).markSent('crashed-instance', crashed.map((r) => ({ id: r.id, at: new Date(), channel: 'simulator' })))).toEqual([]);
  });

  it('retries with backoff, then fails after the last attempt; a permanent failure fails at once', async () => {
    const user = await insertUser(db.ds);
    await insertDue(db.ds, user.id, 2);
    const [retryable, permanent] = (await db.ds.query(`SELECT id FROM reminders ORDER BY id`)).map((r: { id: number }) => r.id);
    const delivery = new ScriptedDelivery((r) =>
      r.id === retryable ? { ok: false, retryable: true, error: 'HTTP 503 from provider' } : { ok: false, retryable: false, error: 'User blocked the bot' },
    );
    dispatcher(db.ds, delivery, { maxAttempts: 3, pollIntervalMs: 20 }).start();
    await waitFor(async () => (await db.ds.query(`SELECT count(*)::int AS n FROM reminders WHERE status = 'failed'`))[0].n === 2, 10_000);
    const rows = await db.ds.query(`SELECT id, status, attempts, last_error, failed_at, status_changed_at, channel FROM reminders ORDER BY id`);
    expect(rows[0]).toMatchObject({ id: retryable, status: 'failed', attempts: 3, last_error: 'HTTP 503 from provider', channel: 'telegram' });
    expect(rows[1]).toMatchObject({ id: permanent, status: 'failed', attempts: 1, last_error: 'User blocked the bot' });
    expect(rows[0].failed_at).toBeInstanceOf(Date);
    const tries = delivery.calls.filter((c) => c.id === retryable);
    expect(tries.map((c) => c.attempt)).toEqual([1, 2, 3]);
    expect(delivery.calls.filter((c) => c.id === permanent)).toHaveLength(1);
  });

  it('honours Retry-After and succeeds on a later attempt', async () => {
    const user = await insertUser(db.ds);
    await insertDue(db.ds, user.id, 1);
    const times: number[] = [];
    const delivery = new ScriptedDelivery(() => {
      times.push(Date.now());
      return times.length === 1 ? { ok: false, retryable: true, error: '429', retryAfterMs: 700 } : { ok: true, providerMessageId: 'msg-1' };
    });
    dispatcher(db.ds, delivery, { pollIntervalMs: 20 }).start();
    await waitFor(async () => (await db.ds.query(`SELECT status FROM reminders`))[0].status === 'sent', 10_000);
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(650);
    const [row] = await db.ds.query(`SELECT attempts, provider_message_id, sent_at FROM reminders`);
    expect(row).toMatchObject({ attempts: 2, provider_message_id: 'msg-1' });
  });

  it('a graceful stop gives in-flight leases back untried', async () => {
    const user = await insertUser(db.ds);
    await insertDue(db.ds, user.id, 3);
    const never = new ScriptedDelivery(() => new Promise<DeliveryOutcome>(() => undefined));
    const d = dispatcher(db.ds, never);
    d.start();
    await waitFor(async () => never.calls.length === 3, 5_000);
    await d.stop(100);
    const rows = await db.ds.query(`SELECT status, attempts, lease_owner FROM reminders`);
    expect(rows).toEqual([
      { status: 'pending', attempts: 0, lease_owner: null },
      { status: 'pending', attempts: 0, lease_owner: null },
      { status: 'pending', attempts: 0, lease_owner: null },
    ]);
  });

  it('hands a reminder over within a second of its due time', async () => {
    const user = await insertUser(db.ds, { plan: 'premium' });
    const delivery = new ScriptedDelivery(() => ({ ok: true }));
    const d = dispatcher(db.ds, delivery, { pollIntervalMs: 5000 });
    d.start();
    const reminders = service(db.ds);
    const due = new Date(Date.now() + 1500);
    await reminders.createForUser(user as any, { subject: 'Wake up', dueAt: due, source: 'bot' });
    // The poll is 5 s: only the wake-up timer (set from the next due instant) can make it in time.
    d.hint(due.getTime());
    await waitFor(async () => delivery.calls.length === 1, 4000, 10);
    const lateness = Date.now() - due.getTime();
    expect(lateness).toBeGreaterThanOrEqual(-5);
    expect(lateness).toBeLessThan(1000);
  });
});
