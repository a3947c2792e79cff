import type { ClaimedJob, CompletedJob, JobKind, JobQueue } from '../../api/jobs/job-kind';
import { JobRunner } from '../../api/jobs/job-runner';

/**
 * The runner's side of a store outage, against an in-memory queue whose every call can be made to
 * fail: the work a handler finished is recorded once the store answers again, never done twice,
 * and a completion the store refuses for one job holds up no other.
 */
interface Row {
  status: 'pending' | 'done' | 'failed';
  owner: string | null;
  leaseUntil: number;
  attempts: number;
}

class MemoryQueue implements JobQueue<ClaimedJob> {
  readonly rows = new Map<number, Row>();
  /** Every call fails until then (epoch ms). */
  downUntil = 0;
  /** complete() alone fails until then. */
  completeDownUntil = 0;
  /** complete() fails whenever the batch holds one of these (a row the store refuses). */
  readonly refused = new Set<number>();
  completeCalls = 0;

  constructor(n: number) {
    for (let id = 1; id <= n; id++) this.rows.set(id, { status: 'pending', owner: null, leaseUntil: 0, attempts: 0 });
  }

  private check(): void {
    if (Date.now() < this.downUntil) throw new Error('Connection terminated unexpectedly');
  }

  async claim(owner: string, limit: number, leaseSeconds: number) {
    this.check();
    const now = Date.now();
    const out: ClaimedJob[] = [];
    for (const [id, r] of this.rows) {
      if (out.length >= limit) break;
      if (r.status !== 'pending' || (r.owner && r.leaseUntil > now)) continue;
      r.owner = owner;
      r.leaseUntil = now + leaseSeconds * 1000;
      r.attempts++;
      out.push({ id, attempt: r.attempts });
    }
    return out;
  }

  async complete(owner: string, done: Array<CompletedJob<ClaimedJob, unknown>>) {
    this.completeCalls++;
    this.check();
    if (Date.now() < this.completeDownUntil) throw new Error('Connection terminated unexpectedly');
    if (done.some((d) => this.refused.has(Number(d.job.id)))) throw new Error('duplicate key value violates unique constraint');
    const marked: number[] = [];
    for (const d of done) {
      const r = this.rows.get(Number(d.job.id))!;
      if (r.status === 'pending' && r.owner === owner) {
        r.status = 'done';
        r.owner = null;
        marked.push(Number(d.job.id));
      }
    }
    return marked;
  }

  private write(owner: string, id: number, status: Row['status']): boolean {
    this.check();
    const r = this.rows.get(id)!;
    if (r.status !== 'pending' || r.owner !== owner) return false;
    r.status = status;
    r.owner = null;
    return true;
  }

  async retry(owner: string, job: ClaimedJob) {
    return this.write(owner, Number(job.id), 'pending');
  }

  async fail(owner: string, job: ClaimedJob) {
    return this.write(owner, Number(job.id), 'failed');
  }

  async renew(owner: string, ids: Array<number | string>, leaseSeconds: number) {
    this.check();
    let n = 0;
    for (const id of ids) {
      const r = this.rows.get(Number(id))!;
      if (r.status === 'pending' && r.owner === owner) {
        r.leaseUntil = Date.now() + leaseSeconds * 1000;
        n++;
      }
    }
    return n;
  }

  async release(owner: string, ids: Array<number | string>) {
    let n = 0;
    for (const id of ids) if (this.write(owner, Number(id), 'pending')) n++;
    return n;
  }

  async nextDueInMs() {
    this.check();
    const now = Date.now();
    const open = [...this.rows.values()].filter((r) => r.status === 'pending');
    if (!open.length) return null;
    return Math.min(...open.map((r) => (r.owner ? r.leaseUntil - now : 0)));
  }

  /** The job opened again as new (an edit replacing it): pending, unleased, no attempt counted. */
  reopen(id: number): void {
    this.rows.set(id, { status: 'pending', owner: null, leaseUntil: 0, attempts: 0 });
  }

  count(status: Row['status']): number {
    return [...this.rows.values()].filter((r) => r.status === status).length;
  }
}

