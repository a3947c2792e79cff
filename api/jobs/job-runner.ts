/**
 * THE durable job runner: every kind of background work (due reminders, inbound events, voice
 * rendering ahead, campaign batches) runs on it, so claiming under a lease, renewing the lease,
 * backing off, giving up and waking up are written once, here, with their crash tests
 * (test/jobs/job-runner-crash.spec.ts, test/jobs/job-runner.spec.ts).
 *
 * ## How to add a job kind
 *
 * A job kind is a handler plus its table (or query):
 *
 * 1. Storage. Either
 *    - use the shared `jobs` table (api/jobs/job.entity.ts) through `PgJobQueue`: nothing to
 *      migrate; enqueue with `JobsService.enqueue(kind, payload, { runAt, key })` (a `key` makes the
 *      enqueue idempotent: one open job per key); or
 *    - give your own table the lease columns (`status`, `attempts`, `next_attempt_at`,
 *      `lease_owner`, `lease_until`, `last_error`, an index on `next_attempt_at` WHERE open) and
 *      implement `JobQueue` (api/jobs/job-kind.ts) with a claim query that uses
 *      `FOR UPDATE SKIP LOCKED` and makes every write conditional on `lease_owner = owner`
 *      (see RemindersService's dispatcher half, or bot/conversation/intake/intake-jobs.ts).
 * 2. Handler. Implement `JobKind.handle(job)`: do the work, return `{ ok: true }`, or
 *    `{ ok: false, retryable, error, retryAfterMs? }`. It may run again after a crash (at-least-once):
 *    make its effects idempotent, or record progress as you go (a reminder records each part it
 *    sent). Work longer than the lease is fine: the runner renews leases while the handler runs.
 * 3. Run it: in a Nest provider, `runJobKind(kind, options, wake)` from api/jobs/job-host.ts
 *    starts a `JobRunner` after bootstrap and stops it (releasing its leases) on shutdown; wake it
 *    with `runner.hint(epochMs)` / `runner.kick()` and, on real Postgres, a NOTIFY channel
 *    (`PgJobQueue` NOTIFYs `jobs_<kind>` on enqueue; `JobHost` listens to it).
 *
 * ## Guarantees
 *
 * Postgres is the only truth; timers here are wake-up hints. A job is worked on by its lease
 * holder only. Leases are short (DISPATCHER_LEASE_SECONDS, 10 s by default) and renewed every
 * third of that while the job is in memory, so a killed instance's jobs are taken over by another
 * within one lease (plus one poll), while a slow job on a live instance is never taken from it.
 * Completions are group-committed (a few ms): a crash between the handler's effect and that
 * commit means the job runs again after the lease expires (at-least-once across crashes,
 * exactly-once otherwise). A store outage is not a crash: a finished job stays held (its slot
 * taken) and its completion is retried until the store answers again (up to
 * COMPLETE_RETRY_MS), and a job the runner takes back after its own lease lapsed meanwhile is
 * not handled a second time. A completion the store answers but refuses (a row that cannot be
 * written) is split off from its batch so it holds up no other job.
 */
import { randomUUID } from 'node:crypto';
import * as os from 'node:os';
import { BackoffPolicy, DEFAULT_BACKOFF, retryDelayMs } from './backoff';
import type { ClaimedJob, CompletedJob, JobKind, JobOutcome } from './job-kind';

export interface JobRunnerOptions {
  pollIntervalMs: number;
  batchSize: number;
  leaseSeconds: number;
  /** Tries before giving up (a retryable failure on the last one, or a lease that expired that often). */
  maxAttempts: number;
  /** Jobs held (claimed, not yet settled) at once; default 2 × batchSize. */
  maxInFlight?: number;
  /** Lease owner id; default host-pid-random. */
  instanceId?: string;
  /** Overrides the kind's backoff (tests). */
  backoff?: BackoffPolicy;
}

export interface JobLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface JobStats {
  claimed: number;
  done: number;
  retried: number;
  failed: number;
  lostLease: number;
  released: number;
}

const silent: JobLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };
const MAX_TIMER_MS = 60_000;
const DONE_FLUSH_SIZE = 200;
const DONE_FLUSH_MS = 5;
/** How long a finished job's completion is retried while the store is unreachable. */
const COMPLETE_RETRY_MS = 5 * 60_000;

export function newInstanceId(): string {
  return `${os.hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`.slice(0, 64);
}

export class JobRunner<J extends ClaimedJob, D = unknown> {
  readonly instanceId: string;
  private running = false;
  private loop?: Promise<void>;
  private readonly inFlight = new Map<J['id'], { job: J; renewedAt: number }>();
  private pendingDone: Array<CompletedJob<J, D>> = [];
  private flushTimer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  private renewTimer?: NodeJS.Timeout;
  private wakeTimer?: NodeJS.Timeout;
  private wakeAt = Infinity;
  private wakeUp?: () => void;
  /** A wake that arrived while the loop was busy: the next sleep is skipped. */
  private woken = false;
  private slotFreed?: () => void;
  private readonly maxInFlight: number;
  private readonly refillAt: number;
  private readonly backoff: BackoffPolicy;
  /** Counters for logs, tests and benches. */
  readonly stats: JobStats = { claimed: 0, done: 0, retried: 0, failed: 0, lostLease: 0, released: 0 };

