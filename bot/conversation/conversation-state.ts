import type { Language } from '../understanding/types';

/** A reminder being put together, before the user confirms it. */
export interface Draft {
  subject: string;
  /** The reminder's language (may differ from the conversation's: spoken in the other one). */
  language: Language;
  /** ISO instant; absent while the bot waits for the date/time. */
  dueAt?: string;
  zone?: string;
}

export type PendingQuestion =
  /** Waiting for the date/time of the draft. */
  | { kind: 'when' }
  /** The draft has a time but no subject ("tomorrow at 9"): waiting for what to remind. */
  | { kind: 'subject' }
  /** Waiting for yes/no on the draft. */
  | { kind: 'confirm' }
  /** The user tapped "Change": waiting for a new time or a whole new reminder. */
  | { kind: 'change' }
  /** Waiting for a zone among several (country with several zones, ambiguous city). */
  | { kind: 'timezone'; options: string[] };

export interface ConversationState {
  draft?: Draft;
  pending?: PendingQuestion;
  /** Ids of the reminders shown by the last "list", so "cancel 2" means the 2nd of them. */
  lastListed?: number[];
  /** The reminder "it" refers to ("move it to 6pm"): last created, rescheduled or delivered. */
  lastReminderId?: number;
  /** The user was asked once to pick a zone among their country's. */
  timezoneAsked?: boolean;
}
