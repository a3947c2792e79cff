import { DateTime, IANAZone } from 'luxon';
import { zoneNamed } from '../common/zone-cache';
import { repeatWords, type RepeatLanguage } from './repeat-words';

/**
 * The one expansion engine for repeating reminders (RFC 5545 RRULE, without DTSTART).
 *
 * Supported subset: FREQ=MINUTELY|HOURLY|DAILY|WEEKLY|MONTHLY|YEARLY, INTERVAL, BYDAY (with ordinals
 * such as 1MO or -1FR in MONTHLY/YEARLY), BYMONTHDAY (incl. negative), BYMONTH, BYSETPOS (in MONTHLY/YEARLY,
 * beside a BYDAY or BYMONTHDAY: "the last working day of the month" is BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1),
 * COUNT, UNTIL, WKST=MO.
 * MINUTELY ("every 30 minutes") takes no BY* part and at least MIN_MINUTES between occurrences: a
 * reminder is a message to a person, not a timer.
 * Everything is read in the reminder's IANA zone: the wall-clock time of DTSTART is kept across
 * daylight-saving changes (08:00 stays 08:00); a time that does not exist on a spring-forward day
 * is moved forward by the gap (02:30 -> 03:30), as RFC 5545 §3.3.5 prescribes. MINUTELY and HOURLY
 * step in real time. An UNTIL given as a date (20261231) lasts to the end of that day in the zone.
 * Pure: no I/O, no clock; callers pass every instant.
 */

export type Frequency = 'MINUTELY' | 'HOURLY' | 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';

/** 1 = Monday … 7 = Sunday (Luxon's numbering); ordinal null = every such weekday of the period. */
export interface ByDay {
  weekday: number;
  ordinal: number | null;
}

export type Until = { kind: 'date'; year: number; month: number; day: number } | { kind: 'utc'; at: Date } | { kind: 'local'; iso: string };

export interface ParsedRrule {
  freq: Frequency;
  interval: number;
  byDay: ByDay[];
  byMonthDay: number[];
  byMonth: number[];
  /** Positions kept of each period's days, in order (1 = the first, -1 = the last); empty = all. */
  bySetPos: number[];
  count: number | null;
  until: Until | null;
}

export type RecurrenceErrorCode = 'rrule_invalid' | 'rrule_unsupported' | 'zone_invalid';

/** Coded: callers map `code` to an HTTP status or to the user's words, never the message. */
export class RecurrenceError extends Error {
  constructor(
    readonly code: RecurrenceErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'RecurrenceError';
  }
}

const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
const FREQS: Frequency[] = ['MINUTELY', 'HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'];
/** The shortest gap a MINUTELY rule may have. */
export const MIN_MINUTES = 5;
const MAX_RULE_LENGTH = 256;
/**
 * A rule that can never match (BYMONTHDAY=31;BYMONTH=2) ends after this many periods without an
 * occurrence: 28 years (the calendar's cycle of weekdays and leap years, past any real gap such as
 * Feb 29 or a Friday the 13th), two years for HOURLY, whose gaps are at most a year.
 */
const EMPTY_SPAN: Record<Frequency, number> = { MINUTELY: 1, HOURLY: 2 * 8784, DAILY: 28 * 366, WEEKLY: 28 * 53, MONTHLY: 28 * 12, YEARLY: 28 };

function int(text: string, name: string, min: number, max: number): number {
  if (!/^[+-]?\d{1,6}$/.test(text)) throw new RecurrenceError('rrule_invalid', `${name} must be a whole number`);
  const value = Number(text);
  if (value < min || value > max) throw new RecurrenceError('rrule_invalid', `${name} out of range`);
  return value;
}