class CountingKind implements JobKind<ClaimedJob> {
  readonly name = 'test';
  readonly handled = new Map<number, number>();
  onHandle?: (id: number) => void;
  /** How long handling a job takes, by id and run (1 for the first). */
  takes: (id: number, run: number) => number = () => 5;
  constructor(readonly queue: MemoryQueue) {}
  async handle(job: ClaimedJob) {
    const id = Number(job.id);
    this.handled.set(id, (this.handled.get(id) ?? 0) + 1);
    this.onHandle?.(id);
    await new Promise((r) => setTimeout(r, this.takes(id, this.handled.get(id)!)));
    return { ok: true as const };
  }
}

async function until(cond: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('job runner across a store outage (in-memory store)', () => {
  let runner: JobRunner<ClaimedJob> | undefined;
  afterEach(async () => {
    await runner?.stop(0);
    runner = undefined;
  });

  it('records work finished during an outage longer than the lease once the store is back, and never does it twice', async () => {
    const queue = new MemoryQueue(60);
    const kind = new CountingKind(queue);
    const errors: string[] = [];
    // The store goes away as soon as the first job has been worked on, for three leases; when
    // it is back, claims answer at once but completions only 300 ms later, and the lease renewal
    // (every 500 ms from the start) comes back after the next claim, so that claim certainly
    // takes back the runner's own lapsed leases before their completions land.
    kind.onHandle = () => {
      if (queue.downUntil) return;
      queue.downUntil = Date.now() + 1530;
      queue.completeDownUntil = queue.downUntil + 300;
    };
    runner = new JobRunner(kind, { pollIntervalMs: 20, batchSize: 20, maxInFlight: 40, leaseSeconds: 0.5, maxAttempts: 10 }, {
      log: () => undefined,
      warn: () => undefined,
      error: (m) => errors.push(m),
    });
    runner.start();
    await until(() => queue.count('done') === 60);

    expect([...kind.handled.values()].every((n) => n === 1)).toBe(true);
    expect(kind.handled.size).toBe(60);
    expect(runner.stats.done).toBe(60);
    expect(errors.filter((m) => m.includes('could not record'))).toEqual([]);
    // The outage did fall between the work and its record: completions were refused and retried.
    expect(queue.completeCalls).toBeGreaterThan(3);
    // ... and leases lapsed meanwhile and were taken back by this runner, which did not redo the work.
    expect([...queue.rows.values()].some((r) => r.attempts > 1)).toBe(true);
    expect(runner.isRunning).toBe(true);
  });

  it('a job opened again while it runs (replaced by an edit) is a new run: it is handled again', async () => {
    const queue = new MemoryQueue(3);
    const kind = new CountingKind(queue);
    let reopened = false;
    // Its first run is slow: the edit lands, and the job is claimed again, while it still runs.
    kind.takes = (id, run) => (id === 2 && run === 1 ? 300 : 5);
    kind.onHandle = (id) => {
      if (id === 2 && !reopened) {
        reopened = true;
        setTimeout(() => queue.reopen(2), 1);
      }
    };
    runner = new JobRunner(kind, { pollIntervalMs: 10, batchSize: 10, maxInFlight: 10, leaseSeconds: 30, maxAttempts: 10 });
    runner.start();
    await until(() => kind.handled.get(2) === 2 && queue.count('done') === 3 && runner!.holding === 0);
    expect(kind.handled.get(1)).toBe(1);
    expect(kind.handled.get(3)).toBe(1);
  });

  it('a completion the store refuses for one job is split off: every other job is recorded, none is done twice', async () => {
    const queue = new MemoryQueue(40);
    queue.refused.add(7);
    const kind = new CountingKind(queue);
    const errors: string[] = [];
    runner = new JobRunner(kind, { pollIntervalMs: 20, batchSize: 40, maxInFlight: 40, leaseSeconds: 30, maxAttempts: 10 }, {
      log: () => undefined,
      warn: () => undefined,
      error: (m) => errors.push(m),
    });
    runner.start();
    await until(() => queue.count('done') === 39 && runner!.holding === 0);

    expect(queue.rows.get(7)!.status).toBe('pending');
    expect(errors).toEqual([expect.stringContaining('could not record 1 finished job(s): duplicate key')]);
    expect([...kind.handled.values()].every((n) => n === 1)).toBe(true);
  });
});
