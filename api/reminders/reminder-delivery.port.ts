import type { ReminderPart } from './reminder-part.entity';

/**
 * What the dispatcher hands over when a reminder is due. Implemented by bot/delivery/ (voice
 * note on the user's channel); an embedded adapter records deliveries when no channel exists.
 */
export interface DueReminder {
  id: number;
  userId: number;
  subject: string;
  reminderText: string;
  languageCode: 'fr' | 'en';
  dueAt: Date;
  timezone: string;
  /** 1 for the first try. */
  attempt: number;
  /** The RRULE of a repeating reminder (its delivery offers "stop repeating"); null/absent for a one-off. */
  rrule?: string | null;
}

/** Why a reminder waits instead of going out: its user's only route is a number not proved yet. */
export type ReminderWait = 'phone_proof';

export type DeliveryOutcome =
  | { ok: true; providerMessageId?: string }
  | { ok: false; retryable: boolean; error: string; retryAfterMs?: number }
  /** Not sent and not failed: parked until the user can be reached (RemindersService.releaseWaiting). */
  | { ok: false; waitFor: ReminderWait; error: string };

/**
 * A reminder is several messages (the voice note, then its text with buttons): the parts an
 * earlier attempt sent, and where to record each part as soon as it is sent, so a retry after a
 * crash or a failed later part sends only what is missing.
 */
export interface DeliveryProgress {
  readonly sent: ReadonlySet<ReminderPart>;
  record(part: ReminderPart, providerMessageId?: string): Promise<void>;
}

export interface ReminderDeliveryPort {
  /**
   * Optional: called once per claimed batch before its reminders are delivered, to load what
   * they need (users, voice notes...) in a few statements instead of a few per reminder. Only a
   * cache: `channelFor` and `deliver` still work (loading one by one) for a reminder it missed.
   */
  prepare?(batch: DueReminder[]): Promise<void>;
  /** Channel this delivery will go through, for per-channel rate limits ('whatsapp', 'telegram', 'simulator'...). */
  channelFor(reminder: DueReminder): Promise<string>;
  deliver(reminder: DueReminder, progress?: DeliveryProgress): Promise<DeliveryOutcome>;
}

export const REMINDER_DELIVERY = Symbol('REMINDER_DELIVERY');