export function parseRrule(rule: string): ParsedRrule {
  if (typeof rule !== 'string' || rule.length === 0 || rule.length > MAX_RULE_LENGTH) {
    throw new RecurrenceError('rrule_invalid', 'Empty or too long rule');
  }
  const text = rule.trim().replace(/^RRULE:/i, '');
  const seen = new Set<string>();
  const parsed: Partial<ParsedRrule> & { byDay: ByDay[]; byMonthDay: number[]; byMonth: number[]; bySetPos: number[] } = {
    interval: 1,
    byDay: [],
    byMonthDay: [],
    byMonth: [],
    bySetPos: [],
    count: null,
    until: null,
  };
  for (const part of text.split(';')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    if (eq <= 0) throw new RecurrenceError('rrule_invalid', `Malformed part "${part}"`);
    const key = part.slice(0, eq).toUpperCase();
    const value = part.slice(eq + 1).toUpperCase();
    if (seen.has(key)) throw new RecurrenceError('rrule_invalid', `${key} given twice`);
    seen.add(key);
    switch (key) {
      case 'FREQ':
        if (!FREQS.includes(value as Frequency)) throw new RecurrenceError('rrule_unsupported', `FREQ=${value} is not supported`);
        parsed.freq = value as Frequency;
        break;
      case 'INTERVAL':
        parsed.interval = int(value, 'INTERVAL', 1, 1000);
        break;
      case 'COUNT':
        parsed.count = int(value, 'COUNT', 1, 100_000);
        break;
      case 'UNTIL':
        parsed.until = parseUntil(value);
        break;
      case 'BYDAY':
        for (const item of value.split(',')) {
          const m = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/.exec(item);
          if (!m) throw new RecurrenceError('rrule_invalid', `BYDAY value "${item}" is not a weekday`);
          const ordinal = m[1] === undefined ? null : int(m[1], 'BYDAY ordinal', -53, 53);
          if (ordinal === 0) throw new RecurrenceError('rrule_invalid', 'BYDAY ordinal cannot be 0');
          parsed.byDay.push({ weekday: WEEKDAYS.indexOf(m[2] as (typeof WEEKDAYS)[number]) + 1, ordinal });
        }
        break;
      case 'BYMONTHDAY':
        for (const item of value.split(',')) {
          const day = int(item, 'BYMONTHDAY', -31, 31);
          if (day === 0) throw new RecurrenceError('rrule_invalid', 'BYMONTHDAY cannot be 0');
          parsed.byMonthDay.push(day);
        }
        break;
      case 'BYMONTH':
        for (const item of value.split(',')) parsed.byMonth.push(int(item, 'BYMONTH', 1, 12));
        break;
      case 'BYSETPOS':
        for (const item of value.split(',')) {
          const pos = int(item, 'BYSETPOS', -366, 366);
          if (pos === 0) throw new RecurrenceError('rrule_invalid', 'BYSETPOS cannot be 0');
          parsed.bySetPos.push(pos);
        }
        break;
      case 'WKST':
        if (value !== 'MO') throw new RecurrenceError('rrule_unsupported', 'Only WKST=MO is supported');
        break;
      default:
        throw new RecurrenceError('rrule_unsupported', `${key} is not supported`);
    }
  }
  if (!parsed.freq) throw new RecurrenceError('rrule_invalid', 'FREQ is required');
  if (parsed.count !== null && parsed.until !== null) throw new RecurrenceError('rrule_invalid', 'COUNT and UNTIL cannot both be given');
  if (parsed.byDay.some((d) => d.ordinal !== null) && parsed.freq !== 'MONTHLY' && parsed.freq !== 'YEARLY') {
    throw new RecurrenceError('rrule_invalid', 'BYDAY ordinals only make sense with FREQ=MONTHLY or YEARLY');
  }
  if (parsed.freq === 'MINUTELY') {
    if (parsed.byDay.length || parsed.byMonthDay.length || parsed.byMonth.length) throw new RecurrenceError('rrule_unsupported', 'FREQ=MINUTELY takes no BY* part');
    if ((parsed.interval ?? 1) < MIN_MINUTES) throw new RecurrenceError('rrule_unsupported', `FREQ=MINUTELY needs INTERVAL of at least ${MIN_MINUTES}`);
  }
  if (parsed.bySetPos.length > 0) {
    if (parsed.freq !== 'MONTHLY' && parsed.freq !== 'YEARLY') throw new RecurrenceError('rrule_unsupported', 'BYSETPOS is supported with FREQ=MONTHLY or YEARLY');
    // RFC 5545 §3.3.10: BYSETPOS picks among the days another BYxxx part gives.
    if (!parsed.byDay.length && !parsed.byMonthDay.length) throw new RecurrenceError('rrule_invalid', 'BYSETPOS needs BYDAY or BYMONTHDAY');
  }
  if (parsed.freq === 'WEEKLY' && parsed.byMonthDay.length > 0) throw new RecurrenceError('rrule_invalid', 'BYMONTHDAY cannot be used with FREQ=WEEKLY');
  parsed.byMonthDay.sort((a, b) => a - b);
  parsed.byMonth = [...new Set(parsed.byMonth)].sort((a, b) => a - b);
  return parsed as ParsedRrule;
}

