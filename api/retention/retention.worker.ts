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
import { DEFAULT_RETENTION, purgeExpired } from './retention';

export const RETENTION_JOB = 'retention';
const EVERY_MS = 3600_000;
/** One pass per hour slot: the key makes every instance's enqueue of that slot the same job. */
const slotKey = (at: number) => `${RETENTION_JOB}-${Math.floor(at / EVERY_MS)}`;

/**
 * The "retention" job kind on the one job runner: one job per hour slot in the shared jobs table
 * (keyed by the slot); its handler purges what has expired (retention.ts) and enqueues the next pass an
 * hour later. Any number of instances may run: the job is claimed by one at a time.
 */
@Injectable()
export class RetentionWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Retention');
  readonly runner: JobRunner<TableJob>;
  private readonly host: JobHost<TableJob, unknown>;
  private readonly enabled: boolean;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    @Inject(JobsService) private readonly jobs: JobsService,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(DATABASE_URL) databaseUrl: string,
  ) {
    const policy = { ...DEFAULT_RETENTION, messageLogDays: config.messageLogRetentionDays };
    const logger = this.logger;
    const kind: JobKind<TableJob> = {
      name: RETENTION_JOB,
      queue: jobs.queue(RETENTION_JOB),
      async handle(): Promise<JobOutcome> {
        const deleted = await purgeExpired(dataSource, policy);
        const total = Object.values(deleted).reduce((a, b) => a + b, 0);
        if (total) logger.log(`Purged ${JSON.stringify(deleted)}`);
        await jobs.enqueue(RETENTION_JOB, {}, { key: slotKey(Date.now() + EVERY_MS), runAt: new Date(Date.now() + EVERY_MS) });
        return { ok: true };
      },
    };
    this.runner = new JobRunner(kind, { pollIntervalMs: 60_000, batchSize: 1, leaseSeconds: Math.max(60, config.dispatcher.leaseSeconds), maxAttempts: 3 }, this.logger);
    this.host = new JobHost(this.runner, { listenUrl: config.database.url ? databaseUrl : undefined, notifyChannel: jobsChannel(RETENTION_JOB) }, this.logger);
    this.enabled = config.dispatcher.enabled;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.enabled) return;
    // One open pass at a time whatever the number of instances (the key makes the enqueue idempotent).
    await this.jobs.enqueue(RETENTION_JOB, {}, { key: slotKey(Date.now()), runAt: new Date() });
    await this.host.start();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.enabled) await this.host.stop();
  }
}
