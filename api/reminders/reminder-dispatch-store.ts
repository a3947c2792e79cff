import type { DueReminder } from './reminder-delivery.port';
import type { ReminderPart } from './reminder-part.entity';

export interface SentItem {
  id: number;
  at: Date;
  channel: string;
  providerMessageId?: string;
}

/**
 * The dispatcher's only access to reminder state; RemindersService implements it so every status
 * move (pending → sent | failed) goes through that one service. Every write is conditional on
 * the caller still holding the lease (`lease_owner = owner AND status = 'pending'`).
 */
export interface ReminderDispatchStore {
  /** Leases up to `limit` due reminders for `leaseSeconds` and counts the attempt. */
  claimDue(owner: string, limit: number, leaseSeconds: number): Promise<DueReminder[]>;
  /** Returns the ids actually marked (those still leased by `owner`). */
  markSent(owner: string, items: SentItem[]): Promise<number[]>;
  scheduleRetry(owner: string, id: number, delayMs: number, error: string, channel: string | null): Promise<boolean>;
  markFailed(owner: string, id: number, error: string, channel: string | null): Promise<boolean>;
  renewLeases(owner: string, ids: number[], leaseSeconds: number): Promise<number>;
  /** Gives leases back untried (graceful stop): the attempt is not counted. */
  releaseLeases(owner: string, ids: number[]): Promise<number>;
  /** Milliseconds until the next claimable reminder is due by the database clock (≤ 0: now), null if none. */
  nextDueInMs(): Promise<number | null>;
  /** Parts of this occurrence already sent. */
  sentParts(id: number, dueAt: Date): Promise<Set<ReminderPart>>;
  recordPartSent(id: number, dueAt: Date, part: ReminderPart, providerMessageId?: string): Promise<void>;
}