function parseUntil(value: string): Until {
  let m = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (m) {
    const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (!DateTime.fromObject({ year, month, day }, { zone: 'UTC' }).isValid) throw new RecurrenceError('rrule_invalid', 'UNTIL is not a date');
    return { kind: 'date', year, month, day };
  }
  m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z?)$/.exec(value);
  if (!m) throw new RecurrenceError('rrule_invalid', 'UNTIL must be YYYYMMDD or YYYYMMDDTHHMMSS[Z]');
  const iso = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}`;
  if (m[7] === 'Z') {
    const at = DateTime.fromISO(iso, { zone: 'UTC' });
    if (!at.isValid) throw new RecurrenceError('rrule_invalid', 'UNTIL is not a date');
    return { kind: 'utc', at: at.toJSDate() };
  }
  if (!DateTime.fromISO(iso, { zone: 'UTC' }).isValid) throw new RecurrenceError('rrule_invalid', 'UNTIL is not a date');
  return { kind: 'local', iso };
}

const validZones = new Set<string>();

/** Throws for an unknown zone. Intl builds a formatter to check a name, so known names are kept. */
function checkZone(zone: string): void {
  if (validZones.has(zone)) return;
  if (!IANAZone.isValidZone(zone)) throw new RecurrenceError('zone_invalid', `Unknown time zone "${zone}"`);
  if (validZones.size < 1024) validZones.add(zone);
}

/** The last instant the series may reach, read in `zone`. */
export function untilInstant(until: Until, zone: string): Date {
  if (until.kind === 'utc') return until.at;
  if (until.kind === 'local') return DateTime.fromISO(until.iso, { zone: zoneNamed(zone) }).toJSDate();
  return DateTime.fromObject({ year: until.year, month: until.month, day: until.day }, { zone: zoneNamed(zone) }).endOf('day').toJSDate();
}

interface LocalTime {
  hour: number;
  minute: number;
  second: number;
  millisecond?: number;
}

function at(date: DateTime, time: LocalTime, zone: string): DateTime {
  // Built from calendar fields in the zone, so a DST change never shifts the wall-clock time;
  // Luxon moves a time that falls in a spring-forward gap forward by the gap.
  return DateTime.fromObject({ year: date.year, month: date.month, day: date.day, hour: time.hour, minute: time.minute, second: time.second, millisecond: time.millisecond ?? 0 }, { zone: zoneNamed(zone) });
}

function nthWeekdays(days: DateTime[], byDay: ByDay[]): DateTime[] {
  const out: DateTime[] = [];
  for (const rule of byDay) {
    const matching = days.filter((d) => d.weekday === rule.weekday);
    if (rule.ordinal === null) out.push(...matching);
    else {
      const pick = rule.ordinal > 0 ? matching[rule.ordinal - 1] : matching[matching.length + rule.ordinal];
      if (pick) out.push(pick);
    }
  }
  return out;
}

function daysOfMonth(year: number, month: number, zone: string): DateTime[] {
  const first = DateTime.fromObject({ year, month, day: 1 }, { zone: zoneNamed(zone) });
  return Array.from({ length: first.daysInMonth ?? 31 }, (_, i) => first.plus({ days: i }));
}

function monthDayMatches(date: DateTime, byMonthDay: number[]): boolean {
  const last = date.daysInMonth ?? 31;
  return byMonthDay.some((d) => (d > 0 ? date.day === d : date.day === last + d + 1));
}

/** Dates (at midnight, in the zone) of one month that the rule keeps, before the BYMONTH filter. */
function monthCandidates(year: number, month: number, r: ParsedRrule, zone: string, startDay: number): DateTime[] {
  const days = daysOfMonth(year, month, zone);
  let picked: DateTime[];
  if (r.byDay.length > 0) {
    picked = nthWeekdays(days, r.byDay);
    if (r.byMonthDay.length > 0) picked = picked.filter((d) => monthDayMatches(d, r.byMonthDay));
  } else if (r.byMonthDay.length > 0) {
    picked = days.filter((d) => monthDayMatches(d, r.byMonthDay));
  } else {
    // No day given: DTSTART's day of the month; months without it are skipped (RFC 5545).
    picked = days.filter((d) => d.day === startDay);
  }
  return picked;
}

/** Candidate instants of period `k` (k-th step of INTERVAL from DTSTART's period), sorted. */
function periodCandidates(r: ParsedRrule, zone: string, start: DateTime, k: number): DateTime[] {
  // DTSTART's time of day to the millisecond, so DTSTART itself is always the first candidate.
  const time: LocalTime = { hour: start.hour, minute: start.minute, second: start.second, millisecond: start.millisecond };
  const step = k * r.interval;
  const monthOk = (d: DateTime) => r.byMonth.length === 0 || r.byMonth.includes(d.month);
  let dates: DateTime[];
  switch (r.freq) {
    case 'MINUTELY':
      return [start.plus({ minutes: step })];
    case 'HOURLY': {
      const instant = start.plus({ hours: step });
      const local = instant.setZone(zoneNamed(zone));
      const ok =
        monthOk(local) &&
        (r.byMonthDay.length === 0 || monthDayMatches(local, r.byMonthDay)) &&
        (r.byDay.length === 0 || r.byDay.some((d) => d.weekday === local.weekday));
      return ok ? [local] : [];
    }
    case 'DAILY': {
      const day = start.startOf('day').plus({ days: step });
      const ok =
        monthOk(day) &&
        (r.byMonthDay.length === 0 || monthDayMatches(day, r.byMonthDay)) &&
        (r.byDay.length === 0 || r.byDay.some((d) => d.weekday === day.weekday));
      dates = ok ? [day] : [];
      break;
    }
    case 'WEEKLY': {
      const monday = start.startOf('day').minus({ days: start.weekday - 1 }).plus({ weeks: step });
      const weekdays = r.byDay.length > 0 ? [...new Set(r.byDay.map((d) => d.weekday))] : [start.weekday];
      dates = weekdays.map((w) => monday.plus({ days: w - 1 })).filter(monthOk);
      break;
    }
    case 'MONTHLY': {
      const month = start.startOf('month').plus({ months: step });
      dates = monthOk(month) ? monthCandidates(month.year, month.month, r, zone, start.day) : [];
      break;
    }
    case 'YEARLY': {
      const year = start.year + step;
      const months =
        r.byMonth.length > 0 ? r.byMonth : r.byMonthDay.length > 0 || r.byDay.length > 0 ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] : [start.month];
      if (r.byDay.some((d) => d.ordinal !== null) && r.byMonth.length === 0) {
        // "20MO" in a yearly rule without BYMONTH counts within the year.
        const first = DateTime.fromObject({ year, month: 1, day: 1 }, { zone: zoneNamed(zone) });
        const days = Array.from({ length: first.daysInYear }, (_, i) => first.plus({ days: i }));
        dates = nthWeekdays(days, r.byDay);
        if (r.byMonthDay.length > 0) dates = dates.filter((d) => monthDayMatches(d, r.byMonthDay));
      } else {
        dates = months.flatMap((m) => monthCandidates(year, m, r, zone, start.day));
      }
      break;
    }
  }
  const unique = new Map<string, DateTime>();
  for (const d of dates) unique.set(`${d.year}-${d.month}-${d.day}`, d);
  const sorted = [...unique.values()].sort((a, b) => a.toMillis() - b.toMillis());
  return setPositions(sorted, r.bySetPos).map((d) => at(d, time, zone));
}

/** BYSETPOS: the days at those positions of the period's sorted set (all of them when none is given). */
function setPositions(sorted: DateTime[], positions: number[]): DateTime[] {
  if (positions.length === 0) return sorted;
  const kept = new Set<DateTime>();
  for (const p of positions) {
    const d = p > 0 ? sorted[p - 1] : sorted[sorted.length + p];
    if (d) kept.add(d);
  }
  return sorted.filter((d) => kept.has(d));
}

/** Period index of the period containing `after` (or just before it); lets a long-running series without COUNT skip ahead. */
function periodNear(r: ParsedRrule, start: DateTime, after: DateTime): number {
  const local = after.setZone(start.zone);
  let units: number;
  switch (r.freq) {
    case 'MINUTELY':
      units = Math.floor(local.diff(start, 'minutes').minutes);
      break;
    case 'HOURLY':
      units = Math.floor(local.diff(start, 'hours').hours);
      break;
    case 'DAILY':
      units = Math.floor(local.startOf('day').diff(start.startOf('day'), 'days').days);
      break;
    case 'WEEKLY':
      units = Math.floor(local.startOf('week').diff(start.startOf('week'), 'weeks').weeks);
      break;
    case 'MONTHLY':
      units = (local.year - start.year) * 12 + (local.month - start.month);
      break;
    case 'YEARLY':
      units = local.year - start.year;
      break;
  }
  return Math.max(0, Math.floor(units / r.interval) - 1);
}

function* expand(r: ParsedRrule, zone: string, dtstart: Date, skipTo: Date | null): Generator<DateTime> {
  const start = DateTime.fromJSDate(dtstart, { zone: zoneNamed(zone) });
  const until = r.until ? untilInstant(r.until, zone).getTime() : Infinity;
  let produced = 0;
  let empty = 0;
  const maxEmpty = Math.ceil(EMPTY_SPAN[r.freq] / r.interval);
  // With COUNT every occurrence since DTSTART must be counted, so no skipping.
  let k = skipTo && r.count === null ? periodNear(r, start, DateTime.fromJSDate(skipTo)) : 0;
  for (; ; k++) {
    const candidates = periodCandidates(r, zone, start, k).filter((c) => c.toMillis() >= start.toMillis());
    if (candidates.length === 0) {
      if (++empty > maxEmpty) return;
      continue;
    }
    empty = 0;
    for (const c of candidates) {
      if (c.toMillis() > until) return;
      if (r.count !== null && produced >= r.count) return;
      produced++;
      yield c;
    }
  }
}

/** Up to `limit` occurrences strictly after `after`, in order; the series starts at `dtstart`. */
export function occurrencesAfter(rule: string, zone: string, dtstart: Date, after: Date, limit: number): Date[] {
  checkZone(zone);
  const r = parseRrule(rule);
  const out: Date[] = [];
  if (limit <= 0) return out;
  for (const c of expand(r, zone, dtstart, after)) {
    if (c.toMillis() <= after.getTime()) continue;
    out.push(c.toJSDate());
    if (out.length >= limit) break;
  }
  return out;
}

/** The occurrence that follows `after`, or null when COUNT/UNTIL (counted from `dtstart`) ended the series. */
export function nextOccurrence(rule: string, zone: string, dtstart: Date, after: Date): Date | null {
  return occurrencesAfter(rule, zone, dtstart, after, 1)[0] ?? null;
}

/**
 * The earliest instant strictly after `now` that fits the rule, at `time` in the zone (09:00 when
 * absent). MINUTELY/HOURLY without a time: now + INTERVAL minutes/hours. INTERVAL counts from the
 * result, so it does not delay the first occurrence ("every other Monday" starts next Monday).
 * Null past UNTIL.
 */
export function firstOccurrence(rule: string, zone: string, now: Date, time?: { hour: number; minute: number }): Date | null {
  return firstOccurrenceWith(rule, zone, now, time, true);
}

/**
 * The same answer as firstOccurrence, found by the generic expansion (a DateTime per period)
 * instead of the calendar-day scan: kept so tests can check the fast path against it.
 */
export function firstOccurrenceByExpansion(rule: string, zone: string, now: Date, time?: { hour: number; minute: number }): Date | null {
  return firstOccurrenceWith(rule, zone, now, time, false);
}

function firstOccurrenceWith(rule: string, zone: string, now: Date, time: { hour: number; minute: number } | undefined, fast: boolean): Date | null {
  checkZone(zone);
  const r = parseRrule(rule);
  const localNow = DateTime.fromJSDate(now, { zone: zoneNamed(zone) });
  const timeGrid = r.freq === 'HOURLY' || r.freq === 'MINUTELY';
  let first: DateTime | null = null;
  if (timeGrid && !time) {
    const step = r.freq === 'HOURLY' ? { hours: r.interval } : { minutes: r.interval };
    const candidate = localNow.plus(step).set({ second: 0, millisecond: 0 });
    for (const c of expand({ ...r, interval: r.freq === 'HOURLY' ? 1 : r.interval, count: null, until: null }, zone, candidate.toJSDate(), null)) {
      first = c;
      break;
    }
  } else {
    const t = time ?? { hour: 9, minute: 0 };
    const startOfToday = at(localNow.startOf('day'), { hour: t.hour, minute: t.minute, second: 0 }, zone);
    if (timeGrid) {
      // A given time anchors the grid; the first point of it after now.
      for (const c of expand({ ...r, count: null, until: null }, zone, startOfToday.toJSDate(), now)) {
        if (c.toMillis() > now.getTime()) {
          first = c;
          break;
        }
      }
    } else {
      // Any day fits a rule that names no day; the grid is re-anchored on the result.
      const probe: ParsedRrule = { ...r, interval: 1, count: null, until: null };
      if (r.freq === 'WEEKLY' && r.byDay.length === 0) probe.freq = 'DAILY';
      if ((r.freq === 'MONTHLY' || r.freq === 'YEARLY') && r.byDay.length === 0 && r.byMonthDay.length === 0) {
        probe.freq = 'DAILY';
      }
      if (r.freq === 'YEARLY' && r.byMonth.length > 0 && r.byDay.length === 0 && r.byMonthDay.length === 0) probe.freq = 'DAILY';
      // BYSETPOS picks among a whole month's days: the day-by-day scan cannot see that.
      if (fast && r.bySetPos.length === 0) first = firstFittingDay(probe, zone, startOfToday, now.getTime());
      else {
        for (const c of expand(probe, zone, startOfToday.toJSDate(), null)) {
          if (c.toMillis() > now.getTime()) {
            first = c;
            break;
          }
        }
      }
    }
  }
  if (!first) return null;
  if (r.until && first.toMillis() > untilInstant(r.until, zone).getTime()) return null;
  return first.toJSDate();
}

/** Days of each month of a common year (February's leap day is added where it applies). */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysIn = (y: number, m: number) => (m === 2 && isLeap(y) ? 29 : MONTH_DAYS[m - 1]);
/** 28 years of days: past it a rule that found no day never will (see EMPTY_SPAN). */
const SCAN_DAYS = 28 * 366 + 7;

/**
 * Whether a calendar day fits a probe rule (interval 1, no COUNT/UNTIL), with the same reading
 * as periodCandidates: weekday codes, ordinals within the month (or the year for a YEARLY rule
 * without BYMONTH), days of the month counted from either end, months.
 */
function dayFits(r: ParsedRrule, y: number, m: number, d: number, weekday: number, dim: number, dayOfYear: () => [number, number]): boolean {
  if (r.byMonth.length > 0 && !r.byMonth.includes(m)) return false;
  const monthDayOk = () => r.byMonthDay.some((x) => (x > 0 ? d === x : d === dim + x + 1));
  if (r.freq === 'DAILY' || r.freq === 'WEEKLY') {
    if (r.freq === 'DAILY' && r.byMonthDay.length > 0 && !monthDayOk()) return false;
    return r.byDay.length === 0 || r.byDay.some((b) => b.weekday === weekday);
  }
  // MONTHLY, YEARLY: the probe has BYDAY or BYMONTHDAY.
  if (r.byDay.length > 0) {
    const inYear = r.freq === 'YEARLY' && r.byMonth.length === 0 && r.byDay.some((b) => b.ordinal !== null);
    const fits = r.byDay.some((b) => {
      if (b.weekday !== weekday) return false;
      if (b.ordinal === null) return true;
      const [pos, len] = inYear ? dayOfYear() : [d, dim];
      return b.ordinal > 0 ? Math.ceil(pos / 7) === b.ordinal : Math.floor((len - pos) / 7) + 1 === -b.ordinal;
    });
    return fits && (r.byMonthDay.length === 0 || monthDayOk());
  }
  return monthDayOk();
}

/**
 * The first day from `start`'s day on that fits the probe, at `start`'s time, strictly after
 * `nowMs`: a walk over calendar fields with integer arithmetic, building a DateTime only for the
 * days that fit (usually one or two), instead of one per day or per day of each month.
 */
function firstFittingDay(r: ParsedRrule, zone: string, start: DateTime, nowMs: number): DateTime | null {
  const time: LocalTime = { hour: start.hour, minute: start.minute, second: start.second, millisecond: start.millisecond };
  let y = start.year;
  let m = start.month;
  let d = start.day;
  let weekday = start.weekday;
  let dim = daysIn(y, m);
  const dayOfYear = (): [number, number] => {
    const doy = (Date.UTC(y, m - 1, d) - Date.UTC(y, 0, 1)) / 86400000 + 1;
    return [doy, isLeap(y) ? 366 : 365];
  };
  for (let i = 0; i < SCAN_DAYS; i++) {
    if (dayFits(r, y, m, d, weekday, dim, dayOfYear)) {
      const c = DateTime.fromObject({ year: y, month: m, day: d, ...time }, { zone: zoneNamed(zone) });
      if (c.toMillis() > nowMs && c.toMillis() >= start.toMillis()) return c;
    }
    weekday = weekday === 7 ? 1 : weekday + 1;
    if (++d > dim) {
      d = 1;
      if (++m > 12) {
        m = 1;
        y++;
      }
      dim = daysIn(y, m);
    }
  }
  return null;
}

function list(items: string[], language: RepeatLanguage): string {
  const w = repeatWords[language];
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${w.and} ${items[items.length - 1]}`;
}

