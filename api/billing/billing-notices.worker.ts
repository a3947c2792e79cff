import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DATABASE_URL } from '../database/database.module';
import { JobHost } from '../jobs/job-host';
import type { JobKind, JobOutcome } from '../jobs/job-kind';
import { JobRunner } from '../jobs/job-runner';
import { JobsService } from '../jobs/jobs.service';
import { jobsChannel, type TableJob } from '../jobs/pg-job-queue';
import { BILLING_NOTICE_JOB, BillingNotices } from './billing-notices';

/** The hourly check for yearly renewals coming up. */
export const RENEWAL_CHECK_JOB = 'billing-renewal-check';
const EVERY_MS = 3600_000;
/** One check per hour slot: the key makes every instance's enqueue of that slot the same job. */
const slotKey = (at: number) => `${RENEWAL_CHECK_JOB}-${Math.floor(at / EVERY_MS)}`;
const POLL_MS_EMBEDDED = 250;
const POLL_MS = 5000;

type NoticeJob = TableJob<{ noticeId: number }>;

/**
 * Billing notices on the one job runner, two kinds in the shared jobs table:
 * - "billing-renewal-check": one job per hour slot (keyed by the slot, so any number of instances
 *   enqueue the same one and one of them claims it; a crash retries it after the lease); it claims
 *   the renewal notices due (once per renewal, billing_notices' unique key) and enqueues the next check;
 * - "billing-notice": sends one claimed notice; a failed send is retried with the runner's backoff.
 */
@Injectable()
export class BillingNoticesWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('BillingNotices');
  readonly checkRunner: JobRunner<TableJob>;
  readonly noticeRunner: JobRunner<NoticeJob>;
  private readonly hosts: Array<JobHost<any, unknown>>;
  private readonly enabled: boolean;
  private readonly scheduleChecks: boolean;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly notices: BillingNotices,
    private readonly jobs: JobsService,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(DATABASE_URL) databaseUrl: string,
  ) {
    const check: JobKind<TableJob> = {
      name: RENEWAL_CHECK_JOB,
      queue: jobs.queue(RENEWAL_CHECK_JOB),
      handle: async (): Promise<JobOutcome> => {
        const n = await this.notices.sendRenewalNotices();
        if (n) this.logger.log(`${n} renewal notice(s) to send`);
        if (this.scheduleChecks) await this.enqueueCheck(Date.now() + EVERY_MS);
        return { ok: true };
      },
    };
    const notice: JobKind<NoticeJob> = {
      name: BILLING_NOTICE_JOB,
      queue: jobs.queue<{ noticeId: number }>(BILLING_NOTICE_JOB),
      handle: async (job): Promise<JobOutcome> => {
        const sent = await this.notices.deliver(Number(job.payload.noticeId));
        return sent.ok ? { ok: true } : { ok: false, retryable: true, error: sent.error };
      },
    };
    const pollIntervalMs = config.database.url ? POLL_MS : POLL_MS_EMBEDDED;
    const listenUrl = config.database.url ? databaseUrl : undefined;
    this.checkRunner = new JobRunner(check, { pollIntervalMs: Math.max(pollIntervalMs, 1000), batchSize: 1, leaseSeconds: Math.max(60, config.dispatcher.leaseSeconds), maxAttempts: 5 }, this.logger);
    this.noticeRunner = new JobRunner(notice, { pollIntervalMs, batchSize: 10, leaseSeconds: config.dispatcher.leaseSeconds, maxAttempts: 8 }, this.logger);
    this.hosts = [
      new JobHost(this.checkRunner, { listenUrl, notifyChannel: jobsChannel(RENEWAL_CHECK_JOB) }, this.logger),
      new JobHost(this.noticeRunner, { listenUrl, notifyChannel: jobsChannel(BILLING_NOTICE_JOB) }, this.logger),
    ];
    this.enabled = config.payments.mode !== 'off';
    // Tests run checks on demand (enqueueCheck + drain) rather than on the hour.
    this.scheduleChecks = config.env !== 'test';
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.enabled) return;
    if (this.scheduleChecks) await this.enqueueCheck(Date.now());
    for (const h of this.hosts) await h.start();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.enabled) for (const h of this.hosts) await h.stop();
  }

  /** Enqueues the renewal check of the hour slot of `at` (idempotent per slot); null when that slot's check is already open. */
  enqueueCheck(at: number): Promise<string | null> {
    return this.jobs.enqueue(RENEWAL_CHECK_JOB, {}, { key: slotKey(at), runAt: new Date(at) });
  }

  /** Waits until no billing job is running or due for its first try (tests and scripts); a retry waiting for its backoff is not awaited. */
  async drain(timeoutMs = 15000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const rows = await this.dataSource
        .query(`SELECT count(*)::int AS n FROM jobs WHERE kind IN ($1, $2) AND status = 'pending'
           AND (lease_until > now() OR (attempts = 0 AND next_attempt_at <= now()))`, [RENEWAL_CHECK_JOB, BILLING_NOTICE_JOB])
        .catch(() => []);
      const n = rows[0]?.n;
      if (n === 0) return;
      if (Date.now() > deadline) throw new Error(`${n} billing job(s) still pending`);
      this.checkRunner.kick();
      this.noticeRunner.kick();
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
