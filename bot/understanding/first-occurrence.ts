import { DateTime } from 'luxon';

/**
 * The first occurrence of a rule: the earliest instant strictly after `now` that fits it, at
 * `time` (09:00 when absent; HOURLY/MINUTELY: now plus the interval unless a time is given),
 * wall-clock in `zone` (a nonexistent time moves forward as Luxon moves it, rule 11).
 *
 * TEMPORARY: this stands in for `firstOccurrence` of api/reminders/recurrence.ts (contract B,
 * branch `repeats`) with the same signature, and is to be replaced by it once that file is merged:
 * there must be one recurrence engine. It reads the subset the extractor writes: FREQ, INTERVAL
 * (irrelevant to the first occurrence), BYDAY with ordinals, BYMONTHDAY (incl. -1), BYMONTH.
 * COUNT and UNTIL bound later occurrences only.
 */
export function firstOccurrence(
  rule: string,
  zone: string,
  now: Date,
  time?: { hour: number; minute: number },
): Date | null {
  const parts = new Map<string, string>();
  for (const p of rule.replace(/^RRULE:/i, '').split(';')) {
    const [k, v] = p.split('=');
    if (k && v) parts.set(k.toUpperCase(), v.toUpperCase());
  }
  const freq = parts.get('FREQ');
  const interval = Number(parts.get('INTERVAL') ?? '1') || 1;
  const start = DateTime.fromJSDate(now).setZone(zone);
  if ((freq === 'HOURLY' || freq === 'MINUTELY') && !time) {
    return start.plus(freq === 'HOURLY' ? { hours: interval } : { minutes: interval }).toJSDate();
  }
  const hour = time?.hour ?? 9;
  const minute = time?.minute ?? 0;
  const byDay = (parts.get('BYDAY') ?? '')
    .split(',')
    .filter(Boolean)
    .map((d) => {
      const m = d.match(/^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/);
      return m ? { n: m[1] ? Number(m[1]) : 0, wd: WEEKDAY[m[2]] } : null;
    })
    .filter((d): d is { n: number; wd: number } => d !== null);
  const byMonthDay = (parts.get('BYMONTHDAY') ?? '').split(',').filter(Boolean).map(Number);
  const byMonth = (parts.get('BYMONTH') ?? '').split(',').filter(Boolean).map(Number);
  const fits = (d: DateTime): boolean => {
    if (byMonth.length && !byMonth.includes(d.month)) return false;
    const days = d.daysInMonth ?? 31;
    if (byMonthDay.length && !byMonthDay.some((n) => (n > 0 ? n === d.day : days + n + 1 === d.day))) return false;
    if (byDay.length) {
      return byDay.some(({ n, wd }) => {
        if (d.weekday !== wd) return false;
        if (!n) return true;
        // Ordinals count within the month (MONTHLY, or YEARLY with BYMONTH).
        return n > 0 ? Math.ceil(d.day / 7) === n : Math.ceil((days - d.day + 1) / 7) === -n;
      });
    }
    return true;
  };
  const today = DateTime.utc(start.year, start.month, start.day);
  // Four years and a day cover a yearly 29 February.
  for (let i = 0; i <= 366 * 4 + 1; i++) {
    const d = today.plus({ days: i });
    if (!fits(d)) continue;
    const at = DateTime.fromObject({ year: d.year, month: d.month, day: d.day, hour, minute }, { zone });
    if (at.isValid && at > start) return at.toJSDate();
  }
  return null;
}

const WEEKDAY: Record<string, number> = { MO: 1, TU: 2, WE: 3, TH: 4, FR: 5, SA: 6, SU: 7 };
