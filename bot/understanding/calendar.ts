import { DateTime } from 'luxon';
import { WhenPiece } from './types';

export type Ymd = NonNullable<WhenPiece['date']>;

/** RRULE weekday codes, from 1 (Monday) to 7 (Sunday). */
export const DAY_CODES = ['', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

/** 1 = Monday … 7 = Sunday. */
export function weekdayOf(d: { year: number; month: number; day: number }): number {
  return new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() || 7;
}

export function ymd(d: DateTime, extra: Partial<Ymd> = {}): Ymd {
  return { year: d.year, month: d.month, day: d.day, ...extra };
}

/**
 * "the end of April", "fin septembre": the last day of that month, this year's unless the month is
 * already over (rule 7), so "until the end of June" said in June is this June's 30th.
 */
export function endOfNamedMonth(today: DateTime, month: number): Ymd {
  const year = month < today.month ? today.year + 1 : today.year;
  return { year, month, day: new Date(Date.UTC(year, month, 0)).getUTCDate() };
}

/** Rule 4: the first such weekday after today (never today), or from today when allowed. */
export function nextWeekday(today: DateTime, weekday: number, includeToday = false): DateTime {
  let diff = (weekday - today.weekday + 7) % 7;
  if (diff === 0 && !includeToday) diff = 7;
  return today.startOf('day').plus({ days: diff });
}

/**
 * The calendar date `days` after a date, with plain integer arithmetic: the parsers run this for
 * every weekday word, and a Luxon DateTime per call is most of their cost.
 */
export function addDays(date: { year: number; month: number; day: number }, days: number): Ymd {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** The weekday in the calendar week `weeksAhead` weeks from this one (weeks start on Monday). */
export function weekdayInWeek(today: DateTime, weekday: number, weeksAhead: number): DateTime {
  return today
    .startOf('day')
    .minus({ days: today.weekday - 1 })
    .plus({ weeks: weeksAhead, days: weekday - 1 });
}

/** nth (1-based) weekday of a month; n = -1 for the last one. */
export function nthWeekdayOfMonth(year: number, month: number, weekday: number, n: number): DateTime | null {
  const first = DateTime.utc(year, month, 1);
  if (n > 0) {
    const d = first.plus({ days: (weekday - first.weekday + 7) % 7 + (n - 1) * 7 });
    return d.month === month ? d : null;
  }
  const last = first.endOf('month').startOf('day');
  return last.minus({ days: (last.weekday - weekday + 7) % 7 + (-n - 1) * 7 });
}

/** nth (1-based) working day (Monday to Friday) of a month; n = -1 for the last one. */
export function nthWorkdayOfMonth(year: number, month: number, n: number): DateTime | null {
  const first = DateTime.utc(year, month, 1);
  const days = first.daysInMonth ?? 31;
  const step = n > 0 ? 1 : -1;
  let left = Math.abs(n);
  for (let d = n > 0 ? first : first.set({ day: days }); d.month === month; d = d.plus({ days: step })) {
    if (d.weekday <= 5 && --left === 0) return d;
  }
  return null;
}

/** nth day of a month; negative counts from the end (-1 = last day). */
export function nthDayOfMonth(year: number, month: number, n: number): DateTime | null {
  const first = DateTime.utc(year, month, 1);
  const days = first.daysInMonth ?? 31;
  const day = n > 0 ? n : days + n + 1;
  if (day < 1 || day > days) return null;
  return first.set({ day });
}

/** A calendar date with an implied year or month, moved forward so it is not in the past (rule 7). */
export function forwardDate(date: Ymd, today: { year: number; month: number; day: number }): Ymd {
  // Integer arithmetic on calendar fields: called for every date said, so no DateTime here.
  const todayKey = today.year * 10000 + today.month * 100 + today.day;
  const fits = (y: number, m: number) => m >= 1 && m <= 12 && date.day >= 1 && date.day <= new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (date.monthImplied) {
    for (let i = 0; i < 24; i++) {
      const m0 = today.month - 1 + i;
      const y = today.year + Math.floor(m0 / 12);
      const m = (m0 % 12) + 1;
      if (fits(y, m) && y * 10000 + m * 100 + date.day >= todayKey) return { year: y, month: m, day: date.day };
    }
    return date;
  }
  if (date.yearImplied) {
    for (let i = 0; i < 9; i++) {
      const y = today.year + i;
      if (fits(y, date.month) && y * 10000 + date.month * 100 + date.day >= todayKey) return { year: y, month: date.month, day: date.day };
    }
  }
  return date;
}

/** yyyy-MM-ddTHH:mm of a DateTime, without Luxon's formatter (called for every answer). */
export function formatLocal(local: DateTime): string {
  const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
  return `${local.year}-${two(local.month)}-${two(local.day)}T${two(local.hour)}:${two(local.minute)}`;
}

/** Which part of a month or week is said: "early / début", "mid / mi-", "late / fin". */
/** A holiday on a fixed date: the next one not in the past (rule 7), at 09:00 unless a time is said. */
export function fixedHoliday(today: DateTime, month: number, day: number): Ymd {
  return { year: today.year, month, day, yearImplied: true };
}

export type Stretch = 'start' | 'mid' | 'end';

/**
 * "early december" / "début décembre" (the 1st), "mid-december" / "mi-décembre" (the 15th), "late
 * december" / "fin décembre" (the last day), at 09:00 by rule 2: the next such date (rule 7), or
 * that of the year said.
 */
export function stretchOfMonth(today: DateTime, month: number, stretch: Stretch, year?: number): Ymd {
  if (stretch === 'end') {
    if (year) return { year, month, day: new Date(Date.UTC(year, month, 0)).getUTCDate() };
    return endOfNamedMonth(today, month);
  }
  const day = stretch === 'mid' ? 15 : 1;
  return year ? { year, month, day } : { year: today.year, month, day, yearImplied: true };
}

/**
 * "the start of the month" (the next 1st), "mid-month" (the next 15th), "the end of the year"
 * (31 December), "the start of the year" (the next 1 January).
 */
export function stretchOfThis(today: DateTime, unit: 'month' | 'year', stretch: Stretch): Ymd | null {
  if (unit === 'year') {
    if (stretch === 'start') return { year: today.year + 1, month: 1, day: 1 };
    return stretch === 'end' ? { year: today.year, month: 12, day: 31 } : null;
  }
  if (stretch === 'start') return ymd(today.startOf('month').plus({ months: 1 }));
  if (stretch === 'end') return ymd(today.endOf('month'));
  return today.day < 15 ? { year: today.year, month: today.month, day: 15 } : ymd(today.startOf('month').plus({ months: 1, days: 14 }));
}

/**
 * "the beginning of next week" (its Monday), "the middle of next week" (Wednesday), "the end of
 * next week" (Friday, like "the end of the week"); "the start / middle / end of next month".
 */
export function stretchOfNext(today: DateTime, unit: 'week' | 'month', stretch: Stretch): Ymd {
  if (unit === 'week') {
    const monday = today.minus({ days: today.weekday - 1 }).plus({ weeks: 1 });
    return ymd(monday.plus({ days: stretch === 'start' ? 0 : stretch === 'mid' ? 2 : 4 }));
  }
  const first = today.startOf('month').plus({ months: 1 });
  return ymd(stretch === 'start' ? first : stretch === 'mid' ? first.plus({ days: 14 }) : first.endOf('month'));
}
