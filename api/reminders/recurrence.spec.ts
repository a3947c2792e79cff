import { DateTime } from 'luxon';
import fc from 'fast-check';
import { describeRepeat, firstOccurrence, firstOccurrenceByExpansion, nextOccurrence, occurrencesAfter, parseRrule, RecurrenceError } from './recurrence';

const PARIS = 'Europe/Paris';
const NY = 'America/New_York';
/** An instant from a wall-clock time in a zone. */
const local = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toJSDate();
/** Instants shown back as wall-clock times with their offset, so a failure reads like a calendar. */
const show = (dates: Date[], zone: string) => dates.map((d) => DateTime.fromJSDate(d, { zone }).toISO({ suppressMilliseconds: true }));
const just = (d: Date) => new Date(d.getTime() - 1);

describe('parseRrule', () => {
  it('reads the supported subset', () => {
    expect(parseRrule('FREQ=MONTHLY;INTERVAL=2;BYDAY=1MO,-1FR;BYMONTH=1,3;COUNT=4')).toEqual({
      freq: 'MONTHLY',
      interval: 2,
      byDay: [
        { weekday: 1, ordinal: 1 },
        { weekday: 5, ordinal: -1 },
      ],
      byMonthDay: [],
      byMonth: [1, 3],
      bySetPos: [],
      count: 4,
      until: null,
    });
    expect(parseRrule('RRULE:freq=daily;until=20261231').until).toEqual({ kind: 'date', year: 2026, month: 12, day: 31 });
    expect(parseRrule('FREQ=DAILY;UNTIL=20261231T120000Z').until).toEqual({ kind: 'utc', at: new Date('2026-12-31T12:00:00Z') });
    expect(parseRrule('FREQ=WEEKLY;WKST=MO;BYDAY=MO').byDay).toEqual([{ weekday: 1, ordinal: null }]);
  });

  it.each([
    ['', 'rrule_invalid'],
    ['BYDAY=MO', 'rrule_invalid'],
    ['FREQ=SECONDLY', 'rrule_unsupported'],
    ['FREQ=MINUTELY', 'rrule_unsupported'],
    ['FREQ=DAILY;BYHOUR=8', 'rrule_unsupported'],
    ['FREQ=DAILY;BYSETPOS=1', 'rrule_unsupported'],
    ['FREQ=WEEKLY;BYDAY=MO,TU;BYSETPOS=1', 'rrule_unsupported'],
    ['FREQ=MONTHLY;BYSETPOS=-1', 'rrule_invalid'],
    ['FREQ=MONTHLY;BYDAY=MO;BYSETPOS=0', 'rrule_invalid'],
    ['FREQ=MONTHLY;BYDAY=MO;BYSETPOS=400', 'rrule_invalid'],
    ['FREQ=WEEKLY;WKST=SU', 'rrule_unsupported'],
    ['FREQ=DAILY;INTERVAL=0', 'rrule_invalid'],
    ['FREQ=DAILY;INTERVAL=x', 'rrule_invalid'],
    ['FREQ=DAILY;COUNT=2;UNTIL=20260101', 'rrule_invalid'],
    ['FREQ=DAILY;FREQ=WEEKLY', 'rrule_invalid'],
    ['FREQ=WEEKLY;BYDAY=XX', 'rrule_invalid'],
    ['FREQ=WEEKLY;BYDAY=1MO', 'rrule_invalid'],
    ['FREQ=MONTHLY;BYDAY=0MO', 'rrule_invalid'],
    ['FREQ=MONTHLY;BYMONTHDAY=0', 'rrule_invalid'],
    ['FREQ=MONTHLY;BYMONTHDAY=32', 'rrule_invalid'],
    ['FREQ=YEARLY;BYMONTH=13', 'rrule_invalid'],
    ['FREQ=DAILY;UNTIL=20261340', 'rrule_invalid'],
    ['FREQ=DAILY;UNTIL=tomorrow', 'rrule_invalid'],
    ['FREQ=DAILY;garbage', 'rrule_invalid'],
    [`FREQ=DAILY;${'X'.repeat(300)}`, 'rrule_invalid'],
  ])('refuses %s with code %s', (rule, code) => {
    expect.assertions(2);
    try {
      parseRrule(rule);
    } catch (error) {
      expect(error).toBeInstanceOf(RecurrenceError);
      expect((error as RecurrenceError).code).toBe(code);
    }
  });

  it('refuses an unknown zone with a code', () => {
    expect(() => occurrencesAfter('FREQ=DAILY', 'Mars/Olympus', new Date(), new Date(), 1)).toThrow(
      expect.objectContaining({ code: 'zone_invalid' }),
    );
  });
});

