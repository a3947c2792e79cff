import type { BackoffPolicy } from './backoff';

/** What every claimed job carries: its key in its table and which try this is (1 for the first). */
export interface ClaimedJob {
  id: number | string;
  attempt: number;
}

/** What a handler reports. `detail` travels to the queue's write (e.g. the channel a reminder went on). */
export type JobOutcome<D = unknown> =
  | { ok: true; detail?: D }
  | { ok: false; retryable: boolean; error: string; retryAfterMs?: number; detail?: D }
  /** The handler found it no longer holds the lease (another instance owns the job now): write nothing. */
  | { ok: false; leaseLost: true };

export interface CompletedJob<J extends ClaimedJob, D> {
  job: J;
  at: Date;
  detail?: D;
}

/**
 * The table (or query) half of a job kind. Every write is conditional on `owner` still holding
 * the job's lease (`lease_owner = owner AND lease_until IS NOT NULL` and the job still open), so a
 * holder that lost its lease (it stalled, another instance took the job) changes nothing.
 */
export interface JobQueue<J extends ClaimedJob, D = unknown> {
  /** Leases up to `limit` claimable jobs for `leaseSeconds` with FOR UPDATE SKIP LOCKED, counting the attempt. */
  claim(owner: string, limit: number, leaseSeconds: number): Promise<J[]>;
  /** Marks jobs done (group-committed by the runner); returns the ids actually marked. */
  complete(owner: string, done: Array<CompletedJob<J, D>>): Promise<Array<J['id']>>;
  /** Gives the job back to be tried again in `delayMs`. */
  retry(owner: string, job: J, delayMs: number, error: string, detail?: D): Promise<boolean>;
  /** Gives up on the job for good. */
  fail(owner: string, job: J, error: string, detail?: D): Promise<boolean>;
  /** Extends the leases of jobs still being worked on; returns how many were extended. */
  renew(owner: string, ids: Array<J['id']>, leaseSeconds: number): Promise<number>;
  /** Gives leases back untried (graceful stop): the attempt is not counted. */
  release(owner: string, ids: Array<J['id']>): Promise<number>;
  /** Milliseconds until the next job becomes claimable by the database clock (≤ 0: now), null if none. */
  nextDueInMs(): Promise<number | null>;
}

export interface JobContext {
  /** The lease owner (the runner's instance id), for a handler's own conditional writes. */
  owner: string;
}

/** A kind of durable work: its queue plus the handler that does one job. */
export interface JobKind<J extends ClaimedJob, D = unknown> {
  /** Short name for logs and stats ('reminders', 'inbound', 'render', 'campaign-batch'). */
  readonly name: string;
  readonly queue: JobQueue<J, D>;
  /** Does the work. Throwing counts as a retryable failure. */
  handle(job: J, ctx: JobContext): Promise<JobOutcome<D>>;
  /** Retry delays; default DEFAULT_BACKOFF (15 s doubling, capped at 1 h). */
  readonly backoff?: BackoffPolicy;
  /** Called once before the runner gives up on a job (last attempt failed, or its lease expired too often). */
  onGiveUp?(job: J, error: string): Promise<void>;
}
