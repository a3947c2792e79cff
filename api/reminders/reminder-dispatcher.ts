import { JobRunner, type JobLogger, type JobRunnerOptions } from '../jobs/job-runner';
import type { BackoffPolicy } from '../jobs/backoff';
import type { DueReminder, ReminderDeliveryPort } from './reminder-delivery.port';
import type { ReminderDispatchStore } from './reminder-dispatch-store';
import { ReminderJobs, type ReminderJobDetail } from './reminder-jobs';
import { LocalSendRates, type SendRates } from './send-rates';

export interface DispatcherOptions extends Omit<JobRunnerOptions, 'backoff'> {
  /** Sends per second per channel (shared by every instance when `sendRates` is the Postgres one). */
  rates: Record<string, number>;
  /** Sends per second to one recipient, for the channels that limit it (Telegram: 1). */
  recipientRates?: Record<string, number>;
  /** Rate for a channel missing from `rates`. */
  defaultRate?: number;
  backoff?: BackoffPolicy;
  /** Where send slots are taken; default per-instance token buckets at `rates`. */
  sendRates?: SendRates;
}

export type DispatcherLogger = JobLogger;

/**
 * The durable dispatcher: the job runner (api/jobs/job-runner.ts) running the "reminders" job
 * kind (api/reminders/reminder-jobs.ts). Free of Nest so scripts (benches, crash-test children)
 * can run it.
 */
export class ReminderDispatcher extends JobRunner<DueReminder, ReminderJobDetail> {
  constructor(store: ReminderDispatchStore, delivery: ReminderDeliveryPort, options: DispatcherOptions, logger?: DispatcherLogger) {
    const rates = options.sendRates ?? new LocalSendRates(options.rates, options.defaultRate, options.recipientRates);
    super(new ReminderJobs(store, delivery, rates), options, logger);
  }
}