describe('occurrences across daylight-saving changes (wall-clock time kept)', () => {
  it('a daily 02:30 in Paris across the March change: 03:30 on the day 02:30 does not exist, 02:30 again after', () => {
    const start = local('2026-03-27T02:30', PARIS);
    expect(show(occurrencesAfter('FREQ=DAILY', PARIS, start, just(start), 5), PARIS)).toEqual([
      '2026-03-27T02:30:00+01:00',
      '2026-03-28T02:30:00+01:00',
      '2026-03-29T03:30:00+02:00',
      '2026-03-30T02:30:00+02:00',
      '2026-03-31T02:30:00+02:00',
    ]);
  });

  it('the day after the gap does not inherit the shifted time (nextOccurrence from the 03:30 one)', () => {
    const start = local('2026-03-27T02:30', PARIS);
    const gapDay = local('2026-03-29T03:30', PARIS);
    expect(show([nextOccurrence('FREQ=DAILY', PARIS, start, gapDay)!], PARIS)).toEqual(['2026-03-30T02:30:00+02:00']);
  });

  it('a weekly 08:00 in New York across the November change stays 08:00 (13:00Z then 14:00Z)', () => {
    const start = local('2026-10-19T08:00', NY); // a Monday
    const got = occurrencesAfter('FREQ=WEEKLY;BYDAY=MO', NY, start, just(start), 4);
    expect(show(got, NY)).toEqual(['2026-10-19T08:00:00-04:00', '2026-10-26T08:00:00-04:00', '2026-11-02T08:00:00-05:00', '2026-11-09T08:00:00-05:00']);
    expect(got.map((d) => d.toISOString())).toEqual([
      '2026-10-19T12:00:00.000Z',
      '2026-10-26T12:00:00.000Z',
      '2026-11-02T13:00:00.000Z',
      '2026-11-09T13:00:00.000Z',
    ]);
  });

  it('a daily 08:00 in Paris across the October change', () => {
    const start = local('2026-10-24T08:00', PARIS);
    expect(show(occurrencesAfter('FREQ=DAILY', PARIS, start, just(start), 3), PARIS)).toEqual([
      '2026-10-24T08:00:00+02:00',
      '2026-10-25T08:00:00+01:00',
      '2026-10-26T08:00:00+01:00',
    ]);
  });

  it('HOURLY steps in real hours across the change', () => {
    const start = local('2026-03-29T01:00', PARIS);
    expect(show(occurrencesAfter('FREQ=HOURLY', PARIS, start, just(start), 3), PARIS)).toEqual([
      '2026-03-29T01:00:00+01:00',
      '2026-03-29T03:00:00+02:00',
      '2026-03-29T04:00:00+02:00',
    ]);
  });
});

