import type { DataSource } from 'typeorm';
import type { CompletedJob, JobContext, JobKind, JobOutcome, JobQueue } from '../../../api/jobs/job-kind';
import { InboundProcessor, TransientIntakeError } from './inbound-processor';

export interface InboundJob {
  id: string;
  attempt: number;
  payload: Record<string, unknown>;
  effectsStartedAt: Date | null;
}

/** Transient failures (media download, speech provider outage) are tried this many times. */
export const INTAKE_MAX_ATTEMPTS = 5;
const OPEN = `status = 'pending'`;

/**
 * The "inbound" job kind: recorded inbound events (inbound_events), claimed only as the oldest
 * pending event of their sender, so a sender's messages are handled in order, one at a time.
 * The handler prepares the turn (may be retried), then marks that effects started and acts; an
 * event found with effects started is never replayed (a crash mid-turn would answer twice).
 */
export class IntakeJobs implements JobKind<InboundJob> {
  readonly name = 'inbound';
  readonly backoff = { baseMs: 2000, maxMs: 60_000 };
  readonly queue: JobQueue<InboundJob>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly processor: InboundProcessor,
  ) {
    const q = (sql: string, params: unknown[]) => dataSource.query(sql, params) as Promise<[Array<Record<string, any>>, number]>;
    this.queue = {
      claim: async (owner, limit, leaseSeconds) => {
        const [rows] = await q(
          `UPDATE inbound_events e
              SET lease_owner = $1, lease_until = now() + make_interval(secs => $3), attempts = e.attempts + 1
             FROM (SELECT i.id FROM inbound_events i
                    WHERE i.status = 'pending' AND i.next_attempt_at <= now()
                      AND (i.lease_until IS NULL OR i.lease_until < now())
                      AND NOT EXISTS (SELECT 1 FROM inbound_events p
                                       WHERE p.channel = i.channel AND p.sender_id = i.sender_id AND p.status = 'pending' AND p.id < i.id)
                    ORDER BY i.id
                    LIMIT $2
                    FOR UPDATE SKIP LOCKED) c
            WHERE e.id = c.id
          RETURNING e.id, e.payload, e.attempts, e.effects_started_at`,
          [owner, limit, leaseSeconds],
        );
        return rows.map((r) => ({ id: String(r.id), attempt: r.attempts, payload: r.payload, effectsStartedAt: r.effects_started_at }));
      },
      complete: async (owner, done: Array<CompletedJob<InboundJob, unknown>>) => {
        const [rows] = await q(
          `UPDATE inbound_events SET status = 'done', processed_at = now(), lease_owner = NULL, lease_until = NULL
            WHERE id = ANY($2::bigint[]) AND lease_owner = $1 AND ${OPEN} RETURNING id`,
          [owner, done.map((d) => d.job.id)],
        );
        return rows.map((r) => String(r.id));
      },
      retry: async (owner, job, delayMs, error) => {
        const [, n] = await q(
          `UPDATE inbound_events SET next_attempt_at = now() + make_interval(secs => $3), last_error = $4, lease_owner = NULL, lease_until = NULL
            WHERE id = $1 AND lease_owner = $2 AND ${OPEN} RETURNING id`,
          [job.id, owner, delayMs / 1000, error.slice(0, 2000)],
        );
        return n > 0;
      },
      fail: async (owner, job, error) => {
        const [, n] = await q(
          `UPDATE inbound_events SET status = 'failed', processed_at = now(), last_error = $3, lease_owner = NULL, lease_until = NULL
            WHERE id = $1 AND lease_owner = $2 AND ${OPEN} RETURNING id`,
          [job.id, owner, error.slice(0, 2000)],
        );
        return n > 0;
      },
      renew: async (owner, ids, leaseSeconds) => {
        const [, n] = await q(
          `UPDATE inbound_events SET lease_until = now() + make_interval(secs => $3) WHERE id = ANY($2::bigint[]) AND lease_owner = $1 AND ${OPEN} RETURNING id`,
          [owner, ids, leaseSeconds],
        );
        return n;
      },
      release: async (owner, ids) => {
        const [, n] = await q(
          `UPDATE inbound_events SET lease_owner = NULL, lease_until = NULL, attempts = GREATEST(attempts - 1, 0)
            WHERE id = ANY($2::bigint[]) AND lease_owner = $1 AND ${OPEN} AND effects_started_at IS NULL RETURNING id`,
          [owner, ids],
        );
        return n;
      },
      nextDueInMs: async () => {
        const [row] = await dataSource.query(
          `SELECT (extract(epoch FROM (next_attempt_at - now())) * 1000)::float8 AS ms FROM inbound_events
            WHERE ${OPEN} AND (lease_until IS NULL OR lease_until < now()) ORDER BY next_attempt_at LIMIT 1`,
        );
        return row ? Number(row.ms) : null;
      },
    };
  }

  async handle(event: InboundJob, { owner }: JobContext): Promise<JobOutcome> {
    if (event.effectsStartedAt) {
      // A previous holder crashed mid-turn: its replies may have gone out, so do not replay.
      return { ok: false, retryable: false, error: 'Interrupted while being processed; not replayed' };
    }
    let prepared;
    try {
      prepared = await this.processor.prepare(event.payload);
    } catch (e) {
      const message = (e as Error).message;
      if (e instanceof TransientIntakeError && event.attempt < INTAKE_MAX_ATTEMPTS) return { ok: false, retryable: true, error: message };
      await this.processor.giveUp(event.payload, message).catch(() => undefined);
      return { ok: false, retryable: false, error: message };
    }
    const [, started] = (await this.dataSource.query(
      `UPDATE inbound_events SET effects_started_at = now() WHERE id = $1 AND lease_owner = $2 AND ${OPEN} AND lease_until IS NOT NULL RETURNING id`,
      [event.id, owner],
    )) as [unknown[], number];
    if (!started) return { ok: false, leaseLost: true };
    try {
      await this.processor.act(prepared);
      return { ok: true };
    } catch (e) {
      // The turn may have had effects: recorded as failed, never replayed.
      return { ok: false, retryable: false, error: (e as Error).message };
    }
  }
}
