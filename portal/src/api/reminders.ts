import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './query-keys';
import type { Reminder } from './types';

export interface CreateReminderPayload {
  subject: string;
  reminderText: string;
  time: string;
  timezone?: string;
}

export interface UpdateReminderPayload {
  subject?: string;
  reminderText?: string;
  time?: string;
  status?: 'cancelled';
}

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
