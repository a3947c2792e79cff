import type { CompletedJob, JobKind, JobOutcome, JobQueue } from '../jobs/job-kind';
import type { DeliveryProgress, DueReminder, ReminderDeliveryPort } from './reminder-delivery.port';
import type { ReminderPart } from './reminder-part.entity';
import type { ReminderDispatchStore } from './reminder-dispatch-store';
import type { SendRates } from './send-rates';

export interface ReminderJobDetail {
  channel: string | null;
  providerMessageId?: string;
}

/**
 * The "reminders" job kind: due reminders claimed from the reminders table through
 * RemindersService (the one place that moves a reminder's status), each handed to the delivery
 * port once its channel's send rate allows.
 */
export class ReminderJobs implements JobKind<DueReminder, ReminderJobDetail> {
  readonly name = 'reminders';
  readonly queue: JobQueue<DueReminder, ReminderJobDetail>;

  constructor(
    private readonly store: ReminderDispatchStore,
    private readonly delivery: ReminderDeliveryPort,
    private readonly rates: SendRates,
  ) {
    this.queue = {
      claim: (owner, limit, leaseSeconds) => store.claimDue(owner, limit, leaseSeconds),
      complete: (owner, done: Array<CompletedJob<DueReminder, ReminderJobDetail>>) =>
        store.markSent(
          owner,
          done.map((d) => ({ id: d.job.id, at: d.at, channel: d.detail?.channel ?? 'simulator', providerMessageId: d.detail?.providerMessageId })),
        ),
      retry: (owner, job, delayMs, error, detail) => store.scheduleRetry(owner, job.id, delayMs, error, detail?.channel ?? null),
      fail: (owner, job, error, detail) => store.markFailed(owner, job.id, error, detail?.channel ?? null),
      renew: (owner, ids, leaseSeconds) => store.renewLeases(owner, ids, leaseSeconds),
      release: (owner, ids) => store.releaseLeases(owner, ids),
      nextDueInMs: () => store.nextDueInMs(),
    };
  }

  async handle(r: DueReminder): Promise<JobOutcome<ReminderJobDetail>> {
    const channel = await this.delivery.channelFor(r);
    await this.rates.take(channel);
    let outcome;
    try {
      // Only a retry can have parts on record: the first attempt does not ask.
      const sent = r.attempt > 1 ? await this.store.sentParts(r.id, r.dueAt) : new Set<ReminderPart>();
      const progress: DeliveryProgress = { sent, record: (part, pmid) => this.store.recordPartSent(r.id, r.dueAt, part, pmid) };
      outcome = await this.delivery.deliver(r, progress);
    } catch (e) {
      outcome = { ok: false as const, retryable: true, error: (e as Error)?.message ?? String(e) };
    }
    if (outcome.ok) return { ok: true, detail: { channel, providerMessageId: outcome.providerMessageId } };
    return { ok: false, retryable: outcome.retryable, error: outcome.error, retryAfterMs: outcome.retryAfterMs, detail: { channel } };
  }
}

/** NOTIFY channel of the reminders table's trigger; the payload is the earliest due instant in epoch ms. */
export const DUE_CHANNEL = 'reminders_due';

export function dueAtFromPayload(payload: string): number | null {
  const at = Number(payload);
  return payload !== '' && Number.isFinite(at) ? at : null;
}
