import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { JobHost } from '../jobs/job-host';
import { RecordingReminderDelivery } from './recording-reminder-delivery';
import { DueReminder, REMINDER_DELIVERY, ReminderDeliveryPort } from './reminder-delivery.port';
import type { ReminderJobDetail } from './reminder-jobs';
import { ReminderDispatcher } from './reminder-dispatcher';
import { DUE_CHANNEL, dueAtFromPayload } from './reminder-jobs';
import { PgSendRates } from './pg-send-rates';
import { ReminderWakeups } from './reminder-wakeups';
import { REMINDERS_MODULE_OPTIONS, RemindersModuleOptions } from './reminders-module-options';
import { RemindersService } from './reminders.service';

/** Embedded PGlite does not forward NOTIFY over its socket, so it polls this often instead. */
const EMBEDDED_POLL_MS = 200;

/**
 * Runs the ReminderDispatcher with the Nest lifecycle when DISPATCHER_ENABLED (default on):
 * starts after bootstrap, stops on shutdown before the database closes (in-flight deliveries get
 * a few seconds, then their leases are released). Wakes on Postgres NOTIFY (real Postgres), on
 * local creations, on its poll, and at the next known due instant.
 */
@Injectable()
export class ReminderDispatcherService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ReminderDispatcher');
  private dispatcher?: ReminderDispatcher;
  private host?: JobHost<DueReminder, ReminderJobDetail>;
  private unsubscribe?: () => void;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(RemindersService) private readonly reminders: RemindersService,
    @Inject(REMINDER_DELIVERY) private readonly delivery: ReminderDeliveryPort,
    @Inject(ReminderWakeups) private readonly wakeups: ReminderWakeups,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Optional() @Inject(REMINDERS_MODULE_OPTIONS) private readonly options?: RemindersModuleOptions,
  ) {}

  /** The running core (undefined when disabled), for admin stats and tests. */
  get core(): ReminderDispatcher | undefined {
    return this.dispatcher;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.dispatcher.enabled) await this.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  async start(): Promise<void> {
    if (this.dispatcher?.isRunning) return;
    const d = this.config.dispatcher;
    const embedded = !this.config.database.url;
    const dispatcher = new ReminderDispatcher(
      this.reminders,
      this.delivery,
      {
        pollIntervalMs: embedded ? Math.min(d.pollIntervalMs, EMBEDDED_POLL_MS) : d.pollIntervalMs,
        batchSize: d.batchSize,
        leaseSeconds: d.leaseSeconds,
        maxAttempts: d.maxAttempts,
        rates: d.rates,
        recipientRates: d.recipientRates,
        // Providers limit per account, not per process: the rate is shared by every instance.
        sendRates: new PgSendRates(this.dataSource, d.rates, undefined, d.recipientRates),
        backoff: this.options?.backoff,
      },
      this.logger,
    );
    if (this.delivery instanceof RecordingReminderDelivery) this.delivery.deliveredBy = dispatcher.instanceId;
    this.dispatcher = dispatcher;
    const url = (this.dataSource.options as { url?: string }).url;
    this.host = new JobHost(dispatcher, { listenUrl: embedded ? undefined : url, notifyChannel: DUE_CHANNEL, dueAt: dueAtFromPayload }, this.logger);
    await this.host.start();
    this.unsubscribe = this.wakeups.subscribe((at) => dispatcher.hint(at));
    this.logger.log(`Dispatcher ${dispatcher.instanceId} started (${embedded ? 'embedded: polling' : 'LISTEN/NOTIFY + polling'}; send rates shared by all instances ${JSON.stringify(d.rates)})`);
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    await this.host?.stop();
    this.host = undefined;
  }
}
