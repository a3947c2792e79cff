import { addDays, nextWeekday, nthDayOfMonth, nthWeekdayOfMonth, nthWorkdayOfMonth, weekdayInWeek, ymd } from './calendar';
import { isClockDuration, readDuration } from './duration';
import { ParseEnv } from './piece-parser';
import { WhenPiece } from './types';
import { fold, PLACE_ZONES, WORKDAY } from './vocabulary';

/**
 * next: rule 4, the first such day after today ("monday", "next monday", "lundi prochain");
 * this: from today on ("this friday"); following-week: in next calendar week ("monday next week");
 * this-week: in the current calendar week ("tuesday of this week"); week-after-next: two weeks on.
 */
export type WeekdayMode = 'next' | 'this' | 'following-week' | 'this-week' | 'week-after-next' | 'in-eight';

export function weekdayPiece(env: ParseEnv, weekday: number, mode: WeekdayMode, dayOfMonth?: number): WhenPiece | null {
  const today = env.today;
  if (dayOfMonth !== undefined) {
    if (dayOfMonth < 1 || dayOfMonth > 31) return null;
    // "mercredi 13", "Tuesday the 19th": the next such day of a month, preferring one on that weekday.
    let fallback: WhenPiece | null = null;
    const todayKey = today.year * 10000 + today.month * 100 + today.day;
    for (let i = 0; i < 14; i++) {
      const first = new Date(Date.UTC(today.year, today.month - 1 + i, 1));
      const year = first.getUTCFullYear();
      const month = first.getUTCMonth() + 1;
      if (dayOfMonth > new Date(Date.UTC(year, month, 0)).getUTCDate()) continue;
      if (year * 10000 + month * 100 + dayOfMonth < todayKey) continue;
      const date = { year, month, day: dayOfMonth };
      if ((new Date(Date.UTC(year, month - 1, dayOfMonth)).getUTCDay() || 7) === weekday) return { date, fromWeekday: true };
      fallback ??= { date, fromWeekday: true };
    }
    return fallback;
  }
  if (mode === 'next' || mode === 'this') {
    let diff = (weekday - today.weekday + 7) % 7;
    if (diff === 0 && mode === 'next') diff = 7;
    return { date: addDays(today, diff), fromWeekday: true };
  }
  let d;
  switch (mode) {
    case 'following-week':
      d = weekdayInWeek(today, weekday, 1);
      break;
    case 'this-week':
      d = weekdayInWeek(today, weekday, 0);
      break;
    case 'week-after-next':
      d = weekdayInWeek(today, weekday, 2);
      break;
    case 'in-eight':
      d = nextWeekday(today, weekday).plus({ weeks: 1 });
      break;
    default:
      d = nextWeekday(today, weekday);
  }
  return { date: ymd(d), fromWeekday: true };
}

/**
 * "last friday of october", "the 5th last day of May", "le premier mercredi du mois prochain".
 * weekday 0 means a plain day, WORKDAY a working day ("the last business day of the month"). relative 1 means
 * next month, 0 this month (when no month named).
 */
export function ordinalDayPiece(
  env: ParseEnv,
  n: number,
  weekday: number,
  target: { month?: number; year?: number; relative: number; upcoming?: boolean },
): WhenPiece | null {
  const today = env.today;
  const compute = (year: number, month: number) =>
    weekday === WORKDAY ? nthWorkdayOfMonth(year, month, n) : weekday ? nthWeekdayOfMonth(year, month, weekday, n) : nthDayOfMonth(year, month, n);
  if (target.month) {
    let year = target.year ?? today.year;
    let d = compute(year, target.month);
    if (!target.year && d && d.toISODate()! < today.toISODate()!) {
      year += 1;
      d = compute(year, target.month);
    }
    return d ? { date: ymd(d), nth: { n, weekday, month: target.month } } : null;
  }
  const base = today.startOf('month').plus({ months: target.relative });
  let d = compute(base.year, base.month);
  // "the last friday of the month", "le dernier jour du mois": the next one, so next month's once
  // this month's has passed.
  const next = base.plus({ months: 1 });
  if (target.upcoming && (!d || d.toISODate()! < today.toISODate()!)) {
    d = compute(next.year, next.month);
    return d ? { date: ymd(d) } : null;
  }
  if (!d) return null;
  // Today's, once its time has passed, gives way to next month's (see resolvePiece).
  const after = target.upcoming && d.toISODate() === today.toISODate() ? compute(next.year, next.month) : null;
  return after ? { date: ymd(d), thenDate: ymd(after) } : { date: ymd(d) };
}

/** "the 20th of next month", "le 20 du mois prochain". */
export function relativeMonthDayPiece(env: ParseEnv, day: number, monthsAhead: number): WhenPiece | null {
  const base = env.today.startOf('month').plus({ months: monthsAhead });
  if (day < 1 || day > (base.daysInMonth ?? 31)) return null;
  return { date: ymd(base.set({ day })) };
}

/**
 * Rule 5: minutes and hours are added to the instant (so a DST change in between is honoured);
 * days and longer move the calendar and keep the clock time.
 */
export function durationPiece(env: ParseEnv, text: string): WhenPiece | null {
  const d = readDuration(text);
  if (!d) return null;
  if (isClockDuration(d)) {
    const instant = env.now.plus(d);
    if (!instant.isValid) return null;
    return { instant: instant.toMillis() };
  }
  const day = env.today.plus(d);
  if (!day.isValid) return null;
  return { date: ymd(day), keepClock: true };
}

export function zonePiece(place: string): WhenPiece | null {
  const key = fold(place).replace(/[\s-]+/g, ' ').trim();
  const zone = PLACE_ZONES[key] ?? PLACE_ZONES[key.replace(/ /g, '-')];
  return zone ? { zone } : null;
}
