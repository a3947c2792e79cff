import { describeRepeat } from './recurrence';
import type { Reminder } from './reminder.entity';

/** How a reminder repeats, for every screen that shows one (portal list, admin screens). */
export interface RepeatFields {
  /** RFC 5545 RRULE read in `timezone`, null for a one-off. */
  rrule: string | null;
  /** "tous les lundis à 08:00" / "every Monday at 08:00" in the page's language (else the reminder's); null for a one-off. */
  repeatDescription: string | null;
  /** When it (or its series) is next due: its own time while pending, the series' pending occurrence otherwise; null when nothing is left. */
  nextOccurrenceAt: string | null;
}

/** What GET /api/reminders returns for each reminder (the portal's shape). */
export interface ReminderView extends RepeatFields {
  id: number;
  subject: string;
  reminderText: string;
  reminderTime: string;
  status: Reminder['status'];
  languageCode: 'fr' | 'en';
  voiceNoteUrl: string | null;
  createdAt: string;
  timezone: string;
  /** 'phone_proof': due, but waiting for the user to confirm their phone number (nothing is sent to an unproved number). */
  waitingFor: Reminder['waitingFor'];
}

/** `pendingBySeries` comes from RemindersService.pendingBySeries for the same rows. */
export function repeatFields(r: Reminder, pendingBySeries: Map<number, Date> = new Map(), language: 'fr' | 'en' = r.languageCode): RepeatFields {
  let description: string | null = null;
  if (r.rrule) {
    try {
      description = describeRepeat(r.rrule, r.timezone, new Date(r.seriesStart ?? r.dueAt), language);
    } catch {
      description = null; // a stored rule the engine no longer reads: shown without words rather than failing the list
    }
  }
  const pendingOfSeries = r.seriesId !== null ? pendingBySeries.get(r.seriesId) : undefined;
  const next = r.status === 'pending' ? new Date(r.dueAt) : (pendingOfSeries ?? null);
  return { rrule: r.rrule ?? null, repeatDescription: description, nextOccurrenceAt: next ? next.toISOString() : null };
}

/** `language` is the page's (Accept-Language); without it the repetition is described in the reminder's language. */
export function toReminderView(r: Reminder, pendingBySeries?: Map<number, Date>, language?: 'fr' | 'en'): ReminderView {
  return {
    id: r.id,
    subject: r.subject,
    reminderText: r.reminderText,
    reminderTime: new Date(r.dueAt).toISOString(),
    status: r.status,
    languageCode: r.languageCode,
    voiceNoteUrl: r.voiceNoteUrl,
    createdAt: new Date(r.createdAt).toISOString(),
    timezone: r.timezone,
    waitingFor: r.waitingFor ?? null,
    ...repeatFields(r, pendingBySeries, language ?? r.languageCode),
  };
}