describe('rules', () => {
  it('INTERVAL: every 2 days, every 2 weeks on Monday and Thursday, every 3 months', () => {
    const d = local('2026-01-01T09:00', PARIS);
    expect(show(occurrencesAfter('FREQ=DAILY;INTERVAL=2', PARIS, d, just(d), 3), PARIS)).toEqual([
      '2026-01-01T09:00:00+01:00',
      '2026-01-03T09:00:00+01:00',
      '2026-01-05T09:00:00+01:00',
    ]);
    const monday = local('2026-01-05T07:30', PARIS);
    expect(show(occurrencesAfter('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH', PARIS, monday, just(monday), 4), PARIS)).toEqual([
      '2026-01-05T07:30:00+01:00',
      '2026-01-08T07:30:00+01:00',
      '2026-01-19T07:30:00+01:00',
      '2026-01-22T07:30:00+01:00',
    ]);
    const jan15 = local('2026-01-15T10:00', PARIS);
    expect(show(occurrencesAfter('FREQ=MONTHLY;INTERVAL=3', PARIS, jan15, just(jan15), 3), PARIS)).toEqual([
      '2026-01-15T10:00:00+01:00',
      '2026-04-15T10:00:00+02:00',
      '2026-07-15T10:00:00+02:00',
    ]);
  });

  it('weekdays (DAILY;BYDAY=MO..FR and WEEKLY;BYDAY=MO..FR agree)', () => {
    const friday = local('2026-06-05T07:30', PARIS);
    const expected = ['2026-06-05T07:30:00+02:00', '2026-06-08T07:30:00+02:00', '2026-06-09T07:30:00+02:00'];
    expect(show(occurrencesAfter('FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR', PARIS, friday, just(friday), 3), PARIS)).toEqual(expected);
    expect(show(occurrencesAfter('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', PARIS, friday, just(friday), 3), PARIS)).toEqual(expected);
  });

  it('BYDAY ordinals: the first Monday and the last Friday of the month', () => {
    const d = local('2026-01-05T09:00', PARIS); // first Monday of January 2026
    expect(show(occurrencesAfter('FREQ=MONTHLY;BYDAY=1MO', PARIS, d, just(d), 3), PARIS)).toEqual([
      '2026-01-05T09:00:00+01:00',
      '2026-02-02T09:00:00+01:00',
      '2026-03-02T09:00:00+01:00',
    ]);
    const f = local('2026-01-30T18:00', PARIS);
    expect(show(occurrencesAfter('FREQ=MONTHLY;BYDAY=-1FR', PARIS, f, just(f), 3), PARIS)).toEqual([
      '2026-01-30T18:00:00+01:00',
      '2026-02-27T18:00:00+01:00',
      '2026-03-27T18:00:00+01:00',
    ]);
    // Second and fourth Tuesday, in order within each month.
    const t = local('2026-05-01T12:00', PARIS);
    expect(show(occurrencesAfter('FREQ=MONTHLY;BYDAY=4TU,2TU', PARIS, t, t, 3), PARIS)).toEqual([
      '2026-05-12T12:00:00+02:00',
      '2026-05-26T12:00:00+02:00',
      '2026-06-09T12:00:00+02:00',
    ]);
  });

  it('BYSETPOS: the last and the first working day of the month, across a DST change; several positions', () => {
    // Expected dates checked against python-dateutil's rrule.
    const d = local('2027-01-29T17:00', PARIS);
    expect(show(occurrencesAfter('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', PARIS, d, just(d), 4), PARIS)).toEqual([
      '2027-01-29T17:00:00+01:00',
      '2027-02-26T17:00:00+01:00',
      '2027-03-31T17:00:00+02:00',
      '2027-04-30T17:00:00+02:00',
    ]);
    const f = local('2027-05-03T08:30', PARIS);
    expect(show(occurrencesAfter('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1', PARIS, f, just(f), 3), PARIS)).toEqual([
      '2027-05-03T08:30:00+02:00',
      '2027-06-01T08:30:00+02:00',
      '2027-07-01T08:30:00+02:00',
    ]);
    const w = local('2026-11-29T10:00', PARIS);
    expect(show(occurrencesAfter('FREQ=MONTHLY;BYDAY=SA,SU;BYSETPOS=1,-1', PARIS, w, just(w), 4), PARIS)).toEqual([
      '2026-11-29T10:00:00+01:00',
      '2026-12-05T10:00:00+01:00',
      '2026-12-27T10:00:00+01:00',
      '2027-01-02T10:00:00+01:00',
    ]);
    const y = local('2026-12-31T12:00', PARIS);
    expect(show(occurrencesAfter('FREQ=YEARLY;BYMONTH=12;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', PARIS, y, just(y), 3), PARIS)).toEqual([
      '2026-12-31T12:00:00+01:00',
      '2027-12-31T12:00:00+01:00',
      '2028-12-29T12:00:00+01:00',
    ]);
    // A position past the period's days keeps none of them that period (February 2027 has no 29th to 31st).
    const m = local('2027-01-01T09:00', PARIS);
    expect(show(occurrencesAfter('FREQ=MONTHLY;BYMONTHDAY=29,30,31;BYSETPOS=3', PARIS, m, m, 3), PARIS)).toEqual([
      '2027-01-31T09:00:00+01:00',
      '2027-03-31T09:00:00+02:00',
      '2027-05-31T09:00:00+02:00',
    ]);
  });

  it('BYMONTHDAY=-1 is the last day of each month, February and leap years included', () => {
    const d = local('2028-01-31T20:00', PARIS);
    expect(show(occurrencesAfter('FREQ=MONTHLY;BYMONTHDAY=-1', PARIS, d, just(d), 4), PARIS)).toEqual([
      '2028-01-31T20:00:00+01:00',
      '2028-02-29T20:00:00+01:00',
      '2028-03-31T20:00:00+02:00',
      '2028-04-30T20:00:00+02:00',
    ]);
  });

  it('a monthly rule on the 31st skips months without one; BYMONTHDAY=1,15', () => {
    const d = local('2026-01-31T09:00', PARIS);
    expect(show(occurrencesAfter('FREQ=MONTHLY', PARIS, d, just(d), 3), PARIS)).toEqual([
      '2026-01-31T09:00:00+01:00',
      '2026-03-31T09:00:00+02:00',
      '2026-05-31T09:00:00+02:00',
    ]);
    const e = local('2026-01-01T09:00', PARIS);
    expect(occurrencesAfter('FREQ=MONTHLY;BYMONTHDAY=15,1', PARIS, e, just(e), 4).length).toBe(4);
    expect(show(occurrencesAfter('FREQ=MONTHLY;BYMONTHDAY=15,1', PARIS, e, just(e), 3), PARIS)[2]).toBe('2026-02-01T09:00:00+01:00');
  });

  it('YEARLY: a date every year, Feb 29 only in leap years, BYMONTH with BYDAY', () => {
    const d = local('2026-07-14T10:00', PARIS);
    expect(show(occurrencesAfter('FREQ=YEARLY', PARIS, d, d, 2), PARIS)).toEqual(['2027-07-14T10:00:00+02:00', '2028-07-14T10:00:00+02:00']);
    const leap = local('2028-02-29T10:00', PARIS);
    expect(show(occurrencesAfter('FREQ=YEARLY', PARIS, leap, leap, 1), PARIS)).toEqual(['2032-02-29T10:00:00+01:00']);
    // US Thanksgiving: fourth Thursday of November.
    const tg = local('2026-11-26T12:00', NY);
    expect(show(occurrencesAfter('FREQ=YEARLY;BYMONTH=11;BYDAY=4TH', NY, tg, tg, 2), NY)).toEqual([
      '2027-11-25T12:00:00-05:00',
      '2028-11-23T12:00:00-05:00',
    ]);
  });

  it('BYMONTH limits a daily rule', () => {
    const d = local('2026-01-30T09:00', PARIS);
    expect(show(occurrencesAfter('FREQ=DAILY;BYMONTH=1,3', PARIS, d, just(d), 4), PARIS)).toEqual([
      '2026-01-30T09:00:00+01:00',
      '2026-01-31T09:00:00+01:00',
      '2026-03-01T09:00:00+01:00',
      '2026-03-02T09:00:00+01:00',
    ]);
  });

  it('COUNT counts from DTSTART, whatever `after` is', () => {
    const d = local('2026-01-01T09:00', PARIS);
    expect(occurrencesAfter('FREQ=DAILY;COUNT=3', PARIS, d, just(d), 10)).toHaveLength(3);
    const second = local('2026-01-02T09:00', PARIS);
    const third = local('2026-01-03T09:00', PARIS);
    expect(nextOccurrence('FREQ=DAILY;COUNT=3', PARIS, d, d)).toEqual(second);
    expect(nextOccurrence('FREQ=DAILY;COUNT=3', PARIS, d, second)).toEqual(third);
    expect(nextOccurrence('FREQ=DAILY;COUNT=3', PARIS, d, third)).toBeNull();
    expect(nextOccurrence('FREQ=DAILY;COUNT=1', PARIS, d, d)).toBeNull();
  });

  it('UNTIL as a date lasts to the end of that day in the zone', () => {
    const d = local('2026-12-29T23:30', PARIS);
    // 23:30 in Paris on the 31st is 22:30Z: inside the day, kept; a UTC reading of the date would drop it.
    expect(show(occurrencesAfter('FREQ=DAILY;UNTIL=20261231', PARIS, d, just(d), 10), PARIS)).toEqual([
      '2026-12-29T23:30:00+01:00',
      '2026-12-30T23:30:00+01:00',
      '2026-12-31T23:30:00+01:00',
    ]);
    const la = 'America/Los_Angeles';
    const e = local('2026-12-30T20:00', la); // 04:00Z the next day
    expect(show(occurrencesAfter('FREQ=DAILY;UNTIL=20261231', la, e, just(e), 10), la)).toEqual([
      '2026-12-30T20:00:00-08:00',
      '2026-12-31T20:00:00-08:00',
    ]);
  });

  it('UNTIL as a UTC instant and as a local time', () => {
    const d = local('2026-06-01T09:00', PARIS); // 07:00Z
    expect(occurrencesAfter('FREQ=DAILY;UNTIL=20260603T070000Z', PARIS, d, just(d), 10)).toHaveLength(3);
    expect(occurrencesAfter('FREQ=DAILY;UNTIL=20260603T065959Z', PARIS, d, just(d), 10)).toHaveLength(2);
    expect(occurrencesAfter('FREQ=DAILY;UNTIL=20260603T090000', PARIS, d, just(d), 10)).toHaveLength(3);
  });

  it('a DTSTART with seconds and milliseconds is its own first occurrence', () => {
    const d = new Date('2026-06-01T07:00:01.604Z');
    expect(occurrencesAfter('FREQ=DAILY', PARIS, d, just(d), 2)).toEqual([d, new Date('2026-06-02T07:00:01.604Z')]);
  });

  it('a rule that can never match ends instead of looping', () => {
    const d = local('2026-01-01T09:00', PARIS);
    expect(nextOccurrence('FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=2', PARIS, d, d)).toBeNull();
  });

  it('skips ahead on a long series and still lands on the grid', () => {
    const d = local('2020-01-06T08:00', PARIS); // Monday
    expect(show([nextOccurrence('FREQ=WEEKLY;INTERVAL=2', PARIS, d, local('2026-06-10T12:00', PARIS))!], PARIS)).toEqual([
      '2026-06-15T08:00:00+02:00',
    ]);
    expect(show([nextOccurrence('FREQ=DAILY;INTERVAL=3', PARIS, d, local('2026-06-10T12:00', PARIS))!], PARIS)).toEqual([
      '2026-06-12T08:00:00+02:00',
    ]);
    // Same answers as walking the whole series from DTSTART (COUNT disables the skip).
    expect(nextOccurrence('FREQ=WEEKLY;INTERVAL=2;COUNT=100000', PARIS, d, local('2026-06-10T12:00', PARIS))).toEqual(local('2026-06-15T08:00', PARIS));
    expect(nextOccurrence('FREQ=MONTHLY;INTERVAL=5;BYDAY=-1SU', PARIS, d, local('2026-06-10T12:00', PARIS))).toEqual(
      nextOccurrence('FREQ=MONTHLY;INTERVAL=5;BYDAY=-1SU;COUNT=100000', PARIS, d, local('2026-06-10T12:00', PARIS)),
    );
  });
});