  constructor(
    readonly kind: JobKind<J, D>,
    private readonly options: JobRunnerOptions,
    private readonly logger: JobLogger = silent,
  ) {
    this.instanceId = (options.instanceId ?? newInstanceId()).slice(0, 64);
    this.maxInFlight = options.maxInFlight ?? options.batchSize * 2;
    this.refillAt = Math.max(1, Math.floor(Math.min(this.maxInFlight, options.batchSize) / 4));
    this.backoff = options.backoff ?? kind.backoff ?? DEFAULT_BACKOFF;
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** Jobs held right now. */
  get holding(): number {
    return this.inFlight.size;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    const renewEvery = Math.max(500, (this.options.leaseSeconds * 1000) / 3);
    this.renewTimer = setInterval(() => void this.renewLeases(), renewEvery);
    this.renewTimer.unref?.();
    this.loop = this.run();
  }

  /**
   * Stops claiming, lets in-flight jobs finish for up to `graceMs`, then gives the remaining
   * leases back so another instance takes them at once.
   */
  async stop(graceMs = 5000): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.kick();
    await this.loop;
    const deadline = Date.now() + graceMs;
    while (this.inFlight.size && Date.now() < deadline) await sleep(20);
    await this.flushDone();
    clearInterval(this.renewTimer);
    clearTimeout(this.wakeTimer);
    const left = [...this.inFlight.keys()];
    if (left.length) {
      this.stats.released += await this.kind.queue.release(this.instanceId, left).catch(() => 0);
      this.logger.warn(`${this.kind.name}: released ${left.length} lease(s) still in flight at stop`);
    }
  }

  /** Something is (or will be) claimable at `atMs` (epoch ms): wake then instead of at the next poll. */
  hint(atMs: number): void {
    if (!this.running) return;
    this.scheduleWake(atMs - Date.now());
  }

  /** Claim now. */
  kick(): void {
    const w = this.wakeUp;
    this.wakeUp = undefined;
    if (w) w();
    else this.woken = true;
    const f = this.slotFreed;
    this.slotFreed = undefined;
    f?.();
  }

  private async run(): Promise<void> {
    while (this.running) {
      let claimedFull = false;
      this.woken = false;
      try {
        const room = this.maxInFlight - this.inFlight.size;
        // While busy, claim again only once a quarter of the slots are free: jobs that finish one
        // by one (each voice note made on the spot) would otherwise cost a claim, its preparation
        // and a look-up of the next due instant for every single job.
        if (room <= 0 || (this.inFlight.size > 0 && room < this.refillAt)) {
          await new Promise<void>((r) => (this.slotFreed = r));
          continue;
        }
        const want = Math.min(this.options.batchSize, room);
        const batch = await this.kind.queue.claim(this.instanceId, want, this.options.leaseSeconds);
        const now = Date.now();
        for (const job of batch) {
          const held = this.inFlight.get(job.id);
          if (held && this.tookBackOwn(held, job, now)) {
            // Ours already: its lease lapsed while the store was unreachable and this claim took
            // it back. It is being handled (or its completion retried): handling it again would
            // do the work twice.
            held.renewedAt = now;
            continue;
          }
          this.stats.claimed++;
          this.inFlight.set(job.id, { job, renewedAt: now });
          void this.handle(job);
        }
        claimedFull = batch.length === want;
        if (!claimedFull) {
          const next = await this.kind.queue.nextDueInMs();
          if (next !== null) this.scheduleWake(next);
        }
      } catch (e) {
        this.logger.error(`${this.kind.name}: claim cycle failed: ${(e as Error).message}`);
      }
      if (!this.running) break;
      if (claimedFull) continue;
      await this.sleepUntilWoken(this.options.pollIntervalMs);
    }
  }

  /**
   * Whether a claimed job this runner holds is its own lapsed lease taken back (its renewals failed
   * for a whole lease, and the claim counted one more attempt) rather than the job opened again
   * while it ran (an edit that replaced it: a new run, handled as such).
   */
  private tookBackOwn(held: { job: J; renewedAt: number }, job: J, now: number): boolean {
    return now - held.renewedAt >= this.options.leaseSeconds * 1000 && job.attempt > held.job.attempt;
  }

