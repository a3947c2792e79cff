import type { Reminder } from '../api/types';

export interface ReminderGroup {
  reminder: Reminder;
  /** How many identical reminders this row stands for (SPEC §4: duplicates collapsed). */
  count: number;
  ids: Reminder['id'][];
}

export function collapseDuplicates(reminders: readonly Reminder[]): ReminderGroup[] {
  const groups = new Map<string, ReminderGroup>();
  for (const r of reminders) {
    const key = `${r.subject.trim().toLowerCase()}|${Date.parse(r.reminderTime)}|${r.status}`;
    const existing = groups.get(key);
    if (existing) {
      existing.count += 1;
      existing.ids.push(r.id);
    } else {
      groups.set(key, { reminder: r, count: 1, ids: [r.id] });
    }
  }
  return [...groups.values()];
}

export function countByStatus(reminders: readonly Reminder[]): Record<Reminder['status'], number> {
  const counts = { pending: 0, sent: 0, failed: 0, cancelled: 0 };
  for (const r of reminders) if (r.status in counts) counts[r.status] += 1;
  return counts;
}

/** Recent activity: the five most recently created reminders (SPEC §9). */
export function recentActivity(reminders: readonly Reminder[], limit = 5): Reminder[] {
  return [...reminders].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)).slice(0, limit);
}