const WEEKDAY_SET = '1,2,3,4,5';

/** "tous les lundis à 08:00" / "every Monday at 08:00": the rule in the user's words. */
export function describeRepeat(rule: string, zone: string, dtstart: Date, language: RepeatLanguage): string {
  checkZone(zone);
  const r = parseRrule(rule);
  const w = repeatWords[language];
  const start = DateTime.fromJSDate(dtstart, { zone: zoneNamed(zone) });
  const time = start.toFormat('HH:mm');
  const plainDays = r.byDay.filter((d) => d.ordinal === null).map((d) => d.weekday);
  const plainSorted = [...new Set(plainDays)].sort((a, b) => a - b);
  const isWeekdays = plainSorted.join(',') === WEEKDAY_SET && r.byDay.length === 5 && r.interval === 1;
  let text: string;
  switch (r.freq) {
    case 'MINUTELY':
      text = w.minutely(r.interval);
      break;
    case 'HOURLY':
      text = w.hourly(r.interval);
      break;
    case 'DAILY':
      if (isWeekdays) text = w.weekdays(time);
      else if (plainSorted.length > 0 && r.interval === 1) text = w.weekly(plainSorted, 1, time);
      else text = w.daily(r.interval, time);
      break;
    case 'WEEKLY': {
      const days = plainSorted.length > 0 ? plainSorted : [start.weekday];
      text = isWeekdays ? w.weekdays(time) : w.weekly(days, r.interval, time);
      break;
    }
    case 'MONTHLY': {
      const what = monthlyWhat(r, start, language);
      const months = [...r.byMonth].sort((a, b) => a - b).join(',');
      const positions = r.bySetPos.length > 0 ? r.bySetPos : [...r.byMonthDay, ...r.byDay.map((d) => d.ordinal ?? 0)];
      if (r.interval === 1 && ((months === '1,4,7,10' && positions.every((p) => p > 0)) || (months === '3,6,9,12' && positions.every((p) => p < 0)))) {
        text = w.quarterly(what, time);
      } else if (r.byMonth.length > 0 && r.interval === 1) {
        text = w.monthlyIn(what, list(r.byMonth.map((m) => w.month(m)), language), time);
      } else text = w.monthly(what, r.interval, time);
      break;
    }
    case 'YEARLY': {
      if (r.byMonth.length > 0 && r.byDay.length === 0 && r.byMonthDay.length <= 1 && (r.byMonthDay[0] ?? 1) > 0 && r.bySetPos.length === 0) {
        const day = r.byMonthDay[0] ?? start.day;
        text = w.yearlyOn(list(r.byMonth.map((m) => w.dayOfMonth(day, m)), language), r.interval, time);
      } else if (r.byMonth.length > 0 && r.byMonthDay.length <= 1 && r.byDay.length <= 5) {
        // A position in the month: "every year on the fourth Thursday of November", "the last day of February".
        text = w.yearlyOn(w.ofMonths(monthlyWhat(r, start, language), list(r.byMonth.map((m) => w.month(m)), language)), r.interval, time);
      } else if (r.byMonth.length === 0 && r.byDay.length === 0 && r.byMonthDay.length === 0) {
        text = w.yearlyOn(w.dayOfMonth(start.day, start.month), r.interval, time);
      } else {
        text = w.yearlyOn(monthlyWhat(r, start, language), r.interval, time);
        if (r.byMonth.length > 0) text += w.inMonths(list(r.byMonth.map((m) => w.month(m)), language));
      }
      break;
    }
  }
  if (r.byMonth.length > 0 && r.freq !== 'YEARLY' && !(r.freq === 'MONTHLY' && r.interval === 1)) text += w.inMonths(list(r.byMonth.map((m) => w.month(m)), language));
  if (r.count !== null) text += w.count(r.count);
  if (r.until) text += w.until(DateTime.fromJSDate(untilInstant(r.until, zone), { zone: zoneNamed(zone) }));
  return text;
}

function monthlyWhat(r: ParsedRrule, start: DateTime, language: RepeatLanguage): string {
  const w = repeatWords[language];
  if (r.bySetPos.length > 0) {
    const workdays = r.byMonthDay.length === 0 && r.byDay.every((d) => d.ordinal === null) && [...new Set(r.byDay.map((d) => d.weekday))].sort().join(',') === WEEKDAY_SET;
    if (workdays) return list(r.bySetPos.map((p) => w.nthWorkday(p)), language);
    return w.setPositions(monthlyWhat({ ...r, bySetPos: [] }, start, language), r.bySetPos);
  }
  if (r.byDay.length > 0) return list(r.byDay.map((d) => w.nthWeekday(d.ordinal, d.weekday)), language);
  const days = r.byMonthDay.length > 0 ? r.byMonthDay : [start.day];
  return list(days.map((d) => w.nthDay(d)), language);
}
