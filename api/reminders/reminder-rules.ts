import { IANAZone } from 'luxon';

/** The spec's own wording (SPEC.md §5); the DTOs and the service share these. */
export const REMINDER_MESSAGES = {
  subjectTooShort: 'Subject must be at least 3 characters.',
  subjectTooLong: 'Subject must be at most 200 characters.',
  textTooShort: 'Reminder text must be at least 10 characters.',
  textTooLong: 'Reminder text must be at most 2000 characters.',
  futureDate: 'Please select a future date.',
  timezone: 'Timezone must be a valid IANA zone such as Europe/Paris.',
  notFound: 'Reminder not found.',
  onlyPending: 'Only pending reminders can be changed.',
  inDelivery: 'This reminder is being delivered right now.',
  onlySent: 'Only a delivered reminder can be snoozed.',
  triggerOnlyPending: 'Action impossible: Seuls les rappels en attente peuvent être déclenchés',
  changedMeanwhile: 'Ce rappel vient de changer (envoi en cours ou modifié entre-temps) ; rechargez la liste et réessayez.',
  language: 'La langue doit être fr ou en',
  adminStatus: 'Le statut doit être pending, sent ou failed',
} as const;

export const SUBJECT_MIN = 3;
export const SUBJECT_MAX = 200;
export const TEXT_MIN = 10;
export const TEXT_MAX = 2000;

export function subjectProblem(subject: unknown): string | null {
  if (typeof subject !== 'string' || subject.trim().length < SUBJECT_MIN) return REMINDER_MESSAGES.subjectTooShort;
  if (subject.length > SUBJECT_MAX) return REMINDER_MESSAGES.subjectTooLong;
  return null;
}

/** `minimum` is false for the bot, whose reminder text is the subject or a short transcript. */
export function textProblem(text: unknown, minimum = true): string | null {
  if (typeof text !== 'string' || (minimum && text.trim().length < TEXT_MIN) || text.trim().length === 0) {
    return REMINDER_MESSAGES.textTooShort;
  }
  if (text.length > TEXT_MAX) return REMINDER_MESSAGES.textTooLong;
  return null;
}

/** Accepts an ISO 8601 string (what the portal sends) or a Date; strictly after `now`. */
export function parseFutureInstant(value: unknown, now: Date): Date | null {
  let date: Date | null = null;
  if (value instanceof Date) date = value;
  else if (typeof value === 'string' && value.length <= 64 && /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value.trim())) {
    date = new Date(value.trim());
  }
  if (!date || Number.isNaN(date.getTime())) return null;
  return date.getTime() > now.getTime() ? date : null;
}

export function isValidZone(zone: unknown): zone is string {
  return typeof zone === 'string' && zone.length <= 64 && IANAZone.isValidZone(zone);
}