describe('firstOccurrence', () => {
  const now = local('2026-06-10T10:00', PARIS); // a Wednesday

  it('at the given time, today when still ahead, else the next fitting day', () => {
    expect(show([firstOccurrence('FREQ=DAILY', PARIS, now, { hour: 18, minute: 0 })!], PARIS)).toEqual(['2026-06-10T18:00:00+02:00']);
    expect(show([firstOccurrence('FREQ=DAILY', PARIS, now, { hour: 8, minute: 0 })!], PARIS)).toEqual(['2026-06-11T08:00:00+02:00']);
    expect(show([firstOccurrence('FREQ=DAILY', PARIS, now, { hour: 10, minute: 0 })!], PARIS)).toEqual(['2026-06-11T10:00:00+02:00']);
  });

  it('09:00 when no time is given', () => {
    expect(show([firstOccurrence('FREQ=WEEKLY;BYDAY=MO', PARIS, now)!], PARIS)).toEqual(['2026-06-15T09:00:00+02:00']);
  });

  it('INTERVAL does not delay the start: every other Monday starts next Monday', () => {
    expect(show([firstOccurrence('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO', PARIS, now, { hour: 8, minute: 0 })!], PARIS)).toEqual([
      '2026-06-15T08:00:00+02:00',
    ]);
  });

  it('monthly by ordinal weekday, by last day, and yearly by month', () => {
    expect(show([firstOccurrence('FREQ=MONTHLY;BYDAY=-1FR', PARIS, now, { hour: 17, minute: 0 })!], PARIS)).toEqual([
      '2026-06-26T17:00:00+02:00',
    ]);
    expect(show([firstOccurrence('FREQ=MONTHLY;BYMONTHDAY=-1', PARIS, now)!], PARIS)).toEqual(['2026-06-30T09:00:00+02:00']);
    expect(show([firstOccurrence('FREQ=MONTHLY;BYMONTHDAY=1', PARIS, now)!], PARIS)).toEqual(['2026-07-01T09:00:00+02:00']);
    expect(show([firstOccurrence('FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=25', PARIS, now)!], PARIS)).toEqual(['2026-12-25T09:00:00+01:00']);
  });

  it('HOURLY: now + interval without a time, the grid from the time when given', () => {
    expect(show([firstOccurrence('FREQ=HOURLY;INTERVAL=2', PARIS, now)!], PARIS)).toEqual(['2026-06-10T12:00:00+02:00']);
    expect(show([firstOccurrence('FREQ=HOURLY;INTERVAL=3', PARIS, now, { hour: 8, minute: 30 })!], PARIS)).toEqual([
      '2026-06-10T11:30:00+02:00',
    ]);
  });

  it('null when UNTIL is already past', () => {
    expect(firstOccurrence('FREQ=DAILY;UNTIL=20260601', PARIS, now)).toBeNull();
  });

  it('MINUTELY: now + interval without a time, then every interval in real time', () => {
    const first = firstOccurrence('FREQ=MINUTELY;INTERVAL=30', PARIS, now)!;
    expect(show([first], PARIS)).toEqual(['2026-06-10T10:30:00+02:00']);
    expect(show(occurrencesAfter('FREQ=MINUTELY;INTERVAL=30', PARIS, first, first, 3), PARIS)).toEqual([
      '2026-06-10T11:00:00+02:00',
      '2026-06-10T11:30:00+02:00',
      '2026-06-10T12:00:00+02:00',
    ]);
    // Across the October change in real minutes: from 02:15 CEST, 02:45 CEST, then 02:15 and 02:45 CET.
    const before = new Date('2026-10-25T00:15:00Z');
    expect(show(occurrencesAfter('FREQ=MINUTELY;INTERVAL=30', PARIS, before, before, 3), PARIS)).toEqual([
      '2026-10-25T02:45:00+02:00',
      '2026-10-25T02:15:00+01:00',
      '2026-10-25T02:45:00+01:00',
    ]);
  });

  it('MINUTELY refuses BY* parts and gaps under five minutes', () => {
    expect(() => parseRrule('FREQ=MINUTELY;INTERVAL=2')).toThrow(expect.objectContaining({ code: 'rrule_unsupported' }));
    expect(() => parseRrule('FREQ=MINUTELY')).toThrow(expect.objectContaining({ code: 'rrule_unsupported' }));
    expect(() => parseRrule('FREQ=MINUTELY;INTERVAL=30;BYDAY=MO')).toThrow(expect.objectContaining({ code: 'rrule_unsupported' }));
    expect(parseRrule('FREQ=MINUTELY;INTERVAL=5').interval).toBe(5);
  });

  it('the calendar-day scan gives the answer of the generic expansion (random rules, zones, instants, times)', () => {
    const zones = [PARIS, NY, 'Australia/Sydney', 'America/Santiago', 'Asia/Kathmandu', 'Pacific/Chatham', 'Africa/Casablanca', 'UTC'];
    const day = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
    const rule = fc.oneof(
      fc.constantFrom('FREQ=DAILY', 'FREQ=WEEKLY', 'FREQ=MONTHLY', 'FREQ=YEARLY', 'FREQ=MONTHLY;BYMONTHDAY=31', 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30'),
      fc.record({
        freq: fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'),
        days: fc.uniqueArray(fc.constantFrom(...day), { maxLength: 3 }),
        ordinal: fc.constantFrom(null, 1, 2, 4, 5, -1, -2, 20, -53),
        monthDays: fc.uniqueArray(fc.constantFrom(1, 5, 15, 28, 29, 30, 31, -1, -3), { maxLength: 2 }),
        months: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 2 }),
        interval: fc.constantFrom(1, 2, 3),
      }).map((g) => {
        const ordered = g.freq === 'MONTHLY' || g.freq === 'YEARLY';
        const parts = [`FREQ=${g.freq}`, `INTERVAL=${g.interval}`];
        if (g.days.length) parts.push('BYDAY=' + g.days.map((d) => (ordered && g.ordinal !== null ? `${g.ordinal}${d}` : d)).join(','));
        if (g.monthDays.length && g.freq !== 'WEEKLY') parts.push('BYMONTHDAY=' + g.monthDays.join(','));
        if (g.months.length) parts.push('BYMONTH=' + g.months.join(','));
        return parts.join(';');
      }),
    );
    fc.assert(
      fc.property(
        rule,
        fc.constantFrom(...zones),
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2029, 11, 31) }),
        fc.option(fc.record({ hour: fc.integer({ min: 0, max: 23 }), minute: fc.constantFrom(0, 15, 30, 59) })),
        (r, zone, ms, time) => {
          const at = new Date(ms);
          const fast = firstOccurrence(r, zone, at, time ?? undefined);
          const slow = firstOccurrenceByExpansion(r, zone, at, time ?? undefined);
          expect(fast?.toISOString() ?? null).toBe(slow?.toISOString() ?? null);
        },
      ),
      { numRuns: 400, seed: 11 },
    );
  });

  it('BYSETPOS: the first occurrence is the first of the expansion (today when still ahead)', () => {
    const rule = 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1';
    expect(show([firstOccurrence(rule, PARIS, local('2026-11-30T08:00', PARIS), { hour: 17, minute: 0 })!], PARIS)).toEqual(['2026-11-30T17:00:00+01:00']);
    expect(show([firstOccurrence(rule, PARIS, local('2026-11-30T18:00', PARIS), { hour: 17, minute: 0 })!], PARIS)).toEqual(['2026-12-31T17:00:00+01:00']);
    expect(show([firstOccurrence('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1', NY, local('2027-05-01T08:00', NY))!], NY)).toEqual(['2027-05-03T09:00:00-04:00']);
  });

  it('the result is the first occurrence of the series it starts', () => {
    for (const rule of ['FREQ=DAILY', 'FREQ=WEEKLY;BYDAY=TU,SA', 'FREQ=MONTHLY;BYDAY=2WE', 'FREQ=MONTHLY;BYMONTHDAY=-1', 'FREQ=YEARLY']) {
      const first = firstOccurrence(rule, NY, now, { hour: 7, minute: 15 })!;
      expect(occurrencesAfter(rule, NY, first, just(first), 1)).toEqual([first]);
    }
  });
});

