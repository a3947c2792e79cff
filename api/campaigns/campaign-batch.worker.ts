import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DATABASE_URL } from '../database/database.module';
import { JobHost } from '../jobs/job-host';
import type { JobKind, JobOutcome } from '../jobs/job-kind';
import { JobRunner } from '../jobs/job-runner';
import { JobsService } from '../jobs/jobs.service';
import { jobsChannel, type TableJob } from '../jobs/pg-job-queue';
import { CAMPAIGN_BATCH_JOB, type CampaignBatchPayload, CampaignsService } from './campaigns.service';

/**
 * Embedded PGlite forwards no NOTIFY: poll it, gently (batches are minutes apart, and an enqueue
 * on this instance wakes the runner directly); real Postgres wakes the runner on enqueue.
 */
const POLL_MS_EMBEDDED = 2000;
const POLL_MS = 5000;

/**
 * The "campaign-batch" job kind on the one job runner (api/jobs): one job per batch in the
 * shared jobs table; its handler sends the batch and enqueues the next one. A restart finds the
 * next batch's job in Postgres and carries on; a job whose holder died is run again by another
 * instance after its lease, and CampaignsService.runBatch makes that second run send nobody twice.
 */
@Injectable()
export class CampaignBatchWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(CampaignBatchWorker.name);
  readonly runner: JobRunner<TableJob<CampaignBatchPayload>>;
  private readonly host: JobHost<TableJob<CampaignBatchPayload>, unknown>;

  constructor(
    @Inject(CampaignsService) campaigns: CampaignsService,
    @Inject(JobsService) jobs: JobsService,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(DATABASE_URL) databaseUrl: string,
  ) {
    const kind: JobKind<TableJob<CampaignBatchPayload>> = {
      name: CAMPAIGN_BATCH_JOB,
      queue: jobs.queue<CampaignBatchPayload>(CAMPAIGN_BATCH_JOB),
      async handle(job): Promise<JobOutcome> {
        const { campaignId, batch } = job.payload;
        if (!Number.isSafeInteger(campaignId) || !Number.isSafeInteger(batch)) return { ok: false, retryable: false, error: 'bad campaign-batch payload' };
        await campaigns.runBatch(campaignId, batch);
        return { ok: true };
      },
    };
    this.runner = new JobRunner(
      kind,
      { pollIntervalMs: config.database.url ? POLL_MS : POLL_MS_EMBEDDED, batchSize: 4, leaseSeconds: config.dispatcher.leaseSeconds, maxAttempts: 10 },
      this.logger,
    );
    this.host = new JobHost(
      this.runner,
      { listenUrl: config.database.url ? databaseUrl : undefined, notifyChannel: jobsChannel(CAMPAIGN_BATCH_JOB), dueAt: (p) => (/^\d+$/.test(p) ? Number(p) : null) },
      this.logger,
    );
    this.enabled = config.dispatcher.enabled;
    campaigns.onScheduled((at) => this.runner.isRunning && this.runner.hint(at.getTime()));
  }

  private readonly enabled: boolean;

  async onApplicationBootstrap(): Promise<void> {
    // DISPATCHER_ENABLED=false keeps this instance from sending anything in the background.
    if (this.enabled) await this.host.start();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.enabled) await this.host.stop();
  }
}
