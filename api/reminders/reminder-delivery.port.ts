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
}

/** Why a reminder waits instead of going out: its user's only route is a number not proved yet. */
export type ReminderWait = 'phone_proof';

export type DeliveryOutcome =
  | { ok: true; providerMessageId?: string }
  | { ok: false; retryable: boolean; error: string; retryAfterMs?: number }
  /** Not sent and not failed: parked until the user can be reached (RemindersService.releaseWaiting). */
  | { ok: false; waitFor: ReminderWait; error: string };

export interface ReminderDeliveryPort {
  /** Channel this delivery will go through, for per-channel rate limits ('whatsapp', 'telegram', 'simulator'...). */
  channelFor(reminder: DueReminder): Promise<string>;
  deliver(reminder: DueReminder): Promise<DeliveryOutcome>;
}

export const REMINDER_DELIVERY = Symbol('REMINDER_DELIVERY');
