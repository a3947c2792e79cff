import type { Language } from '../understanding/types';

/** A reminder being put together, before the user confirms it. */
export interface Draft {
  subject: string;
  /** The reminder's language (may differ from the conversation's: spoken in the other one). */
  language: Language;
  /** ISO instant; absent while the bot waits for the date/time. */
  dueAt?: string;
  zone?: string;
  /** RRULE read in `zone` when it repeats (dueAt is the first occurrence); null/absent for a one-off. */
  rrule?: string | null;
}

export type PendingQuestion =
  /** Waiting for the date/time of the draft (of `batch[index]` when several are proposed). */
  | { kind: 'when'; index?: number }
  /** The draft has a time but no subject ("tomorrow at 9"): waiting for what to remind. */
  | { kind: 'subject' }
  /** Waiting for yes/no on the draft. */
  | { kind: 'confirm' }
  /** "annule" about a repeating reminder: waiting for "just the next one" or "the whole series". */
  | { kind: 'cancelRepeat'; id: number }
  /** The user tapped "Change": waiting for a new time or a whole new reminder. */
  | { kind: 'change' }
  /** Waiting for a zone among several (country with several zones, ambiguous city). */
  | { kind: 'timezone'; options: string[] }
  /**
   * The user's zone is unknown (Telegram gives no number): asked before their first reminder is
   * confirmed. `text` is the message that asked for it, read again once the zone is known; the
   * drafts are kept for turns that built them bit by bit (then their wall-clock time is kept).
   */
  | { kind: 'zoneFirst'; text?: string; spokenLanguage?: Language; drafts: Draft[] };

export interface ConversationState {
  draft?: Draft;
  /** Several reminders from one message, proposed together (then `draft` is absent). */
  batch?: Draft[];
  /** The reminders just confirmed, for a correction right after ("non, plutôt à 18h", "cancel that"). */
  lastConfirmed?: { ids: number[]; at: string };
  /** The zone question before a first reminder was asked (once). */
  zoneAskedFirst?: boolean;
  pending?: PendingQuestion;
  /** Ids of the reminders shown by the last "list", so "cancel 2" means the 2nd of them. */
  lastListed?: number[];
  /** The reminder "it" refers to ("move it to 6pm"): last created, rescheduled or delivered. */
  lastReminderId?: number;
  /** The user was asked once to pick a zone among their country's. */
  timezoneAsked?: boolean;
}
