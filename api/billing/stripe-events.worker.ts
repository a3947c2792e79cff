import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DATABASE_URL } from '../database/database.module';
import type { JobKind, JobOutcome } from '../jobs/job-kind';
import { JobHost } from '../jobs/job-host';
import { JobRunner } from '../jobs/job-runner';
import { JobsService } from '../jobs/jobs.service';
import { jobsChannel, PgJobQueue, type TableJob } from '../jobs/pg-job-queue';
import { BillingError } from './billing.errors';
import { BillingService } from './billing.service';
import { PAYMENTS_GATEWAY, PaymentsGateway } from './payments.port';

export const STRIPE_EVENT_JOB = 'stripe-event';
/** Embedded PGlite does not forward NOTIFY over its socket: poll it often; real Postgres wakes us. */
const POLL_MS_EMBEDDED = 250;
const POLL_MS = 5000;

type EventJob = TableJob<{ eventId: string }>;

/**
 * Webhook events: stripe_events records each event id once (a replay is a no-op) and, in the
 * same transaction, enqueues a "stripe-event" job on the shared job runner; the handler does the
 * work from Postgres on whichever instance claims it, retried with the runner's backoff.
 */
@Injectable()
export class StripeEventsWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(StripeEventsWorker.name);
  readonly runner: JobRunner<EventJob>;
  private readonly host: JobHost<EventJob, unknown>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(PAYMENTS_GATEWAY) private readonly gateway: PaymentsGateway | null,
    private readonly billing: BillingService,
    private readonly jobs: JobsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE_URL) databaseUrl: string,
  ) {
    const kind: JobKind<EventJob> = {
      name: STRIPE_EVENT_JOB,
      queue: new PgJobQueue<{ eventId: string }>(dataSource, STRIPE_EVENT_JOB),
      handle: (job) => this.handle(job),
      onGiveUp: async (job, error) => {
        await this.dataSource.query(`UPDATE stripe_events SET status = 'failed', last_error = $2 WHERE id = $1`, [job.payload.eventId, error.slice(0, 1000)]);
      },
    };
    this.runner = new JobRunner(kind, { pollIntervalMs: config.database.url ? POLL_MS : POLL_MS_EMBEDDED, batchSize: 10, leaseSeconds: config.dispatcher.leaseSeconds, maxAttempts: 8 }, this.logger);
    this.host = new JobHost(this.runner, { listenUrl: config.database.url ? databaseUrl : undefined, notifyChannel: jobsChannel(STRIPE_EVENT_JOB) }, this.logger);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.gateway) await this.host.start();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.gateway) await this.host.stop();
  }

  /** Records a verified event once and enqueues its work; false when its id was already recorded (a replay). */
  async record(event: { id: string; type: string; livemode: boolean; object: Record<string, unknown> }): Promise<boolean> {
    const fresh = await this.dataSource.transaction(async (m) => {
      const rows = await m.query(
        `INSERT INTO stripe_events (id, type, payload, livemode, received_at) VALUES ($1, $2, $3, $4, now()) ON CONFLICT (id) DO NOTHING RETURNING id`,
        [event.id, event.type, JSON.stringify(event.object), event.livemode],
      );
      if (rows.length) await this.jobs.enqueue(STRIPE_EVENT_JOB, { eventId: event.id }, { key: event.id }, m);
      return rows.length > 0;
    });
    // The enqueue NOTIFYs the runners on real Postgres; the embedded database is polled.
    return fresh;
  }

  private async handle(job: EventJob): Promise<JobOutcome> {
    const [event] = await this.dataSource.query(`SELECT id, type, payload FROM stripe_events WHERE id = $1`, [job.payload.eventId]);
    if (!event) return { ok: true };
    // A row that is not the one asked for (seen once on the embedded database under concurrent
    // connections) is retried rather than trusted.
    if (event.id !== job.payload.eventId) return { ok: false, retryable: true, error: 'unexpected read of stripe_events', retryAfterMs: 200 };
    try {
      await this.billing.handleEvent({ id: event.id, type: event.type, object: event.payload });
    } catch (e) {
      const message = (e as Error).message;
      await this.dataSource.query(`UPDATE stripe_events SET last_error = $2 WHERE id = $1`, [event.id, message.slice(0, 1000)]);
      return { ok: false, retryable: !(e instanceof BillingError && e.code === 'payments_off'), error: message };
    }
    await this.dataSource.query(`UPDATE stripe_events SET status = 'done', processed_at = now(), last_error = NULL WHERE id = $1`, [event.id]);
    return { ok: true };
  }

  /** Waits until every recorded event has been processed (tests and scripts). */
  async drain(timeoutMs = 15000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      // A read that fails is retried (the embedded database can garble concurrent connections' queries).
      const rows = await this.dataSource.query(`SELECT count(*)::int AS n FROM jobs WHERE kind = $1 AND status = 'pending'`, [STRIPE_EVENT_JOB]).catch(() => []);
      const n = rows[0]?.n;
      if (n === 0) return;
      if (Date.now() > deadline) throw new Error(`${n} Stripe event job(s) still pending`);
      this.runner.kick();
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
