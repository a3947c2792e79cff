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

export type DeliveryOutcome =
  | { ok: true; providerMessageId?: string }
  | { ok: false; retryable: boolean; error: string; retryAfterMs?: number };

export interface ReminderDeliveryPort {
  /** Channel this delivery will go through, for per-channel rate limits ('whatsapp', 'telegram', 'simulator'...). */
  channelFor(reminder: DueReminder): Promise<string>;
  deliver(reminder: DueReminder): Promise<DeliveryOutcome>;
}

export const REMINDER_DELIVERY = Symbol('REMINDER_DELIVERY');