describe('describeRepeat', () => {
  const monday8 = local('2026-06-15T08:00', PARIS);
  it.each([
    ['FREQ=WEEKLY;BYDAY=MO', 'tous les lundis à 08:00', 'every Monday at 08:00'],
    ['FREQ=WEEKLY', 'tous les lundis à 08:00', 'every Monday at 08:00'],
    ['FREQ=WEEKLY;BYDAY=MO,TH', 'tous les lundis et jeudis à 08:00', 'every Monday and Thursday at 08:00'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=MO', 'un lundi sur deux à 08:00', 'every other Monday at 08:00'],
    ['FREQ=DAILY', 'tous les jours à 08:00', 'every day at 08:00'],
    ['FREQ=DAILY;INTERVAL=3', 'tous les 3 jours à 08:00', 'every 3 days at 08:00'],
    ['FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR', 'du lundi au vendredi à 08:00', 'every weekday at 08:00'],
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'du lundi au vendredi à 08:00', 'every weekday at 08:00'],
    ['FREQ=MONTHLY;BYMONTHDAY=1', 'le 1er de chaque mois à 08:00', 'on the 1st of every month at 08:00'],
    ['FREQ=MONTHLY;BYMONTHDAY=-1', 'le dernier jour de chaque mois à 08:00', 'on the last day of every month at 08:00'],
    ['FREQ=MONTHLY;BYDAY=-1FR', 'le dernier vendredi de chaque mois à 08:00', 'on the last Friday of every month at 08:00'],
    ['FREQ=MONTHLY;BYDAY=1MO', 'le premier lundi de chaque mois à 08:00', 'on the first Monday of every month at 08:00'],
    ['FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', 'le dernier jour ouvré de chaque mois à 08:00', 'on the last working day of every month at 08:00'],
    ['FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1', 'le premier jour ouvré de chaque mois à 08:00', 'on the first working day of every month at 08:00'],
    [
      'FREQ=MONTHLY;BYDAY=SA,SU;BYSETPOS=1',
      'chaque samedi et chaque dimanche, seulement le premier de chaque mois à 08:00',
      'on every Saturday and every Sunday, only the first of every month at 08:00',
    ],
    ['FREQ=MONTHLY', 'le 15 de chaque mois à 08:00', 'on the 15th of every month at 08:00'],
    ['FREQ=YEARLY', 'tous les ans, le 15 juin, à 08:00', 'every year on June 15 at 08:00'],
    ['FREQ=YEARLY;BYMONTH=7;BYMONTHDAY=14', 'tous les ans, le 14 juillet, à 08:00', 'every year on July 14 at 08:00'],
    ['FREQ=YEARLY;BYMONTH=11;BYDAY=4TH', 'tous les ans, le quatrième jeudi de novembre, à 08:00', 'every year on the fourth Thursday of November at 08:00'],
    ['FREQ=YEARLY;BYMONTH=8;BYDAY=-1SU', "tous les ans, le dernier dimanche d'août, à 08:00", 'every year on the last Sunday of August at 08:00'],
    ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1', 'tous les ans, le dernier jour de février, à 08:00', 'every year on the last day of February at 08:00'],
    ['FREQ=YEARLY;BYMONTH=1;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1', 'tous les ans, le premier jour ouvré de janvier, à 08:00', 'every year on the first working day of January at 08:00'],
    ['FREQ=MONTHLY;BYMONTH=1,4,7,10;BYDAY=1MO', 'le premier lundi de chaque trimestre à 08:00', 'on the first Monday of every quarter at 08:00'],
    ['FREQ=MONTHLY;BYMONTH=3,6,9,12;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', 'le dernier jour ouvré de chaque trimestre à 08:00', 'on the last working day of every quarter at 08:00'],
    ['FREQ=MONTHLY;BYMONTH=4,8;BYDAY=-1FR', "le dernier vendredi d'avril et août à 08:00", 'on the last Friday of April and August at 08:00'],
    ['FREQ=HOURLY;INTERVAL=2', 'toutes les 2 heures', 'every 2 hours'],
    ['FREQ=MINUTELY;INTERVAL=30', 'toutes les 30 minutes', 'every 30 minutes'],
    ['FREQ=MINUTELY;INTERVAL=120', 'toutes les 2 heures', 'every 2 hours'],
    ['FREQ=DAILY;COUNT=5', 'tous les jours à 08:00, 5 fois', 'every day at 08:00, 5 times'],
    ['FREQ=DAILY;UNTIL=20261231', "tous les jours à 08:00, jusqu'au 31 décembre 2026", 'every day at 08:00, until December 31, 2026'],
  ])('%s', (rule, fr, en) => {
    expect(describeRepeat(rule, PARIS, monday8, 'fr')).toBe(fr);
    expect(describeRepeat(rule, PARIS, monday8, 'en')).toBe(en);
  });

  it('reads the time in the zone', () => {
    expect(describeRepeat('FREQ=DAILY', NY, local('2026-06-15T07:30', NY), 'en')).toBe('every day at 07:30');
  });
});