  private async handle(job: J): Promise<void> {
    try {
      if (job.attempt > this.options.maxAttempts) {
        // Its lease expired that many times (instances died while holding it): stop trying.
        await this.giveUp(job, 'Gave up: the work never completed within its lease');
        return;
      }
      let outcome: JobOutcome<D>;
      try {
        outcome = await this.kind.handle(job, { owner: this.instanceId });
      } catch (e) {
        outcome = { ok: false, retryable: true, error: (e as Error)?.message ?? String(e) };
      }
      if (outcome.ok) {
        this.pendingDone.push({ job, at: new Date(), detail: outcome.detail });
        this.scheduleFlush();
        return; // settled when the flush commits
      }
      if ('leaseLost' in outcome) {
        this.stats.lostLease++;
      } else if (outcome.retryable && job.attempt < this.options.maxAttempts) {
        const delay = retryDelayMs(job.attempt, this.backoff, outcome.retryAfterMs);
        if (await this.kind.queue.retry(this.instanceId, job, delay, outcome.error, outcome.detail)) this.stats.retried++;
        else this.stats.lostLease++;
        this.hint(Date.now() + delay);
      } else {
        await this.giveUp(job, outcome.error, outcome.detail);
        return;
      }
    } catch (e) {
      // Store unreachable: keep nothing in memory; the lease expires and the job is tried again.
      this.logger.error(`${this.kind.name} job ${job.id}: ${(e as Error).message}`);
    }
    this.settle(job.id);
  }

  private async giveUp(job: J, error: string, detail?: D): Promise<void> {
    try {
      await this.kind.onGiveUp?.(job, error).catch((e) => this.logger.warn(`${this.kind.name} job ${job.id}: give-up hook failed: ${(e as Error).message}`));
      if (await this.kind.queue.fail(this.instanceId, job, error, detail)) this.stats.failed++;
      else this.stats.lostLease++;
    } finally {
      this.settle(job.id);
    }
  }

  private settle(id: J['id']): void {
    this.inFlight.delete(id);
    const freed = this.slotFreed;
    this.slotFreed = undefined;
    freed?.();
  }

  private scheduleFlush(): void {
    if (this.pendingDone.length >= DONE_FLUSH_SIZE) {
      void this.flushDone();
      return;
    }
    if (!this.flushTimer) this.flushTimer = setTimeout(() => void this.flushDone(), DONE_FLUSH_MS);
  }

  private flushDone(): Promise<void> {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const items = this.pendingDone;
    this.pendingDone = [];
    if (!items.length) return this.flushing;
    // Flushes run one after another so a slow one does not pile up connections.
    this.flushing = this.flushing.then(async () => {
      await this.commitDone(items, Date.now() + COMPLETE_RETRY_MS);
      for (const i of items) this.settle(i.job.id);
    });
    return this.flushing;
  }

  /**
   * Records finished jobs. The work is done, so giving up here means doing it again once the
   * lease lapses: while the store is unreachable the commit is retried (the jobs stay held), for
   * up to `deadline` or until the runner stops. A batch that keeps failing is split in halves, so
   * a job whose completion the store refuses holds up no other; such a job is given up once the
   * store has been seen answering other queries three times while still refusing it.
   */
  private async commitDone(items: Array<CompletedJob<J, D>>, deadline: number): Promise<void> {
    let refusals = 0; // failures while the store answered other queries
    for (let attempt = 1; ; attempt++) {
      try {
        const marked = new Set(await this.kind.queue.complete(this.instanceId, items));
        this.stats.done += marked.size;
        this.stats.lostLease += items.length - marked.size;
        return;
      } catch (e) {
        const persevere = this.running && Date.now() < deadline;
        if (persevere && items.length > 1 && attempt >= 2) {
          const half = Math.ceil(items.length / 2);
          await this.commitDone(items.slice(0, half), deadline);
          await this.commitDone(items.slice(half), deadline);
          return;
        }
        if (attempt >= 3 && persevere && (await this.storeAnswers())) refusals++;
        if (attempt >= 3 && (!persevere || refusals >= 3)) {
          this.logger.error(`${this.kind.name}: could not record ${items.length} finished job(s): ${(e as Error).message}`);
          return;
        }
        await sleep(Math.min(100 * attempt, 1000));
      }
    }
  }

  /** Whether the store answers a plain read (tells an outage from a write it refuses). */
  private storeAnswers(): Promise<boolean> {
    return this.kind.queue.nextDueInMs().then(
      () => true,
      () => false,
    );
  }

  private async renewLeases(): Promise<void> {
    const threshold = Date.now() - (this.options.leaseSeconds * 1000) / 3;
    const ids = [...this.inFlight.entries()].filter(([, v]) => v.renewedAt <= threshold).map(([id]) => id);
    if (!ids.length) return;
    try {
      await this.kind.queue.renew(this.instanceId, ids, this.options.leaseSeconds);
      const now = Date.now();
      for (const id of ids) {
        const f = this.inFlight.get(id);
        if (f) f.renewedAt = now;
      }
    } catch (e) {
      this.logger.warn(`${this.kind.name}: lease renewal failed: ${(e as Error).message}`);
    }
  }

  private scheduleWake(inMs: number): void {
    const delay = Math.max(0, Math.min(MAX_TIMER_MS, inMs));
    const at = Date.now() + delay;
    if (at >= this.wakeAt) return;
    clearTimeout(this.wakeTimer);
    this.wakeAt = at;
    this.wakeTimer = setTimeout(() => {
      this.wakeAt = Infinity;
      this.kick();
    }, delay);
    this.wakeTimer.unref?.();
  }

  private sleepUntilWoken(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const t = setTimeout(done, ms);
      t.unref?.();
      this.wakeUp = done;
      function done() {
        clearTimeout(t);
        resolve();
      }
    });
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
