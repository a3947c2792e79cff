import { Client } from 'pg';
import { QuotaService } from '../../api/reminders/quota.service';
import { RecordingReminderDelivery } from '../../api/reminders/recording-reminder-delivery';
import { ReminderDispatcher } from '../../api/reminders/reminder-dispatcher';
import { RemindersService } from '../../api/reminders/reminders.service';
import { insertDue, insertUser, scratchDb, ScratchDb, waitFor } from '../reminders/reminders-db';

/**
 * The database goes away under a running job runner, as in a PostgreSQL restart: every server
 * connection of the database is terminated, again and again for a while (reconnections fail too),
 * in the middle of a run. The runner (here running the reminders kind: every kind shares this
 * code) must neither crash nor stop: once the database answers again it finishes the work, with
 * nothing lost and no reminder left leased. A restart cannot tell whether a commit just before it
 * landed, so the only duplicates allowed are those the group-commit window allows after any crash:
 * at most the reminders held in flight at once.
 *
 * Real PostgreSQL only: the embedded database lives inside the process and cannot restart alone.
 */
const run = process.env.TEST_DATABASE_URL ? describe : describe.skip;

run('job runner across a database outage (PostgreSQL)', () => {
  let db: ScratchDb;
  let admin: Client;
  let dispatcher: ReminderDispatcher | undefined;
  const TOTAL = 1500;
  const MAX_IN_FLIGHT = 40;

  beforeAll(async () => {
    db = await scratchDb('postgres');
    admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });

  afterAll(async () => {
    await dispatcher?.stop(0);
    await admin?.end();
    await db?.close();
  });

  /** What a restart does to the clients of one database: every backend is gone. */
  async function terminateAll(): Promise<number> {
    const rows = await admin.query(`SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [
      new URL(db.url).pathname.slice(1),
    ]);
    return rows.rowCount ?? 0;
  }

  it('finishes every reminder after the connections were cut for two seconds mid-run, and stays up', async () => {
    const user = await insertUser(db.ds);
    await insertDue(db.ds, user.id, TOTAL);
    const ds = await db.connect();
    const delivery = new RecordingReminderDelivery(ds);
    dispatcher = new ReminderDispatcher(new RemindersService(ds, new QuotaService(ds)), delivery, {
      pollIntervalMs: 50,
      batchSize: 20,
      maxInFlight: MAX_IN_FLIGHT,
      leaseSeconds: 2,
      maxAttempts: 50,
      rates: { simulator: 100_000 },
      backoff: { baseMs: 50, maxMs: 500 },
    });
    delivery.deliveredBy = dispatcher.instanceId;
    dispatcher.start();

    const delivered = async () => (await db.ds.query(`SELECT count(DISTINCT reminder_id)::int AS n FROM reminder_deliveries`))[0].n as number;
    await waitFor(async () => (await delivered()) >= 100, 60_000);
    const before = await delivered();
    expect(before).toBeLessThan(TOTAL); // the outage falls in the middle of the run

    // The outage: cut every connection, and keep cutting reconnections for two seconds.
    let cut = 0;
    const until = Date.now() + 2000;
    while (Date.now() < until) {
      cut += await terminateAll();
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(cut).toBeGreaterThan(0);

    await waitFor(async () => {
      try {
        const [row] = await db.ds.query(`SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent FROM reminders`);
        return row.sent === TOTAL;
      } catch {
        return false; // this pool's connections were cut too; it reconnects on the next query
      }
    }, 120_000, 200);

    expect(dispatcher.isRunning).toBe(true);
    const [c] = await db.ds.query(
      `SELECT (SELECT count(*) FROM reminder_deliveries)::int AS deliveries,
              (SELECT count(DISTINCT reminder_id) FROM reminder_deliveries)::int AS distinct_delivered,
              (SELECT count(*) FROM reminders WHERE status <> 'sent')::int AS not_sent,
              (SELECT count(*) FROM reminders WHERE lease_owner IS NOT NULL)::int AS leased`,
    );
    expect(c.distinct_delivered).toBe(TOTAL);
    expect(c.not_sent).toBe(0);
    expect(c.leased).toBe(0);
    expect(c.deliveries - c.distinct_delivered).toBeLessThanOrEqual(MAX_IN_FLIGHT);
  });
});
