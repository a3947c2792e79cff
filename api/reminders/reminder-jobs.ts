import type { CompletedJob, JobContext, JobKind, JobOutcome, JobQueue } from '../jobs/job-kind';
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
      claim: async (owner, limit, leaseSeconds) => {
        const batch = await store.claimDue(owner, limit, leaseSeconds);
        // A failed preparation only costs speed: each delivery then loads what it needs itself.
        if (batch.length && delivery.prepare) await delivery.prepare(batch).catch(() => undefined);
        return batch;
      },
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

  async handle(r: DueReminder, ctx: JobContext): Promise<JobOutcome<ReminderJobDetail>> {
    const channel = await this.delivery.channelFor(r);
    await this.rates.take(channel, r.userId);
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
    if ('waitFor' in outcome) {
      // Not sent, not failed: parked (still pending) until the user can be reached. The store
      // wrote the outcome under our lease, so the runner has nothing left to write.
      await this.store.markWaiting(ctx.owner, r.id, outcome.waitFor, outcome.error);
      return { ok: false, leaseLost: true };
    }
    return { ok: false, retryable: outcome.retryable, error: outcome.error, retryAfterMs: outcome.retryAfterMs, detail: { channel } };
  }
}

/** NOTIFY channel of the reminders table's trigger; the payload is the earliest due instant in epoch ms. */
export const DUE_CHANNEL = 'reminders_due';

export function dueAtFromPayload(payload: string): number | null {
  const at = Number(payload);
  return payload !== '' && Number.isFinite(at) ? at : null;
}
