import type { Reminder } from './reminder.entity';

/** What GET /api/reminders returns for each reminder (the portal's shape). */
export interface ReminderView {
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

export function toReminderView(r: Reminder): ReminderView {
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
  };
}
