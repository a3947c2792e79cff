import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../../api/config/app-config';
import { DATABASE_URL } from '../../../api/database/database.module';
import { JobHost } from '../../../api/jobs/job-host';
import { JobRunner } from '../../../api/jobs/job-runner';
import { InboundProcessor } from './inbound-processor';
import { type InboundJob, IntakeJobs } from './intake-jobs';
import { IntakeWakeups } from './intake-wakeups';

const BATCH = 16;
/** Embedded PGlite does not forward NOTIFY over its socket: poll it often; real Postgres wakes us. */
const POLL_MS_EMBEDDED = 250;
const POLL_MS = 2000;

/**
 * Runs the "inbound" job kind (IntakeJobs) on the job runner, on every instance: woken by the
 * local IntakeStore on each recorded event, by NOTIFY inbound_events on real Postgres, and by
 * its poll. Leases are the dispatcher's short ones (DISPATCHER_LEASE_SECONDS), renewed while a
 * turn is being handled.
 */
@Injectable()
export class IntakeWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(IntakeWorker.name);
  readonly runner: JobRunner<InboundJob>;
  private readonly host: JobHost<InboundJob, unknown>;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    @Inject(InboundProcessor) processor: InboundProcessor,
    @Inject(IntakeWakeups) wakeups: IntakeWakeups,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(DATABASE_URL) databaseUrl: string,
  ) {
    this.runner = new JobRunner(
      new IntakeJobs(dataSource, processor),
      {
        pollIntervalMs: config.database.url ? POLL_MS : POLL_MS_EMBEDDED,
        batchSize: BATCH,
        leaseSeconds: config.dispatcher.leaseSeconds,
        // The handler decides on transient failures itself; this bounds leases lost to crashes.
        maxAttempts: 10,
      },
      this.logger,
    );
    this.host = new JobHost(this.runner, { listenUrl: config.database.url ? databaseUrl : undefined, notifyChannel: 'inbound_events' }, this.logger);
    wakeups.subscribe(() => this.runner.kick());
  }

  get instanceId(): string {
    return this.runner.instanceId;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.host.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.host.stop();
  }
}
