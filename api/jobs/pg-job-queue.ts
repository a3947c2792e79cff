import type { CompletedJob, JobQueue } from './job-kind';

/** Anything that runs SQL: a DataSource, an EntityManager inside a transaction, a QueryRunner. */
export interface Sql {
  query(sql: string, params?: unknown[]): Promise<any>;
}

export interface TableJob<P = Record<string, unknown>> {
  id: string;
  attempt: number;
  key: string | null;
  payload: P;
}

export interface EnqueueOptions {
  /** When it may first be claimed; default now. */
  runAt?: Date;
  /** At most one open job per (kind, key): enqueueing again while one is open changes nothing (or moves runAt, see `replace`). */
  key?: string;
  /** With `key`: an open, unleased job of that key gets this payload and runAt instead. */
  replace?: boolean;
}

/** NOTIFY channel of a kind in the jobs table. */
export const jobsChannel = (kind: string) => `jobs_${kind.replace(/[^a-z0-9_]/gi, '_')}`;

/**
 * Adds a job of `kind` to the jobs table (inside the caller's transaction when `sql` is an
 * EntityManager), and NOTIFYs its runners with the instant it becomes claimable. Returns the
 * job id, or null when an open job with that key already exists (and was left as it is).
 */
export async function enqueueJob(sql: Sql, kind: string, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<string | null> {
  const runAt = options.runAt ?? new Date();
  const conflict = options.key
    ? options.replace
      ? // A job being worked on is replaced too: its attempts drop to 0, which tells its runner, when
        // it completes, that the job was opened again meanwhile and must run once more.
        `ON CONFLICT (kind, key) WHERE status = 'pending' AND key IS NOT NULL DO UPDATE SET payload = EXCLUDED.payload, next_attempt_at = EXCLUDED.next_attempt_at,
           attempts = CASE WHEN jobs.lease_until IS NULL OR jobs.lease_until < now() THEN jobs.attempts ELSE 0 END`
      : `ON CONFLICT (kind, key) WHERE status = 'pending' AND key IS NOT NULL DO NOTHING`
    : '';
  const rows: Array<{ id: string }> = await sql.query(
    `INSERT INTO jobs (kind, key, payload, next_attempt_at) VALUES ($1, $2, $3, $4) ${conflict} RETURNING id`,
    [kind, options.key ?? null, JSON.stringify(payload), runAt],
  );
  await sql.query(`SELECT pg_notify($1, $2)`, [jobsChannel(kind), String(runAt.getTime())]);
  return rows[0] ? String(rows[0].id) : null;
}

const OPEN = `status = 'pending'`;

/** JobQueue over the shared jobs table, for one kind. */
export class PgJobQueue<P = Record<string, unknown>> implements JobQueue<TableJob<P>> {
  constructor(
    private readonly sql: Sql,
    readonly kind: string,
  ) {}

  private async run(sql: string, params: unknown[]): Promise<[Array<Record<string, any>>, number]> {
    return this.sql.query(sql, params);
  }

  async claim(owner: string, limit: number, leaseSeconds: number): Promise<Array<TableJob<P>>> {
    const [rows] = await this.run(
      `UPDATE jobs j SET lease_owner = $1, lease_until = now() + make_interval(secs => $3), attempts = j.attempts + 1
         FROM (SELECT id FROM jobs
                WHERE kind = $4 AND ${OPEN} AND next_attempt_at <= now() AND (lease_until IS NULL OR lease_until < now())
                ORDER BY next_attempt_at
                LIMIT $2
                FOR UPDATE SKIP LOCKED) c
        WHERE j.id = c.id
      RETURNING j.id, j.attempts, j.key, j.payload`,
      [owner, limit, leaseSeconds, this.kind],
    );
    return rows.map((r) => ({ id: String(r.id), attempt: r.attempts, key: r.key, payload: r.payload as P }));
  }

  /**
   * Marks jobs done, but a job replaced while it ran (its attempts reset by `enqueueJob` with
   * `replace`) is given back instead, to run again with what replaced it.
   */
  async complete(owner: string, done: Array<CompletedJob<TableJob<P>, unknown>>): Promise<string[]> {
    const [rows] = await this.run(
      `WITH d AS (SELECT * FROM unnest($2::bigint[], $3::int[]) AS v(id, attempt)),
            again AS (UPDATE jobs j SET lease_owner = NULL, lease_until = NULL
                        FROM d WHERE j.id = d.id AND j.attempts <> d.attempt AND j.lease_owner = $1 AND j.${OPEN} RETURNING j.id)
       UPDATE jobs j SET status = 'done', finished_at = now(), lease_owner = NULL, lease_until = NULL, last_error = NULL
         FROM d WHERE j.id = d.id AND j.attempts = d.attempt AND j.lease_owner = $1 AND j.${OPEN} RETURNING j.id`,
      [owner, done.map((d) => d.job.id), done.map((d) => d.job.attempt)],
    );
    return rows.map((r) => String(r.id));
  }

  async retry(owner: string, job: TableJob<P>, delayMs: number, error: string): Promise<boolean> {
    const [, n] = await this.run(
      `UPDATE jobs SET next_attempt_at = now() + make_interval(secs => $3), last_error = $4, lease_owner = NULL, lease_until = NULL
        WHERE id = $1 AND lease_owner = $2 AND ${OPEN} RETURNING id`,
      [job.id, owner, delayMs / 1000, error.slice(0, 2000)],
    );
    return n > 0;
  }

  async fail(owner: string, job: TableJob<P>, error: string): Promise<boolean> {
    // (A job replaced while it ran is given back to run again rather than failed.)
    const [, n] = await this.run(
      `UPDATE jobs SET status = CASE WHEN attempts = $4 THEN 'failed' ELSE status END,
                       finished_at = CASE WHEN attempts = $4 THEN now() ELSE finished_at END,
                       last_error = $3, lease_owner = NULL, lease_until = NULL
        WHERE id = $1 AND lease_owner = $2 AND ${OPEN} RETURNING id`,
      [job.id, owner, error.slice(0, 2000), job.attempt],
    );
    return n > 0;
  }

  async renew(owner: string, ids: string[], leaseSeconds: number): Promise<number> {
    const [, n] = await this.run(
      `UPDATE jobs SET lease_until = now() + make_interval(secs => $3) WHERE id = ANY($2::bigint[]) AND lease_owner = $1 AND ${OPEN} RETURNING id`,
      [owner, ids, leaseSeconds],
    );
    return n;
  }

  async release(owner: string, ids: string[]): Promise<number> {
    const [, n] = await this.run(
      `UPDATE jobs SET lease_owner = NULL, lease_until = NULL, attempts = GREATEST(attempts - 1, 0)
        WHERE id = ANY($2::bigint[]) AND lease_owner = $1 AND ${OPEN} RETURNING id`,
      [owner, ids],
    );
    return n;
  }

  async nextDueInMs(): Promise<number | null> {
    const rows: Array<{ ms: number }> = await this.sql.query(
      `SELECT (extract(epoch FROM (next_attempt_at - now())) * 1000)::float8 AS ms FROM jobs
        WHERE kind = $1 AND ${OPEN} AND (lease_until IS NULL OR lease_until < now()) ORDER BY next_attempt_at LIMIT 1`,
      [this.kind],
    );
    return rows[0] ? Number(rows[0].ms) : null;
  }
}
