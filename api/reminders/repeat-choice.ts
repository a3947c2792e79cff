import { DateTime } from 'luxon';

/** The portal's repeat control (POST /api/reminders `repeat`), turned into an RRULE by the server. */
export const REPEAT_CHOICES = ['none', 'daily', 'weekdays', 'weekly', 'monthly', 'yearly'] as const;
export type RepeatChoice = (typeof REPEAT_CHOICES)[number];
export const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type WeekdayCode = (typeof WEEKDAY_CODES)[number];

export const REPEAT_MESSAGES = {
  repeat: `repeat must be one of ${REPEAT_CHOICES.join(', ')}.`,
  repeatDays: `repeatDays must be a list of weekdays among ${WEEKDAY_CODES.join(', ')}, for a weekly repeat only.`,
  rrule: 'This repetition is not supported.',
  premium: 'Repeating reminders are a Premium feature. Upgrade to Premium to create them.',
} as const;

export function isRepeatChoice(value: unknown): value is RepeatChoice {
  return typeof value === 'string' && (REPEAT_CHOICES as readonly string[]).includes(value);
}

export function isWeekdayList(value: unknown): value is WeekdayCode[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.length <= 7 &&
    value.every((d) => typeof d === 'string' && (WEEKDAY_CODES as readonly string[]).includes(d)) &&
    new Set(value).size === value.length
  );
}

/**
 * The rule for a repeat choice, anchored on the first due instant read in the zone (a weekly
 * repeat without days repeats on that weekday; monthly on that day of the month, or on the last
 * day when the first one is the 31st; yearly on that date). null for 'none'.
 */
export function ruleFromRepeat(choice: RepeatChoice, dueAt: Date, zone: string, days?: WeekdayCode[]): string | null {
  const local = DateTime.fromJSDate(dueAt, { zone });
  switch (choice) {
    case 'none':
      return null;
    case 'daily':
      return 'FREQ=DAILY';
    case 'weekdays':
      return 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR';
    case 'weekly': {
      const chosen = days && days.length ? [...days].sort((a, b) => WEEKDAY_CODES.indexOf(a) - WEEKDAY_CODES.indexOf(b)) : [WEEKDAY_CODES[local.weekday - 1]];
      return `FREQ=WEEKLY;BYDAY=${chosen.join(',')}`;
    }
    case 'monthly':
      return `FREQ=MONTHLY;BYMONTHDAY=${local.day === 31 ? -1 : local.day}`;
    case 'yearly':
      return `FREQ=YEARLY;BYMONTH=${local.month};BYMONTHDAY=${local.day}`;
  }
}

/**
 * The form's reading of a rule (the inverse of ruleFromRepeat where one exists): what the portal's
 * repeat control shows for a rule the bot understood. null when the control cannot show it (it is
 * then saved as the rule itself).
 */
export function repeatChoiceOf(rrule: string | null): { repeat: RepeatChoice; repeatDays?: WeekdayCode[] } | null {
  if (!rrule) return { repeat: 'none' };
  const parts = new Map(rrule.toUpperCase().split(';').map((p) => p.split('=') as [string, string]));
  const keys = [...parts.keys()].sort().join(',');
  const freq = parts.get('FREQ');
  const days = parts.get('BYDAY')?.split(',') ?? [];
  if (freq === 'DAILY' && keys === 'FREQ') return { repeat: 'daily' };
  if (freq === 'WEEKLY' && keys === 'BYDAY,FREQ' && days.every((d) => (WEEKDAY_CODES as readonly string[]).includes(d))) {
    if ([...days].sort().join(',') === 'FR,MO,TH,TU,WE') return { repeat: 'weekdays' };
    return { repeat: 'weekly', repeatDays: days as WeekdayCode[] };
  }
  if (freq === 'WEEKLY' && keys === 'FREQ') return { repeat: 'weekly' };
  if (freq === 'MONTHLY' && (keys === 'FREQ' || (keys === 'BYMONTHDAY,FREQ' && /^-?\d+$/.test(parts.get('BYMONTHDAY')!)))) return { repeat: 'monthly' };
  if (freq === 'YEARLY' && (keys === 'FREQ' || keys === 'BYMONTH,BYMONTHDAY,FREQ')) return { repeat: 'yearly' };
  return null;
}
