import { JobRunner } from '../../api/jobs/job-runner';
import type { JobKind, JobOutcome } from '../../api/jobs/job-kind';
import { enqueueJob, PgJobQueue, TableJob } from '../../api/jobs/pg-job-queue';
import { testDatabases } from '../support/test-db';
import { scratchDb, ScratchDb, waitFor } from '../reminders/reminders-db';

/** A job kind on the shared jobs table, as campaign batches and voice rendering use it. */
class ScriptedKind implements JobKind<TableJob> {
  readonly name = 'test';
  readonly backoff = { baseMs: 30, maxMs: 100 };
  calls: Array<{ id: string; attempt: number; payload: Record<string, unknown> }> = [];
  gaveUp: string[] = [];
  constructor(
    readonly queue: PgJobQueue,
    private readonly outcome: (job: TableJob) => JobOutcome,
  ) {}
  async handle(job: TableJob) {
    this.calls.push({ id: job.id, attempt: job.attempt, payload: job.payload });
    return this.outcome(job);
  }
  async onGiveUp(job: TableJob) {
    this.gaveUp.push(job.id);
  }
}

describe.each(testDatabases())('jobs table on %s', (kind) => {
  let db: ScratchDb;
  const runners: JobRunner<TableJob>[] = [];
  beforeAll(async () => {
    db = await scratchDb(kind);
  });
  afterAll(async () => {
    await db?.close();
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop(0)));
    await db.ds.query(`TRUNCATE jobs`);
  });
  const run = (k: ScriptedKind, instanceId?: string) => {
    const r = new JobRunner(k, { pollIntervalMs: 20, batchSize: 50, leaseSeconds: 5, maxAttempts: 3, instanceId });
    runners.push(r);
    r.start();
    return r;
  };
  const statuses = async () => db.ds.query(`SELECT key, status, attempts, last_error FROM jobs ORDER BY id`);

  it('a key keeps one open job; replace moves its payload and time; a done key can be enqueued again', async () => {
    const later = new Date(Date.now() + 60_000);
    expect(await enqueueJob(db.ds, 'test', { n: 1 }, { key: 'a', runAt: later })).not.toBeNull();
    expect(await enqueueJob(db.ds, 'test', { n: 2 }, { key: 'a', runAt: later })).toBeNull();
    expect((await db.ds.query(`SELECT payload FROM jobs`))[0].payload).toEqual({ n: 1 });
    expect(await enqueueJob(db.ds, 'test', { n: 3 }, { key: 'a', replace: true })).not.toBeNull();
    const k = new ScriptedKind(new PgJobQueue(db.ds, 'test'), () => ({ ok: true }));
    run(k);
    await waitFor(async () => (await statuses())[0]?.status === 'done', 5000);
    expect(k.calls.map((c) => c.payload)).toEqual([{ n: 3 }]);
    expect(await enqueueJob(db.ds, 'test', { n: 4 }, { key: 'a' })).not.toBeNull();
    await waitFor(async () => (await statuses()).every((s: { status: string }) => s.status === 'done'), 5000);
    expect(await statuses()).toHaveLength(2);
  });

  it('a job replaced while it runs (an edit during its run) runs again with what replaced it, once it finishes', async () => {
    await db.ds.query(`TRUNCATE jobs RESTART IDENTITY`);
    expect(await enqueueJob(db.ds, 'test', { n: 1 }, { key: 'r' })).not.toBeNull();
    let release!: () => void;
    const firstRunHeld = new Promise<void>((r) => (release = r));
    const k = new ScriptedKind(new PgJobQueue(db.ds, 'test'), () => ({ ok: true }));
    const handle = k.handle.bind(k);
    // The first run waits until the job has been replaced under it.
    k.handle = async (job) => {
      if (job.payload.n === 1) await firstRunHeld;
      return handle(job);
    };
    run(k);
    await waitFor(async () => (await db.ds.query(`SELECT lease_owner FROM jobs`))[0]?.lease_owner !== null, 5000);
    expect(await enqueueJob(db.ds, 'test', { n: 2 }, { key: 'r', replace: true })).not.toBeNull();
    release();
    await waitFor(async () => k.calls.length === 2 && (await statuses())[0]?.status === 'done', 5000);
    expect(k.calls.map((c) => c.payload)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(await statuses()).toHaveLength(1);
  });

  it('retries with backoff, gives up after the last attempt (calling the hook), and leaves other kinds alone', async () => {
    await enqueueJob(db.ds, 'test', {}, { key: 'flaky' });
    await enqueueJob(db.ds, 'test', {}, { key: 'broken' });
    await enqueueJob(db.ds, 'other', {}, { key: 'x' });
    const k = new ScriptedKind(new PgJobQueue(db.ds, 'test'), (job) =>
      job.key === 'broken' ? { ok: false, retryable: true, error: 'still down' } : job.attempt < 2 ? { ok: false, retryable: true, error: 'blip' } : { ok: true },
    );
    run(k);
    await waitFor(async () => (await statuses()).filter((s: { status: string }) => s.status !== 'pending').length === 2, 5000);
    expect(await statuses()).toEqual([
      { key: 'flaky', status: 'done', attempts: 2, last_error: null },
      { key: 'broken', status: 'failed', attempts: 3, last_error: 'still down' },
      { key: 'x', status: 'pending', attempts: 0, last_error: null },
    ]);
    expect(k.gaveUp).toHaveLength(1);
  });

  it('two runners share the work: each job done once', async () => {
    const n = kind === 'postgres' ? 400 : 100;
    for (let i = 0; i < n; i += 100) {
      await db.ds.query(`INSERT INTO jobs (kind, key, payload) SELECT 'test', 'k' || g, '{}' FROM generate_series($1::int, $2::int) g`, [i, i + 99]);
    }
    const ds2 = await db.connect();
    const a = new ScriptedKind(new PgJobQueue(db.ds, 'test'), () => ({ ok: true }));
    const b = new ScriptedKind(new PgJobQueue(ds2, 'test'), () => ({ ok: true }));
    run(a);
    run(b);
    await waitFor(async () => (await db.ds.query(`SELECT count(*)::int AS n FROM jobs WHERE status = 'done'`))[0].n === n, 20_000);
    const ids = [...a.calls, ...b.calls].map((c) => c.id);
    expect(new Set(ids).size).toBe(n);
    expect(ids).toHaveLength(n);
  });
});
