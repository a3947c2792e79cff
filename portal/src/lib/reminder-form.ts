import { DateTime } from 'luxon';

export interface ReminderFormValues {
  subject: string;
  reminderText: string;
  date: string; // yyyy-MM-dd
  time: string; // HH:mm
}

export type ReminderFormErrors = Partial<Record<keyof ReminderFormValues, string>>;

/** Defaults (SPEC §9): tomorrow, and one hour from now. */
export function reminderDefaults(now: DateTime): Pick<ReminderFormValues, 'date' | 'time'> {
  return { date: now.plus({ days: 1 }).toISODate()!, time: now.plus({ hours: 1 }).toFormat('HH:mm') };
}

/** The instant the user meant: the picked wall-clock date and time in their zone. */
export function reminderInstant(date: string, time: string, zone: string): DateTime {
  return DateTime.fromISO(`${date}T${time}`, { zone });
}

/**
 * SPEC §5 rules; values are i18n keys. The date rule is judged on the full instant, so a
 * reminder later today is accepted while one a minute ago is not.
 */
export function validateReminderForm(values: ReminderFormValues, now: DateTime, zone: string): ReminderFormErrors {
  const errors: ReminderFormErrors = {};
  if (values.subject.trim().length < 3) errors.subject = 'reminderForm.errors.subjectMin';
  if (values.reminderText.trim().length < 10) errors.reminderText = 'reminderForm.errors.textMin';
  if (!values.time) errors.time = 'validation.required';
  if (!values.date) {
    errors.date = 'validation.required';
  } else {
    const at = reminderInstant(values.date, values.time || '00:00', zone);
    if (!at.isValid || at.toMillis() <= now.toMillis()) errors.date = 'reminderForm.errors.futureDate';
  }
  return errors;
}
