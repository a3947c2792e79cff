import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './query-keys';
import type { Reminder, RepeatChoice, SaidReminders, WeekdayCode } from './types';

export interface CreateReminderPayload {
  subject: string;
  reminderText: string;
  time: string;
  timezone?: string;
  /** Turned into the rule by the server (Premium). */
  repeat?: RepeatChoice;
  repeatDays?: WeekdayCode[];
  /** A rule the repeat control cannot show, as understood from the "just say it" box. */
  rrule?: string;
}

export interface UpdateReminderPayload {
  subject?: string;
  reminderText?: string;
  time?: string;
  status?: 'cancelled';
}

/** The "just say it" box: what the bot's understanding reads in a sentence; nothing is saved. */
export const understandReminders = (text: string, timezone?: string) =>
  api.post<SaidReminders>('/api/reminders/understand', timezone ? { text, timezone } : { text });
export const listReminders = () => api.get<Reminder[]>('/api/reminders');
export const createReminder = (payload: CreateReminderPayload) => api.post<Reminder>('/api/reminders', payload);
export const updateReminder = (id: Reminder['id'], changes: UpdateReminderPayload) =>
  api.patch<Reminder>(`/api/reminders/${encodeURIComponent(String(id))}`, changes);
export const deleteReminder = (id: Reminder['id']) =>
  api.delete<unknown>(`/api/reminders/${encodeURIComponent(String(id))}`);

/** SPEC §9: reminders are polled every 30 s (a bot conversation may add one meanwhile). */
export function useRemindersQuery(enabled = true) {
  return useQuery({ queryKey: queryKeys.reminders, queryFn: listReminders, enabled, refetchInterval: 30000 });
}
