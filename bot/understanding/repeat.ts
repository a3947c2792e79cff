import { DAY_CODES as CODE } from './calendar';
import { DayPart, Language } from './types';
import { EN_MONTH_RE, EN_ORDINALS, EN_WEEKDAYS, EN_WORKDAY_RE, fold, FR_MONTH_RE, FR_ORDINALS, FR_WEEKDAYS, FR_WORKDAY_RE, WORKDAY } from './vocabulary';

/**
 * Repetition words (CONVENTIONS rules 13 and 15): "tous les lundis", "every other week", "le 5 de
 * chaque mois", "pendant 5 jours", "until 30 June". They are found in the normalized text before
 * the date parsers run, and blanked there, so "lundis" is never read as next Monday; the dates
 * they leave ("every year on 14 March", "tous les mois le 5") are read by the date parsers and
 * anchor the rule (see understand.ts).
 */
/** The frequencies of api/reminders/recurrence.ts (contract B). */
export type Freq = 'MINUTELY' | 'HOURLY' | 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';

/** The engine's shortest MINUTELY gap (MIN_MINUTES there): a shorter one is not read as a repetition. */
const MIN_MINUTES = 5;

export interface RepeatMarker {
  start: number;
  end: number;
  /**
   * freq: a repetition; count: "pendant 5 jours", "10 times"; until: "jusqu'au", "until" (the date
   * follows); filler: words that only go with a repetition ("on a thursday", "inclus") and leave the subject.
   */
  kind: 'freq' | 'count' | 'until' | 'filler';
  /** A word the date parsers read in the blanked marker's place ("until" → "on", "jusqu'au" → "le"). */
  lead?: string;
  /** "until june", "jusqu'en juin": a month said alone ends the repetition with its last day. */
  wholeMonth?: boolean;
  freq?: Freq;
  interval?: number;
  /** 'MO', '1SA', '-1FR'. */
  byDay?: string[];
  byMonthDay?: number[];
  /** Positions among the days of each month ("the last working day of the month": -1 of MO–FR). */
  bySetPos?: number[];
  /** The months it is kept in ("of every quarter": the quarters' first or last months). */
  byMonth?: number[];
  /** "sauf le dimanche", "except sundays": the days a repetition said elsewhere leaves out. */
  except?: boolean;
  /** The day part a repetition names ("tous les soirs", "every morning"). */
  part?: DayPart;
  count?: number;
  countUnit?: 'days' | 'weeks' | 'months' | 'years' | 'times';
  /**
   * A repetition said last, after a comma or "c'est" / "that's", that makes the date said earlier a
   * habit ("… le dernier samedi du mois de X, c'est tous les mois"): it starts no reminder of its own.
   */
  trailing?: boolean;
}

const WEEKDAYS_CODE = ['MO', 'TU', 'WE', 'TH', 'FR'];

const EN_WD_FULL = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday';
const EN_WD = `${EN_WD_FULL}|tues|thurs|thur|mon|tue|weds|wed|thu|fri|sat|sun`;
/** Words that join listed weekdays ("mondays and thursdays", "tue n thu", "mon plus wed"). */
const EN_WD_JOIN = String.raw`(?:,?\s*(?:and|&|or|\+|n|'n'?|plus|as\s+well\s+as)(?![\p{L}']))`;
const EN_WD_LIST = `(?:${EN_WD})s?(?:(?:\\s*(?:,|${EN_WD_JOIN})\\s*|\\s+)(?:(?:every|each|on)\\s+)?(?:${EN_WD})s?)*`;
const EN_ORD = 'first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|last|second\\s+(?:to\\s+)?last';
const EN_DAYNUM = '\\d{1,2}(?:st|nd|rd|th)?|first|second|third|last(?:\\s+day)?';
const EN_UNIT = 'minute|min|hour|hr|day|week|fortnight|month|year';
const EN_NTH = '\\d{1,2}(?:st|nd|rd|th)';
const EN_DAYNUM_LIST = `(?:${EN_DAYNUM})(?:\\s*(?:,|and|&)\\s*(?:the\\s+)?(?:${EN_DAYNUM}))*`;

const FR_WD = 'lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche';
/** Words that join listed weekdays ("mardis et jeudis", Quebec "mardis pis jeudis", "lundis ainsi que jeudis"). */
const FR_WD_JOIN = String.raw`(?:,?\s*(?:et(?:\s+puis)?|ou|pis|puis|plus|ainsi\s+que)(?![\p{L}]))`;
const FR_WD_LIST = `(?:${FR_WD})s?(?:(?:\\s*(?:,|${FR_WD_JOIN})\\s*|\\s+)(?:(?:les|le|chaque)\\s+)?(?:${FR_WD})s?)*`;
const FR_ORD =
  'premiers?|premi[èe]res?|1er|1re|1[èe]re|2e|2[èe]me|second|seconde|3e|3[èe]me|4e|4[èe]me|5e|5[èe]me|derniers?|derni[èe]res?|avant[\\s-]derniers?';
/** Ordinals listed before one weekday ("2nd and 4th", "premier et troisième"). */
const EN_ORD_LIST = `(?:${EN_ORD})(?:\\s*(?:,|and|&|or)\\s*(?:the\\s+)?(?:${EN_ORD}))*`;
const FR_ORD_LIST = `(?:${FR_ORD})(?:\\s*(?:,|et|ou)\\s*(?:le\\s+|les\\s+)?(?:${FR_ORD}))*`;
const FR_EVERY = '(?:tou(?:te)?s\\s+les|chaque)';
const FR_DAYNUM = '(?:\\d{1,2}|1ers?|premiers?|derniers?\\s+jours?)';
/** A day part right after repeated weekdays ("lundis soirs", "mardi matin"). */
const FR_PART_AFTER = `(?:\\s+(?<part>matins?|soirs?|apr[èe]s[\\s-]midis?|midis?))?`;
const FR_MONTHLY = '(?:de\\s+chaque\\s+mois|de\\s+tous\\s+les\\s+mois|du\\s+mois|chaque\\s+mois|tous\\s+les\\s+mois)';

/** `habit`: a repetition said at the end makes a date said as one day ("the last friday of the month") a habit. */
type Build = (g: Record<string, string | undefined>, text: string, habit: boolean) => Omit<RepeatMarker, 'start' | 'end'> | null;

interface Pattern {
  re: RegExp;
  build: Build;
  /** Words without which `re` cannot match: a text without them skips the scan (never changes a result). */
  hint: RegExp;
  /** The text before the match that makes it no repetition ("move the meeting from monday to friday"). */
  notAfter?: RegExp;
}

/**
 * A verb that moves a thing from one day to another: "from monday to friday" then says where, not
 * when. Not across a request or "so" ("je suis décalée alors rappelle-moi du lundi au vendredi …").
 */
const MOVED_BEFORE = /(?:^|[^\p{L}])(?:mov(?:e|es|ed|ing)|shift|push|pushed|chang(?:e|ed|ing)|switch|swap|reschedul\p{L}*|postpon\p{L}*|bring|brought|d[ée]pla[cç]\p{L}*|d[ée]cal\p{L}*|report\p{L}*|chang\p{L}*|repouss\p{L}*|avanc\p{L}*)(?:\s+(?!(?:rapp?ell?\p{L}*|remind\p{L}*|alors|donc|so|then|puis)(?![\p{L}]))[\p{L}'’-]+){0,5}\s+$/iu;

function pattern(hint: RegExp, source: string, build: Build): Pattern {
  return { re: new RegExp(`(?<![\\p{L}\\p{N}])(?:${source})(?![\\p{L}\\p{N}])`, 'giu'), build, hint };
}

function withGuard(notAfter: RegExp, hint: RegExp, source: string, build: Build): Pattern {
  return { ...pattern(hint, source, build), notAfter };
}

/** "2nd and 4th", "premier et troisième": the ordinals listed, in order, or null if one is unread. */
function ordinals(text: string, read: (word: string) => number | null | undefined): number[] | null {
  const words = text.split(/\s*(?:,|&|(?<![\p{L}])(?:and|or|the|et|ou|le|les)(?![\p{L}]))\s*/u).map((w) => w.trim()).filter(Boolean);
  const ns = words.map((w) => read(w));
  if (!ns.length || ns.some((n) => !n)) return null;
  return [...new Set(ns as number[])];
}

/** "10th and the 25th", "10 et le 25": the days of a month, in order, or null. "last" is -1. */
function dayList(text: string, read: (word: string) => number): number[] | null {
  const days = fold(text)
    .replace(/derniers?\s+jours?|last\s+day|dernier/g, 'last')
    .split(/\s*(?:,|\band\b|&|\bet\b|\bthe\b|\ble\b)\s*/)
    .map((w) => w.trim())
    .filter(Boolean)
    .map((w) => (w === 'last' ? -1 : read(w)));
  if (!days.length || days.some((d) => !d || d > 31 || d < -1)) return null;
  return [...new Set(days)].sort((a, b) => (a < 0 ? 99 : a) - (b < 0 ? 99 : b));
}

function weekdayCodes(list: string, table: Record<string, number>): string[] {
  const codes = new Set<string>();
  for (const w of fold(list).split(/[^a-z]+/)) {
    const key = table[w] ? w : w.replace(/s$/, '');
    const n = table[key];
    if (n) codes.add(CODE[n]);
  }
  return sortDays([...codes]);
}

export function sortDays(days: string[]): string[] {
  const at = (d: string) => CODE.indexOf(d.replace(/^[+-]?\d+/, ''));
  return [...days].sort((a, b) => at(a) - at(b));
}

function enOrdinal(s: string): number | undefined {
  const t = fold(s).replace(/\s+/g, ' ');
  if (t === 'last') return -1;
  if (/^second (?:to )?last$/.test(t)) return -2;
  return EN_ORDINALS[t];
}

function frOrdinal(s: string): number | undefined {
  const t = fold(s).replace(/\s+/g, ' ');
  if (/^avant[ -]dernier/.test(t)) return -2;
  if (/^dernier/.test(t)) return -1;
  return FR_ORDINALS[t.replace(/s$/, '')] ?? FR_ORDINALS[t];
}

function unitFreq(u: string): { freq: Freq; mult: number } | null {
  const t = fold(u);
  if (/^(?:minute|min|mn$)/.test(t)) return { freq: 'MINUTELY', mult: 1 };
  if (/^(?:hour|hr|heure|h$)/.test(t)) return { freq: 'HOURLY', mult: 1 };
  if (/^(?:day|jour)/.test(t)) return { freq: 'DAILY', mult: 1 };
  if (/^fortnight/.test(t)) return { freq: 'WEEKLY', mult: 2 };
  if (/^(?:week|semaine)/.test(t)) return { freq: 'WEEKLY', mult: 1 };
  if (/^(?:month|mois)/.test(t)) return { freq: 'MONTHLY', mult: 1 };
  if (/^(?:year|an|annee)/.test(t)) return { freq: 'YEARLY', mult: 1 };
  return null;
}

function partOf(word: string): DayPart | undefined {
  const t = fold(word);
  if (/morning|matin/.test(t)) return 'morning';
  if (/afternoon|apres|arvo/.test(t)) return 'afternoon';
  if (/evening|soir/.test(t)) return 'evening';
  if (/night|nuit/.test(t)) return 'night';
  if (/midi|noon|lunch/.test(t)) return 'noon';
  return undefined;
}

function countUnit(u: string): RepeatMarker['countUnit'] {
  const t = fold(u);
  if (/^(?:day|jour)/.test(t)) return 'days';
  if (/^(?:week|semaine)/.test(t)) return 'weeks';
  if (/^(?:month|mois)/.test(t)) return 'months';
  return 'years';
}

/** "du dimanche au jeudi", "friday to monday": the days from one to the other, wrapping past Sunday. */
function dayRange(a: string, b: string, table: Record<string, number>): Omit<RepeatMarker, 'start' | 'end'> | null {
  const key = (w: string) => {
    const t = fold(w).replace(/\.$/, '');
    return table[t] ?? table[t.replace(/s$/, '')];
  };
  const from = key(a);
  const to = key(b);
  if (!from || !to || from === to) return null;
  const days: string[] = [];
  for (let d = from; ; d = (d % 7) + 1) {
    days.push(CODE[d]);
    if (d === to) break;
  }
  return { kind: 'freq', freq: 'WEEKLY', byDay: sortDays(days) };
}

/**
 * A position in every quarter ("the first monday of every quarter", "le dernier jour ouvré du
 * trimestre"): monthly, in the quarters' first months (January, April, July, October) counted from
 * the start, in their last months counted from the end. `what` is a weekday 1-7, 0 for a day,
 * WORKDAY for a working day.
 */
function inQuarter(ns: number[] | null, what: number): Omit<RepeatMarker, 'start' | 'end'> | null {
  if (!ns || ns.length !== 1) return null;
  const n = ns[0];
  const byMonth = n > 0 ? [1, 4, 7, 10] : [3, 6, 9, 12];
  if (what === WORKDAY) return { ...workdays([n]), byMonth };
  if (what) return { kind: 'freq', freq: 'MONTHLY', byDay: [`${n}${CODE[what]}`], byMonth };
  return { kind: 'freq', freq: 'MONTHLY', byMonthDay: [n], byMonth };
}

/** The working days (Monday to Friday) at those positions in each month. */
function workdays(positions: number[]): Omit<RepeatMarker, 'start' | 'end'> {
  return { kind: 'freq', freq: 'MONTHLY', byDay: WEEKDAYS_CODE, bySetPos: positions };
}

/** A week without the days named ("le week-end", "sunday", "mardi et jeudi"). */
function except(words: string, table: Record<string, number>): Omit<RepeatMarker, 'start' | 'end'> | null {
  const out = /week|fins?\s+de\s+semaine/i.test(words) ? ['SA', 'SU'] : weekdayCodes(words, table);
  if (!out.length) return null;
  return { kind: 'freq', freq: 'WEEKLY', byDay: CODE.slice(1).filter((d) => !out.includes(d)) };
}

/** French weekdays and their short forms ("lun", "jeu"). */
const FR_DAY_KEYS: Record<string, number> = { ...FR_WEEKDAYS, lun: 1, mar: 2, mer: 3, jeu: 4, ven: 5, sam: 6, dim: 7 };

const EN_PATTERNS: Pattern[] = [
  // "monday to thursday", "from sunday through thursday", "wed-fri", "every day from tue till sat": a
  // range of weekdays is a weekly habit on each (rule 13 says "monday to friday").
  withGuard(MOVED_BEFORE, /mon|tue|wed|thu|fri|sat|sun/i,
    `(?:(?:every\\s+(?:day|week)\\s+|each\\s+(?:day|week)\\s+|on\\s+)?from\\s+|(?:every|each)\\s+(?:week\\s+)?)?(?<a>${EN_WD})s?\\.?\\s*(?:to|through|thru|till|until|-|–)\\s*(?<b>${EN_WD})s?(?![\\p{L}])`,
    (g) => dayRange(g.a ?? '', g.b ?? '', EN_WEEKDAYS),
  ),
  // "the first monday of every month", "every last friday of the month", "monthly on the 2nd tuesday",
  // "the last working day of every month" (BYSETPOS among Monday to Friday).
  pattern(/every|each|monthly/i, 
    // The month may also be said first: "every month on the first monday", "monthly, the last friday".
    `(?<lead>(?:on\\s+)?(?:every|each)\\s+(?:(?<month>month)\\s*,?\\s+(?:on\\s+)?)?|monthly\\s*,?\\s+(?:on\\s+)?|(?:on\\s+)?)(?:the\\s+)?(?<ord>${EN_ORD_LIST})\\s+(?:(?<wk>${EN_WORKDAY_RE})|(?<wd>${EN_WD})s?)(?:\\s+(?:of|in)\\s+(?<tgt>every|each|the)\\s+month)?`,
    (g, _t, trailing) => {
      // Several ordinals of one weekday ("the 1st and 3rd monday of the month") say a habit too.
      const habit = /every|each|monthly/.test(g.lead ?? '') || /every|each/.test(g.tgt ?? '') || (trailing && !!g.tgt) || (!!g.tgt && /,|&|\band\b/.test(g.ord ?? ''));
      if (!habit) return null;
      const ns = ordinals(g.ord ?? '', enOrdinal);
      // "every last working day" needs the month said ("… of the month", "every month on …", "monthly").
      if (g.wk) return ns && (g.tgt || g.month || /monthly/.test(g.lead ?? '')) ? workdays(ns) : null;
      const wd = EN_WEEKDAYS[fold(g.wd ?? '')];
      if (!ns || !wd) return null;
      // "every second tuesday" is every other Tuesday, not the 2nd of the month.
      if (!g.tgt && !g.month && /every|each/.test(g.lead ?? '') && ns.length === 1 && ns[0] === 2 && /second/.test(g.ord ?? '')) {
        return { kind: 'freq', freq: 'WEEKLY', interval: 2, byDay: [CODE[wd]] };
      }
      return { kind: 'freq', freq: 'MONTHLY', byDay: ns.map((n) => `${n}${CODE[wd]}`) };
    },
  ),
  // "the 5th of every month", "the last day of each month", "every month on the 5th", "monthly on the 1st".
  pattern(/every|each|monthly/i, 
    // "every 15th and last day of the month": "every" before the days makes "the month" a habit.
    `(?:every|each)\\s+(?:the\\s+)?(?<d5>${EN_DAYNUM_LIST})\\s+(?:days?\\s+)?of\\s+(?:the|every|each)\\s+month` +
    `|(?:on\\s+)?(?:the\\s+)?(?<d>${EN_DAYNUM_LIST})\\s+(?:days?\\s+)?of\\s+(?:every|each)\\s+month` +
      // "the 15th of the month" is a habit only with a repetition said at the end.
      `|(?:on\\s+)?(?:the\\s+)?(?<dm>${EN_DAYNUM_LIST})\\s+(?:days?\\s+)?of\\s+the\\s+month` +
      `|(?:every|each)\\s+month\\s+(?:on\\s+the\\s+|on\\s+|the\\s+)(?<d2>${EN_DAYNUM_LIST})` +
      // "every month 25th": without "on" / "the", only a day written as an ordinal ("every month 2 bottles" is no date).
      `|(?:every|each)\\s+month\\s+(?<d6>${EN_NTH}(?:\\s*(?:,|and|&)\\s*(?:the\\s+)?${EN_NTH})*)|monthly\\s+on\\s+the\\s+(?<d3>${EN_DAYNUM_LIST})` +
      // "every 15th", "every 15th and 30th": days of the month, unless a month follows ("every 4th of july").
      `|(?:every|each)\\s+(?:the\\s+)?(?<d4>${EN_NTH}(?:\\s*(?:,|and|&)\\s*(?:the\\s+)?${EN_NTH})*)(?!\\s*(?:,|and|&)\\s*(?:the\\s+)?\\d)(?!\\s+(?:of\\s+)?(?:${EN_MONTH_RE})(?![\\p{L}]))`,
    (g, _t, trailing) => {
      if (g.dm && !trailing) return null;
      const days = dayList(g.d5 ?? g.d ?? g.dm ?? g.d2 ?? g.d6 ?? g.d3 ?? g.d4 ?? '', (raw) => {
        const t = raw.replace(/(\d+)(?:st|nd|rd|th)$/, '$1');
        return EN_ORDINALS[t] ?? Number(t);
      });
      return days ? { kind: 'freq', freq: 'MONTHLY', byMonthDay: days } : null;
    },
  ),
  // "every day except weekends", "every day but sunday": the week without those days.
  pattern(/except|but|apart|other/i, 
    `(?:every\\s+day|daily|each\\s+day)\\s*,?\\s+(?:except|but|apart\\s+from|other\\s+than)\\s+(?:on\\s+)?(?:the\\s+)?(?<ex>week-?\\s?ends?|${EN_WD_LIST})`,
    (g) => except(g.ex ?? '', EN_WEEKDAYS),
  ),
  // "every month end", "at the end of every month", "each month-end": the last day of every month.
  pattern(/end/i,
    `(?:at\\s+)?(?:the\\s+)?end\\s+of\\s+(?:every|each)\\s+month|(?:at\\s+)?(?:every|each)\\s+(?:month[\\s-]?end|end\\s+(?:of\\s+(?:the\\s+)?)?month)`,
    () => ({ kind: 'freq', freq: 'MONTHLY', byMonthDay: [-1] }),
  ),
  // "every weekday", "on weekdays", "every working day" ("monday to friday" is a range, above).
  pattern(/day|mon/i, 
    `(?:(?:every|each|on)\\s+)?(?:week\\s?days|work(?:ing)?\\s?days|(?:business|school)\\s?days)|(?:every|each)\\s+(?:week\\s?day|work(?:ing)?\\s?day|(?:business|school)\\s?day)`,
    () => ({ kind: 'freq', freq: 'WEEKLY', byDay: WEEKDAYS_CODE }),
  ),
  pattern(/weekend/i, `(?:every|each)\\s+weekend|(?:on\\s+)?weekends`, () => ({ kind: 'freq', freq: 'WEEKLY', byDay: ['SA', 'SU'] })),
  // "every other weekend", "every second weekend": Saturday and Sunday, one week in two.
  pattern(/weekend/i, `(?:every|each)\\s+(?:other|second|2nd|alternate)\\s+weekend`, () => ({ kind: 'freq', freq: 'WEEKLY', interval: 2, byDay: ['SA', 'SU'] })),
  // "twice a week", "3 times a week": weekly, on the days said.
  pattern(/twice|times/i, `(?:twice|\\d+\\s+times)\\s+(?:a|per|every)\\s+week`, () => ({ kind: 'freq', freq: 'WEEKLY' })),
  // "every other tuesday", "every monday and wednesday", "each fri".
  pattern(/every|each/i, `(?:every|each)\\s+(?:(?<other>other\\s+|second\\s+|2nd\\s+)|(?<n>\\d)\\s+(?=(?:${EN_WD_FULL})s))?(?<wds>${EN_WD_LIST})`, (g) => {
    const byDay = weekdayCodes(g.wds ?? '', EN_WEEKDAYS);
    if (!byDay.length) return null;
    const interval = g.n ? Number(g.n) : g.other ? 2 : 1;
    return { kind: 'freq', freq: 'WEEKLY', byDay, ...(interval > 1 ? { interval } : {}) };
  }),
  // "… every morning at 7 except sundays": the exception said apart from its repetition.
  pattern(/except|but\s+not|apart\s+from|other\s+than|exclud/i,
    `(?:except|but\\s+not|apart\\s+from|other\\s+than|excluding)\\s+(?:on\\s+)?(?:the\\s+)?(?<ex>week-?\\s?ends?|${EN_WD_LIST})`,
    (g) => {
      const r = except(g.ex ?? '', EN_WEEKDAYS);
      return r ? { ...r, except: true } : null;
    },
  ),
  // "except (during) the holidays", "except bank holidays": a condition a rule cannot hold; the
  // words leave the subject (the reminder still comes those days).
  pattern(/holiday|vacation|break/i, `(?:except|but\\s+not|apart\\s+from|other\\s+than|excluding|not)\\s+(?:on\\s+|during\\s+|in\\s+|over\\s+)?(?:the\\s+)?(?:(?:school|bank|public|federal|national|summer|christmas|xmas|easter|half[\\s-]term|term|spring)\\s+)?(?:holidays?|vacations?|hols|breaks?|stat\\s+holidays?)`, () => ({ kind: 'filler' })),
  // "every weeknight", "on weeknights": weekdays, in the evening.
  pattern(/week\s?night/i, `(?:(?:every|each|on)\\s+)?week\\s?nights?`, () => ({ kind: 'freq', freq: 'WEEKLY', byDay: WEEKDAYS_CODE, part: 'evening' })),
  // "sunday nights", "on friday evenings": a weekday with a plural day part is a habit at that part.
  pattern(/day\s+(?:morning|afternoon|evening|night|arvo)s/i, `(?:on\\s+)?(?<wds>(?:${EN_WD_FULL})s?(?:\\s*(?:,|${EN_WD_JOIN})\\s*(?:${EN_WD_FULL})s?)*)\\s+(?<p>mornings|afternoons|arvos|evenings|nights)(?![\\p{L}])`, (g) => {
    const byDay = weekdayCodes(g.wds ?? '', EN_WEEKDAYS);
    const part = partOf(g.p ?? '');
    return byDay.length && part ? { kind: 'freq', freq: 'WEEKLY', byDay, part } : null;
  }),
  // "mondays", "on tuesdays and thursdays": a plural weekday is a habit.
  pattern(/days/i, `(?:on\\s+)?(?<wds>(?:${EN_WD_FULL})s(?:\\s*(?:,|${EN_WD_JOIN})\\s*(?:on\\s+)?(?:${EN_WD_FULL})s)*)`, (g) => {
    const byDay = weekdayCodes(g.wds ?? '', EN_WEEKDAYS);
    return byDay.length ? { kind: 'freq', freq: 'WEEKLY', byDay } : null;
  }),
  // "every 3 days", "every other week", "every 2 hours", "every 30 minutes" (MINUTELY from MIN_MINUTES up).
  // "every third week", "every 4th month": an ordinal counts like its number.
  // The hours and minutes may be glued to the number ("every 3h", "every 3hrs", "every 45mins").
  pattern(/every|each/i, `(?:every|each)\\s+(?:(?<n>\\d+)|other|second|2nd|(?<ord>third|3rd|fourth|4th|fifth|5th|sixth|6th))(?:\\s+(?<u>${EN_UNIT})s?|(?<=\\d)(?<ug>h|hrs?|hours?|mins?|minutes?|mn))`, (g) => {
    const f = unitFreq(g.u ?? g.ug ?? '');
    if (!f) return null;
    const n = g.n ? Number(g.n) : g.ord ? EN_ORDINALS[fold(g.ord)] ?? Number(g.ord.replace(/\D/g, '')) : 2;
    if (!n) return null;
    const interval = n * f.mult;
    if (f.freq === 'MINUTELY' && interval < MIN_MINUTES) return null;
    return { kind: 'freq', freq: f.freq, ...(interval > 1 ? { interval } : {}) };
  }),
  // "every day", "every morning", "daily", "once a week", "every fortnight".
  pattern(/every|each|daily|nightly|hourly|weekly|fortnightly|monthly|yearly|annually|once/i, 
    `(?:every|each)\\s+(?:single\\s+)?(?<u>${EN_UNIT}|morning|afternoon|arvo|evening|night|lunch(?:\\s*time)?)` +
      `|(?<adv>daily|nightly|hourly|weekly|bi-?weekly|fortnightly|monthly|yearly|annually)` +
      `|once\\s+(?:a|per|every)\\s+(?<once>day|week|month|year)`,
    (g) => {
      const adv = fold(g.adv ?? '');
      if (adv) {
        if (adv === 'nightly') return { kind: 'freq', freq: 'DAILY', part: 'night' };
        if (/^bi-?weekly|fortnightly/.test(adv)) return { kind: 'freq', freq: 'WEEKLY', interval: 2 };
        const f = { daily: 'DAILY', hourly: 'HOURLY', weekly: 'WEEKLY', monthly: 'MONTHLY', yearly: 'YEARLY', annually: 'YEARLY' }[adv];
        return f ? { kind: 'freq', freq: f as Freq } : null;
      }
      // A unit first: "fortnight" is two weeks, not a night.
      const f = unitFreq(g.u ?? g.once ?? '');
      if (f?.freq === 'MINUTELY') return null;
      if (f) return { kind: 'freq', freq: f.freq, ...(f.mult > 1 ? { interval: f.mult } : {}) };
      const part = partOf(g.u ?? '');
      return part ? { kind: 'freq', freq: 'DAILY', part } : null;
    },
  ),
  // "every 4th of July", "each march 14": a repetition of a calendar date (the date parsers read it).
  pattern(/every|each/i, 
    `(?:every|each)(?=\\s+(?:the\\s+)?(?:\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?(?:${EN_MONTH_RE})(?![\\p{L}])|(?:${EN_MONTH_RE})\\s+(?:the\\s+)?\\d{1,2}(?!\\d)))`,
    () => ({ kind: 'freq', freq: 'YEARLY' }),
  ),
  // "the first monday of every quarter", "the last business day of each quarter", "the last day of the quarter".
  pattern(/quarter/i, `(?:on\\s+)?(?:the\\s+)?(?<ord>${EN_ORD})\\s+(?:(?<wk>${EN_WORKDAY_RE})|(?<wd>${EN_WD})|(?<day>day))\\s+(?:of|in)\\s+(?:every|each|the|a)\\s+quarter`, (g) =>
    inQuarter(ordinals(g.ord ?? '', enOrdinal), g.wk ? WORKDAY : g.wd ? EN_WEEKDAYS[fold(g.wd)] ?? 0 : 0),
  ),
  // "every quarter", "quarterly": every three months (CONVENTIONS is silent; read like "every 3 months").
  pattern(/quarter/i, `(?:every|each)\\s+quarter|quarterly|once\\s+(?:a|per|every)\\s+quarter`, () => ({ kind: 'freq', freq: 'MONTHLY', interval: 3 })),
  // "10 times in total", "for 10 days in all": words that close an end.
  pattern(/total|in\s+all|altogether/i, `(?<=(?:\\d\\s+times|days?|weeks?|months?|years?)\\s*,?\\s+)(?:in\\s+total|in\\s+all|total|altogether)(?![\\p{L}])`, () => ({ kind: 'filler' })),
  // "twice a day", "3 times a day": daily, at the times said.
  pattern(/twice|times/i, `(?:twice|(?:\\d+)\\s+times)\\s+(?:a|per|every)\\s+day|twice\\s+daily`, () => ({ kind: 'freq', freq: 'DAILY' })),
  // Ends: "for 5 days", "for the next 3 weeks", "10 times", "until".
  pattern(/for|times/i, `for\\s+(?:the\\s+(?:next|following|coming)\\s+(?=(?:\\d+\\s+)?(?:day|week|month)))?(?<n>\\d+|a|one|(?<=next\\s+|following\\s+|coming\\s+))\\s*(?<u>day|week|month|year)s?|(?<t>\\d+)\\s+times(?!\\s+(?:a|per|every)\\s)`, (g) => {
    if (g.t) return { kind: 'count', count: Number(g.t), countUnit: 'times' };
    const n = /^(?:a|one|)$/i.test(g.n ?? '') ? 1 : Number(g.n);
    return n ? { kind: 'count', count: n, countUnit: countUnit(g.u ?? '') } : null;
  }),
  // "until", "till", "til", "through", "up to (and including)": the date that follows ends the
  // repetition; "on" stands in their place so the date parsers read what follows as a date
  // ("until christmas", "till the 10th").
  pattern(/until|till|til|through|thru|up\s+to/i,
    // "till" / "til", "through" and "up to" are also words of a subject ("balance the till", "sleep
    // through them"): an end only before a date word.
    `(?:until(?:\\s+and\\s+including)?|(?:till|til|through|thru|up\\s+to)(?:\\s+and\\s+including)?(?=\\s+(?:the\\s+)?(?:\\d|(?:next|this|end|mid|tomorrow|tonight|today|noon|midnight|christmas|xmas|new\\s+year|hallowe|valentine|${EN_MONTH_RE}|${EN_WD})(?![\\p{L}]))))` +
      // ("until june": a month alone, read as the month, to its last day.)
      `(?=(?:\\s+(?<mo>${EN_MONTH_RE})(?![\\p{L}])(?!\\s*,?\\s*(?:the\\s+)?\\d))?)`,
    (g) => (g.mo ? { kind: 'until', lead: 'in', wholeMonth: true } : { kind: 'until', lead: 'on' }),
  ),
  // "every 2 weeks on a thursday", "weekly, on a monday": the article before a weekday said with a repetition.
  pattern(/\ban?\s/i, `(?:on\\s+)?an?(?=\\s+(?:${EN_WD_FULL})(?![\\p{L}]))`, () => ({ kind: 'filler' })),
  // "until april 10 inclusive": the word that says the last day counts.
  pattern(/inclu/i, `(?<=(?:\\d|th|st|nd|rd|${EN_MONTH_RE}|${EN_WD_FULL}|christmas|xmas)\\.?,?\\s+)(?:inclusive(?:ly)?|included)`, () => ({ kind: 'filler' })),
];

const FR_PATTERNS: Pattern[] = [
  // "du dimanche au jeudi", "de lundi à jeudi", "lundi au jeudi", "lun-jeu": a range of weekdays is
  // a weekly habit on each (rule 13 says "du lundi au vendredi").
  withGuard(MOVED_BEFORE, /lun|mar|mer|jeu|ven|sam|dim/i,
    `(?:(?:tous\\s+les\\s+jours\\s+|chaque\\s+(?:jour|semaine)\\s+|toutes\\s+les\\s+semaines\\s+)?(?:du|de)\\s+)?(?<a>${FR_WD})s?\\s+(?:au|[àa]|jusqu'au)\\s+(?<b>${FR_WD})s?(?![\\p{L}])` +
      `|(?<a2>${FR_WD}|lun|mar|mer|jeu|ven|sam|dim)\\.?\\s*[-–]\\s*(?<b2>${FR_WD}|lun|mar|mer|jeu|ven|sam|dim)\\.?(?![\\p{L}])`,
    (g) => dayRange(g.a ?? g.a2 ?? '', g.b ?? g.b2 ?? '', FR_DAY_KEYS),
  ),
  // "le premier lundi de chaque mois", "tous les derniers vendredis du mois", "le dernier jour ouvré de
  // chaque mois" (BYSETPOS among lundi to vendredi).
  // The month may also be said first: "chaque mois le premier lundi", "tous les mois, le dernier vendredi".
  pattern(/mois/i, 
    `(?:(?<cest>c'est)\\s+)?(?:(?<lead>le|les|chaque|tous\\s+les)\\s+)?(?<ord>${FR_ORD_LIST})\\s+(?:(?<wk>${FR_WORKDAY_RE})|(?<wd>${FR_WD})s?)\\s+(?<tgt>${FR_MONTHLY})` +
      `|(?<first>${FR_EVERY}\\s+(?:les\\s+)?mois|mensuellement)\\s*,?\\s+(?:le\\s+|les\\s+)?(?<ord2>${FR_ORD_LIST})\\s+(?:(?<wk2>${FR_WORKDAY_RE})|(?<wd2>${FR_WD})s?)`,
    (g, _t, trailing) => {
      if (g.first) {
        const ns = ordinals(g.ord2 ?? '', frOrdinal);
        if (g.wk2) return ns ? workdays(ns) : null;
        const wd = FR_WEEKDAYS[fold(g.wd2 ?? '')];
        return ns && wd ? { kind: 'freq', freq: 'MONTHLY', byDay: ns.map((n) => `${n}${CODE[wd]}`) } : null;
      }
      // "la réunion c'est le premier dimanche du mois": what an event always is, a habit.
      const habit = trailing || !!g.cest || /chaque|tous/.test(g.lead ?? '') || /chaque|tous/.test(g.tgt ?? '') || /s$/.test(fold(g.ord ?? '')) || /\bet\b|,/.test(g.ord ?? '');
      if (!habit) return null;
      const ns = ordinals(g.ord ?? '', frOrdinal);
      if (g.wk) return ns ? workdays(ns) : null;
      const wd = FR_WEEKDAYS[fold(g.wd ?? '')];
      if (!ns || !wd) return null;
      return { kind: 'freq', freq: 'MONTHLY', byDay: ns.map((n) => `${n}${CODE[wd]}`) };
    },
  ),
  // "le 10 de chaque mois", "tous les 5 du mois", "le premier du mois", "le dernier jour de chaque mois".
  pattern(/mois/i, 
    `(?:(?<lead>le|chaque|tous\\s+les)\\s+)?(?<d>${FR_DAYNUM}(?:\\s*(?:,|et)\\s*(?:le\\s+)?${FR_DAYNUM})*)\\s+(?<tgt>${FR_MONTHLY})(?!\\s+(?:prochain|suivant|en\\s+cours))(?!-ci)`,
    (g, _t, trailing) => {
      const d = fold(g.d ?? '');
      const first = /^(?:1ers?|premiers?)$/.test(d);
      // "le premier du mois" is said of a habit ("le premier du mois payer le loyer"); "le 20 du
      // mois" alone is this month's 20th.
      const habit = trailing || /chaque|tous/.test(g.lead ?? '') || /chaque|tous/.test(g.tgt ?? '') || (first && /du mois/.test(g.tgt ?? ''));
      if (!habit) return null;
      const days = dayList(d, (t) => (/^(?:1ers?|premiers?)$/.test(t) ? 1 : Number(t)));
      return days ? { kind: 'freq', freq: 'MONTHLY', byMonthDay: days } : null;
    },
  ),
  // "à la fin de chaque mois", "chaque fin de mois" ("… du mois"), "toutes les fins de mois": the last day of every month.
  pattern(/fins?\s+d[eu]\s/i,
    `(?:[àa]\\s+la\\s+)?fin\\s+de\\s+(?:chaque|tous\\s+les)\\s+mois|(?:[àa]\\s+)?(?:chaque\\s+fin|toutes\\s+les\\s+fins)\\s+(?:de|du)\\s+mois`,
    () => ({ kind: 'freq', freq: 'MONTHLY', byMonthDay: [-1] }),
  ),
  // "tous les jours sauf le week-end", "chaque jour sauf le dimanche": the week without those days.
  pattern(/sauf|except|hormis|part/i, 
    `(?:tous\\s+les\\s+jours|chaque\\s+jour|quotidiennement)\\s*,?\\s+(?:sauf|except[ée]|hormis|[àa]\\s+part)\\s+(?:le\\s+|les\\s+)?(?<ex>week-?\\s?ends?|fins?\\s+de\\s+semaine|${FR_WD_LIST})`,
    (g) => except(g.ex ?? '', FR_WEEKDAYS),
  ),
  // "… tous les matins à 7h sauf le dimanche": the exception said apart from its repetition.
  pattern(/sauf|except|hormis|[àa]\s+part/i,
    `(?:sauf|except[ée]|hormis|[àa]\\s+part)\\s+(?:le\\s+|les\\s+)?(?<ex>week-?\\s?ends?|fins?\\s+de\\s+semaine|${FR_WD_LIST})`,
    (g) => {
      const r = except(g.ex ?? '', FR_WEEKDAYS);
      return r ? { ...r, except: true } : null;
    },
  ),
  // "tous les soirs de la semaine", "chaque matin de la semaine": weekdays, at that part of the day.
  pattern(/semaine/i, `(?:tous\\s+les|chaque)\\s+(?<p>matins?|soirs?|midis?|apr[èe]s[\\s-]midis?)\\s+de\\s+(?:la\\s+)?semaine`, (g) => {
    const part = partOf(g.p ?? '');
    return part ? { kind: 'freq', freq: 'WEEKLY', byDay: WEEKDAYS_CODE, part } : null;
  }),
  // "en semaine", "tous les jours de la semaine", "les jours ouvrables".
  pattern(/semaine|ouvr|lundi|travail/i, 
    `(?:tous\\s+les\\s+jours|chaque\\s+jour)\\s+(?:de\\s+(?:la\\s+)?semaine|ouvr(?:ables?|[ée]s?))|en\\s+semaine` +
      `|(?:les|tous\\s+les)\\s+jours\\s+(?:de\\s+semaine|ouvr(?:ables|[ée]s))|(?:chaque|tous\\s+les)\\s+jours?\\s+de\\s+travail`,
    () => ({ kind: 'freq', freq: 'WEEKLY', byDay: WEEKDAYS_CODE }),
  ),
  // "tous les week-ends"; in Quebec "toutes les fins de semaine".
  pattern(/week|fin/i, 
    `(?:tous\\s+les|les)\\s+week-?\\s?ends?|chaque\\s+week-?\\s?end|(?:toutes\\s+les|les)\\s+fins\\s+de\\s+semaine|chaque\\s+fin\\s+de\\s+semaine`,
    () => ({ kind: 'freq', freq: 'WEEKLY', byDay: ['SA', 'SU'] }),
  ),
  // "un week-end sur deux", "tous les deux week-ends", "une fin de semaine sur deux".
  pattern(/week|fin/i,
    `(?:un|1)\\s+week-?\\s?end\\s+sur\\s+(?:deux|2)|(?:une|1)\\s+fin\\s+de\\s+semaine\\s+sur\\s+(?:deux|2)|(?:tous\\s+les|toutes\\s+les)\\s+(?:deux|2)\\s+(?:week-?\\s?ends|fins\\s+de\\s+semaine)`,
    () => ({ kind: 'freq', freq: 'WEEKLY', interval: 2, byDay: ['SA', 'SU'] }),
  ),
  // "chaque lundi soir et jeudi soir": two days with the same day part are one habit (with two
  // different parts, each day stays its own).
  pattern(/tous|chaque/i, `(?:tous\\s+les|chaque)\\s+(?<wa>${FR_WD})s?\\s+(?<pa>matins?|soirs?|apr[èe]s[\\s-]midis?)\\s*(?:,|et)\\s*(?:(?:le|les|chaque)\\s+)?(?<wb>${FR_WD})s?\\s+(?<pb>matins?|soirs?|apr[èe]s[\\s-]midis?)(?![\\p{L}])`, (g) => {
    const pa = partOf(g.pa ?? '');
    if (!pa || pa !== partOf(g.pb ?? '')) return null;
    const byDay = weekdayCodes(`${g.wa} ${g.wb}`, FR_WEEKDAYS);
    return byDay.length === 2 ? { kind: 'freq', freq: 'WEEKLY', byDay, part: pa } : null;
  }),
  // "tous les lundis", "chaque mardi et jeudi", "un lundi sur deux".
  // The day part said with the days is the habit's time: "tous les lundis soirs", "chaque mardi matin".
  pattern(/tous|chaque|sur/i, `(?:tous\\s+les|chaque)\\s+(?:(?<every>\\d)\\s+)?(?<wds>${FR_WD_LIST})(?:\\s+(?<alt>sur\\s+2))?${FR_PART_AFTER}|(?:1|un)\\s+(?<wd1>${FR_WD})\\s+sur\\s+(?<n1>\\d)`, (g) => {
    const byDay = weekdayCodes(g.wds ?? g.wd1 ?? '', FR_WEEKDAYS);
    if (!byDay.length) return null;
    const interval = g.n1 ? Number(g.n1) : g.every ? Number(g.every) : g.alt ? 2 : 1;
    const part = g.part ? partOf(g.part) : undefined;
    return { kind: 'freq', freq: 'WEEKLY', byDay, ...(interval > 1 ? { interval } : {}), ...(part ? { part } : {}) };
  }),
  // "les mardis et jeudis", "le lundi et le jeudi": plural or listed weekdays are a habit; so is a
  // plural weekday after "et" ("tous les lundis à 8h et jeudis à 18h").
  pattern(/lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche/i, 
    `(?:les\\s+|(?<=(?:^|[\\s,])(?:et|puis|pis)\\s+))(?<wds>(?:${FR_WD})s(?:\\s*(?:,|${FR_WD_JOIN})\\s*(?:les\\s+)?(?:${FR_WD})s?)*)${FR_PART_AFTER}` +
      // "le lundi et le jeudi", Quebec "le lundi pis le jeudi": any word that joins listed weekdays.
      `|le\\s+(?<l2>(?:${FR_WD})(?:\\s*(?:,|${FR_WD_JOIN})\\s*le\\s+(?:${FR_WD}))+)`,
    (g) => {
      const byDay = weekdayCodes(g.wds ?? g.l2 ?? '', FR_WEEKDAYS);
      const part = g.part ? partOf(g.part) : undefined;
      return byDay.length ? { kind: 'freq', freq: 'WEEKLY', byDay, ...(part ? { part } : {}) } : null;
    },
  ),
  // "le mardi c'est piscine, rappelle-moi à 17h de …", "le jeudi c'est les poubelles rappelle-moi …":
  // "le <jour> c'est …" said first (or after a comma) tells a weekly habit; the "c'est …" clause,
  // up to a comma or the request, is no subject.
  pattern(/c'?\s?est/i,
    `(?<=^\\s*|[,;.!]\\s*)(?:le|les)\\s+(?<wds>${FR_WD_LIST})${FR_PART_AFTER}\\s*,?\\s+c(?:'|\\s)?est\\s+[^,.;!?]*?` +
      `(?=\\s*[,.;!?]|\\s+(?:rappel|fais[\\s-]moi|dis[\\s-]moi|n'oubli|oublie\\s+pas|faut|il\\s+faut|pense)|\\s*$)`,
    (g) => {
      const byDay = weekdayCodes(g.wds ?? '', FR_WEEKDAYS);
      const part = g.part ? partOf(g.part) : undefined;
      return byDay.length ? { kind: 'freq', freq: 'WEEKLY', byDay, ...(part ? { part } : {}) } : null;
    },
  ),
  // "tous les 3 jours", "toutes les 2 semaines", "une semaine sur deux", "tous les 15 jours".
  // "un jeudi soir sur deux", "un samedi sur 2": every other such weekday.
  pattern(/sur/i, `(?:1|un)\\s+(?<wd>${FR_WD})${FR_PART_AFTER}\\s+sur\\s+(?:2|deux)(?![\\p{L}\\d])`, (g) => {
    const byDay = weekdayCodes(g.wd ?? '', FR_WEEKDAYS);
    const part = g.part ? partOf(g.part) : undefined;
    return byDay.length ? { kind: 'freq', freq: 'WEEKLY', interval: 2, byDay, ...(part ? { part } : {}) } : null;
  }),
  pattern(/tou|chaque|aux|sur/i, 
    // The hours and minutes may be glued to the number ("toutes les 4h", "ttes les 30min").
    `(?:${FR_EVERY}|aux)\\s+(?<n>\\d+)(?:\\s+(?<u>minutes?|min|mn|heures?|h|jours?|semaines?|mois|ans|ann[ée]es)|(?<ug>minutes?|mins?|mn|heures?|h))` +
      `|(?:1|une?)\\s+(?<u2>semaine|jour|mois|an|ann[ée]e)\\s+sur\\s+(?<n2>\\d+)`,
    (g) => {
      const f = unitFreq(g.u ?? g.ug ?? g.u2 ?? '');
      let n = Number(g.n ?? g.n2);
      if (!f || !n) return null;
      let freq = f.freq;
      if (freq === 'MINUTELY' && n < MIN_MINUTES) return null;
      // "tous les quinze jours" is every other week, "tous les huit jours" every week.
      if (freq === 'DAILY' && (n === 15 || n === 14)) [freq, n] = ['WEEKLY', 2];
      else if (freq === 'DAILY' && (n === 8 || n === 7)) [freq, n] = ['WEEKLY', 1];
      return { kind: 'freq', freq, ...(n > 1 ? { interval: n } : {}) };
    },
  ),
  // "tous les jours", "chaque matin", "toutes les heures", "quotidiennement", "une fois par semaine".
  pattern(/tou|chaque|quotid|journel|hebdo|mensuel|annuel|fois/i, 
    `${FR_EVERY}\\s+(?:les\\s+)?(?<u>jours?|journ[ée]es?|matins?|matin[ée]es?|soirs?|soir[ée]es?|midis?|apr[èe]s[\\s-]midis?|nuits?|heures?|semaines?|mois|ans?|ann[ée]es?)` +
      `|(?<adv>quotidiennement|journellement|hebdomadairement|mensuellement|annuellement)` +
      `|une\\s+fois\\s+par\\s+(?<once>jour|semaine|mois|an|ann[ée]e)|(?:1|une)\\s+fois\\s+par\\s+(?<once2>jour|semaine|mois|an)`,
    (g) => {
      const adv = fold(g.adv ?? '');
      if (adv) {
        const f = { quotidiennement: 'DAILY', journellement: 'DAILY', hebdomadairement: 'WEEKLY', mensuellement: 'MONTHLY', annuellement: 'YEARLY' }[adv];
        return f ? { kind: 'freq', freq: f as Freq } : null;
      }
      const f = unitFreq(g.u ?? g.once ?? g.once2 ?? '');
      if (f) return { kind: 'freq', freq: f.freq };
      const part = partOf(g.u ?? '');
      return part ? { kind: 'freq', freq: 'DAILY', part } : null;
    },
  ),
  // "le premier lundi de chaque trimestre", "le dernier jour ouvré du trimestre".
  pattern(/trimest/i, `(?:le\\s+)?(?<ord>${FR_ORD})\\s+(?:(?<wk>${FR_WORKDAY_RE})|(?<wd>${FR_WD})|(?<day>jour))\\s+(?:de\\s+chaque|du|de\\s+ce|de\\s+tout)\\s+trimestre`, (g) =>
    inQuarter(ordinals(g.ord ?? '', frOrdinal), g.wk ? WORKDAY : g.wd ? FR_WEEKDAYS[fold(g.wd)] ?? 0 : 0),
  ),
  // "tous les trimestres", "chaque trimestre", "trimestriellement": every three months.
  pattern(/trimest/i, `(?:tous\\s+les\\s+trimestres|chaque\\s+trimestre|trimestriellement|une\\s+fois\\s+par\\s+trimestre)`, () => ({ kind: 'freq', freq: 'MONTHLY', interval: 3 })),
  // "chaque premier lundi", "tous les derniers vendredis" without "du mois": a weekday of the month, as
  // "every first monday" is ("chaque second lundi" stays every other week, like "every second tuesday").
  pattern(/chaque|tous/i, `(?:chaque|tous\\s+les)\\s+(?<ord>${FR_ORD_LIST})\\s+(?<wd>${FR_WD})s?(?!\\s+sur\\s)`, (g) => {
    const ns = ordinals(g.ord ?? '', frOrdinal);
    const wd = FR_WEEKDAYS[fold(g.wd ?? '')];
    if (!ns || !wd) return null;
    if (ns.length === 1 && ns[0] === 2 && /^second/.test(fold(g.ord ?? ''))) return { kind: 'freq', freq: 'WEEKLY', interval: 2, byDay: [CODE[wd]] };
    return { kind: 'freq', freq: 'MONTHLY', byDay: ns.map((n) => `${n}${CODE[wd]}`) };
  }),
  // "chaque 14 juillet", "tous les 1er mai": a repetition of a calendar date.
  pattern(/chaque|tous/i, 
    `(?:chaque|tous\\s+les)(?=\\s+(?:\\d{1,2}|1er|premier)\\s+(?:${FR_MONTH_RE})(?![\\p{L}]))`,
    () => ({ kind: 'freq', freq: 'YEARLY' }),
  ),
  pattern(/fois/i, `(?:\\d+)\\s+fois\\s+par\\s+jour`, () => ({ kind: 'freq', freq: 'DAILY' })),
  pattern(/pendant|durant|sur|pour|fois/i, 
    `(?:pendant|durant|sur|pour)\\s+(?:les\\s+)?(?<n>\\d+|une?)\\s+(?:prochaine?s\\s+)?(?<u>jours?|semaines?|mois|ans|ann[ée]es)(?:\\s+(?:prochaine?s|suivante?s|[àa]\\s+venir))?` +
      `|(?<t>\\d+)\\s+fois(?!\\s+par)`,
    (g) => {
      if (g.t) return { kind: 'count', count: Number(g.t), countUnit: 'times' };
      const n = /^une?$/i.test(g.n ?? '') ? 1 : Number(g.n);
      return n ? { kind: 'count', count: n, countUnit: countUnit(g.u ?? '') } : null;
    },
  ),
  // "sauf (pendant) les vacances (scolaires)", "sauf jours fériés", "hors vacances": a condition a rule
  // cannot hold; the words leave the subject (the reminder still comes those days).
  pattern(/vacances|f[ée]ri|cong[ée]s/i, `(?:sauf|except[ée]|hormis|hors|pas)\\s+(?:pendant\\s+|durant\\s+|en\\s+)?(?:les\\s+)?(?:vacances(?:\\s+scolaires)?|(?:jours?\\s+)?f[ée]ri[ée]s|cong[ée]s)`, () => ({ kind: 'filler' })),
  // "8 fois en tout", "pendant 10 jours au total": words that close an end.
  pattern(/tout|total/i, `(?<=(?:\\d\\s+fois|jours?|semaines?|mois|ans|ann[ée]es)\\s*,?\\s+)(?:en\\s+tout|au\\s+total)(?![\\p{L}])`, () => ({ kind: 'filler' })),
  // "jusqu'au 10", "jusqu'à Noël", "jusqu'à vendredi prochain": "le" / "à" stand in their place so the
  // date parsers read what follows as a date.
  pattern(/jusqu/i, `jusqu'(?:au|aux)(?:\\s+et\\s+y\\s+compris(?:\\s+le)?)?|jusque\\s+au|jusqu\\s+au`, () => ({ kind: 'until', lead: 'le' })),
  pattern(/jusqu/i, `jusqu'[àa](?:\\s+la|\\s+l')?|jusque`, () => ({ kind: 'until', lead: 'à' })),
  // "jusqu'en juin": the month read as "en juin", to its last day.
  pattern(/jusqu/i, `(?:jusqu'|jusque\\s+)en(?=\\s+(?:${FR_MONTH_RE})(?![\\p{L}])(?!\\s+\\d))`, () => ({ kind: 'until', lead: 'en', wholeMonth: true })),
  // "toutes les deux semaines un jeudi": the article before a weekday said with a repetition.
  pattern(/\bune?\s/i, `une?(?=\\s+(?:${FR_WD})(?![\\p{L}]))(?!\\s+\\S+\\s+sur\\s)`, () => ({ kind: 'filler' })),
  // "jusqu'au 10 avril inclus": the word that says the last day counts.
  pattern(/inclu/i, `(?<=(?:\\d|${FR_MONTH_RE}|${FR_WD}|prochain|no[ëe]l)\\.?,?\\s+)(?:inclus|incluse|compris)`, () => ({ kind: 'filler' })),
];

/**
 * Cheap test so most messages skip the patterns: words without which no repetition can be said
 * (an end, "for 5 days" or "jusqu'au", only counts beside one).
 */
const HINT: Record<Language, RegExp> = {
  en: /every|each|quarter|sun|tue|wed|thu|fri|sat|daily|nightly|hourly|weekly|monthly|yearly|annually|fortnight|week\s?days|week\s?nights?|weekends|work(?:ing)?\s?days|business days|school\s?days|days|times (?:a|per|every)|twice|once|mon|(?:day|week)\s?(?:morning|afternoon|evening|night)s|week\s?night|except|apart\s+from|other\s+than|excluding|but\s+not|for\s+(?:the\s+)?(?:next|following|coming)/i,
  fr: /tou(?:te)?s|chaque|ouvr|trimest|travail|\b(?:lun|mar|mer|jeu|ven|sam|dim)\.?\s*[-–]|semaine|quotid|journel|hebdo|mensuel|annuel|fois par|mois|week|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|jour sur|aux \d|(?:pendant|durant)\s+(?:les\s+)?\d/i,
};

const ATTRIBUTIVE_ADVERB = /^(?:daily|nightly|hourly|weekly|bi-?weekly|fortnightly|monthly|quarterly|yearly|annual|annually)$/i;
/** "a daily reminder", "a weekly alarm": the adverb is the reminder's own repetition. */
const REMINDER_AFTER = /^\s+(?:reminders?|alarms?|alerts?|nudges?|pings?|notifications?)(?![\p{L}])/iu;
/** A word after "weekly" / "daily" that makes it name a thing ("weekly summary"), not a preposition, a time or a reminder. */
const NOUN_AFTER = /^\s+(?!(?:on|at|in|from|starting|until|till|for|and|or|to|with|by|except|but|basis|morning|evening|night|afternoon|reminders?|alarms?|alerts?|please|pls|plz|thanks?)(?![\p{L}]))\p{L}{3,}/iu;
const NAMING_BEFORE = /(?:^|[^\p{L}])(?:the|my|your|our|his|her|their|its|a|an|this|that)\s+$/iu;
/** A time of day said in the message: with one, "for 5 days" / "pendant 5 jours" is a daily habit. */
const CLOCK_SAID = /\d\s*(?:h(?![\p{L}])|heures?|am|pm|a\.m|p\.m|:\d\d)|(?<![\p{L}])(?:at|[àa])\s+\d|noon|midi|morning|matin|evening|soir|night|nuit/iu;
/** The first word of an end that can make a habit ("pour 3 jours" is rather how long a thing lasts). */
const END_WORD = /^(?:for|pendant|durant)(?=\s)/i;

/** The repetition markers in the normalized text, left to right, without overlaps (longest first). */

export function findRepeats(text: string, language: Language): RepeatMarker[] {
  if (!HINT[language].test(text)) return [];
  let out = scan(text, language, false);
  // "every monday … send weekly summary": beside another repetition, an adverb between a word and a
  // noun names a kind of thing ("weekly summary", "daily report"), not a second repetition.
  if (language === 'en' && out.filter((f) => f.kind === 'freq').length > 1) {
    out = out.filter(
      (f) =>
        !(
          f.kind === 'freq' &&
          ATTRIBUTIVE_ADVERB.test(text.slice(f.start, f.end)) &&
          /\p{L}\s+$/u.test(text.slice(Math.max(0, f.start - 4), f.start)) &&
          NOUN_AFTER.test(text.slice(f.end, f.end + 24))
        ),
    );
  }
  // A day of the month said beside a habit ("tous les dimanches à 11h d'appeler X et le premier
  // samedi du mois de passer à la pharmacie") is a habit too, as a weekday said so is (several.ts);
  // not the date that ends it ("… jusqu'au 20 du mois").
  if (out.some((f) => f.kind === 'freq' && !f.except) && /mois|month/i.test(text)) {
    const extra = scan(text, language, true).filter(
      (a) =>
        a.kind === 'freq' &&
        a.freq === 'MONTHLY' &&
        !out.some((o) => o.start < a.end && a.start < o.end) &&
        !/(?:jusqu'?\s*(?:au|à|a)|until|till|through|thru)\s+(?:the\s+|le\s+)?$/iu.test(text.slice(Math.max(0, a.start - 16), a.start)),
    );
    if (extra.length) out = [...out, ...extra].sort((a, b) => a.start - b.start);
  }
  // "le samedi c'est natation à 10h": the "c'est …" clause is context only when a request with its
  // own action follows ("le mardi c'est le marché, rappelle-moi de prendre les sacs"); otherwise it
  // is what to remind of, and the repetition is only "le samedi c'est".
  if (language === 'fr') cestHeadOnly(out, text);
  openWeekOnItsDays(out, text);
  // "rappelle-moi le dernier jour du mois de payer le loyer, tous les mois", "… on the 1st of the
  // month to pay rent, that's every month": a repetition that names no day, said last after a comma
  // or "c'est" / "that's", makes the date said before it a habit. The dates that are a habit only
  // when said as one are read again as such; the repetition starts no reminder of its own.
  const last = out[out.length - 1];
  if (!last || last.kind !== 'freq' || last.byDay || last.byMonthDay || last.except || !/^[\s.!?\p{Extended_Pictographic}\u{FE0F}\u{200D}]*$/u.test(text.slice(last.end))) return out;
  const sep = TRAILING_BEFORE[language].exec(text.slice(Math.max(0, last.start - 40), last.start));
  if (!sep) return out;
  const again = scan(text, language, true);
  if (language === 'fr') cestHeadOnly(again, text);
  const tail = again[again.length - 1];
  if (!tail || tail.start !== last.start) return out;
  tail.start -= sep[0].length;
  tail.trailing = true;
  return again;
}

/** What would make the words between "every week" and the days a second reminder: a time, or a connector. */
const APART = /\d|(?<![\p{L}])(?:et|and|puis|pis|then|also|aussi|plus|ensuite)(?![\p{L}])|[.;!?]/iu;

/**
 * "chaque semaine, cours de soutien le lundi et le mercredi", "toutes les deux semaines, piscine le
 * samedi": a week said with no day, then the days said as a habit of their own, is one repetition
 * on those days (the first only says how often); not when a time or a connector stands between
 * them, where each may be a reminder of its own.
 */
function openWeekOnItsDays(found: RepeatMarker[], text: string): void {
  for (const open of found) {
    if (open.kind !== 'freq' || open.freq !== 'WEEKLY' || open.byDay || open.byMonthDay || open.except) continue;
    const days = found.find((f) => f.kind === 'freq' && f.freq === 'WEEKLY' && !!f.byDay?.length && !f.except && !f.interval && f.start >= open.end);
    if (!days || days.start - open.end > 60 || APART.test(text.slice(open.end, days.start))) continue;
    if (open.interval) days.interval = open.interval;
    open.kind = 'filler';
  }
}

function cestHeadOnly(found: RepeatMarker[], text: string): void {
  for (const f of found) {
    if (f.kind !== 'freq' || f.freq !== 'WEEKLY') continue;
    const head = CEST_HEAD.exec(text.slice(f.start, f.end));
    if (!head || head[0].length >= f.end - f.start) continue;
    // (Said after a request with its action, it is context too: "rappelle-moi à 17h de préparer le sac, le mercredi c'est hand".)
    if (!ACTION_REQUEST_AFTER.test(text.slice(f.end, f.end + 120)) && !ACTION_REQUEST_BEFORE.test(text.slice(Math.max(0, f.start - 160), f.start))) f.end = f.start + head[0].length;
  }
}

/** "le samedi (matin) c'est ": the head of a weekly habit said as "le <jour> c'est …". */
const CEST_HEAD = /^(?:le|les)\s+[^,.;!?]*?c(?:'|\s)?est\s+/iu;
const ACTION_REQUEST_BEFORE = /(?:rapp?ell?\S*|fais[\s-]moi\s+penser|n'oublie\s+pas)[\s-]*(?:\S+\s+){0,3}?(?:de\s|d'|que\s|qu'|[àa]\s)/iu;
/** A request that brings its own action ("…, rappelle-moi de …", "… fais-moi penser à …"). */
const ACTION_REQUEST_AFTER = /^\s*[,.;!?]?\s*(?:\S+\s+){0,4}?(?:rapp?ell?\S*|fais[\s-]moi\s+penser|pense\S*|n'oublie\s+pas|oublie\s+pas)[\s-]*(?:\S+\s+){0,2}?(?:de\s|d'|que\s|qu'|[àa]\s)/iu;

/** What stands between a reminder and a repetition said after it: a comma, then "c'est", "that's". */
const TRAILING_BEFORE: Record<Language, RegExp> = {
  en: /[,;.–-]\s*(?:(?:and\s+)?(?:that's|that\s+is|it's|it\s+is|thats|its)\s+|(?:(?:pls|please|and|can\s+you|could\s+you)\s+)?remind\s+me(?:\s+(?:of\s+|about\s+)?(?:it|that|this))?\s+)?$/iu,
  fr: /[,;.–-]\s*(?:(?:et\s+)?(?:c'est|c\s+est|ce\s+sera|ça\s+sera|ca\s+sera)\s+|(?:(?:stp|et|tu\s+peux)\s+)?(?:rappelle|rappel)[\s-]*(?:le[\s-]*|la[\s-]*)?moi(?:[\s-]*(?:le|la|[çc]a))?\s+|(?:tu\s+(?:(?:peux|sais|pourrais|veux|vas)\s+)?)?me\s+(?:le\s+|la\s+|l')?rappell?\p{L}*\s+)?$/iu,
};

function scan(text: string, language: Language, trailing: boolean): RepeatMarker[] {
  const found: RepeatMarker[] = [];
  for (const p of language === 'fr' ? FR_PATTERNS : EN_PATTERNS) {
    if (!p.hint.test(text)) continue;
    p.re.lastIndex = 0;
    for (const m of text.matchAll(p.re)) {
      // "the weekly report", "my daily walk": the adverb names a thing, not a repetition.
      if (
        ATTRIBUTIVE_ADVERB.test(m[0]) &&
        NAMING_BEFORE.test(text.slice(Math.max(0, m.index! - 8), m.index!)) &&
        !REMINDER_AFTER.test(text.slice(m.index! + m[0].length, m.index! + m[0].length + 16))
      )
        continue;
      if (p.notAfter?.test(text.slice(Math.max(0, m.index! - 60), m.index!))) continue;
      const built = p.build(m.groups ?? {}, m[0], trailing);
      if (!built) continue;
      found.push({ start: m.index!, end: m.index! + m[0].length, ...built });
    }
  }
  // Quebec "à tous les jours", "à chaque lundi": the "à" belongs to the repetition.
  if (language === 'fr') {
    for (const f of found) {
      if (f.kind !== 'freq' || f.start < 2 || !/^(?:tou|chaque)/i.test(text.slice(f.start, f.start + 6))) continue;
      const m = /(?:^|[^\p{L}])([àa]\s+)$/u.exec(text.slice(Math.max(0, f.start - 4), f.start));
      if (m) f.start -= m[1].length;
    }
  }
  found.sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start));
  const out: RepeatMarker[] = [];
  for (const f of found) {
    if (out.length && f.start < out[out.length - 1].end) continue;
    out.push(f);
  }
  // "take the antibiotic at 8am for 5 days", "à 8h pendant une semaine": an end in days or weeks
  // with a time of day and no repetition said is a daily habit. Its first word stands for the
  // repetition (the two markers stay adjacent, so the blanked text keeps its length).
  if (!out.some((f) => f.kind === 'freq')) {
    const end = out.find((f) => f.kind === 'count' && (f.countUnit === 'days' || f.countUnit === 'weeks'));
    const word = end && END_WORD.exec(text.slice(end.start, end.end));
    if (!end || !word || !CLOCK_SAID.test(text)) return [];
    out.splice(out.indexOf(end), 0, { start: end.start, end: end.start + word[0].length, kind: 'freq', freq: 'DAILY' });
    end.start += word[0].length;
  }
  // An end ("for 5 days", "10 times", "until") and an exception only count beside a repetition.
  if (!out.some((f) => f.kind === 'freq' && !f.except)) return [];
  return out;
}

/** The RRULE text of a repetition (FREQ first; BYDAY in week order). */
export function ruleText(r: {
  freq: Freq;
  interval?: number;
  byDay?: string[];
  byMonthDay?: number[];
  byMonth?: number[];
  bySetPos?: number[];
  count?: number;
  until?: string;
}): string {
  const parts = [`FREQ=${r.freq}`];
  if (r.interval && r.interval > 1) parts.push(`INTERVAL=${r.interval}`);
  if (r.byMonth?.length) parts.push(`BYMONTH=${r.byMonth.join(',')}`);
  if (r.byMonthDay?.length) parts.push(`BYMONTHDAY=${r.byMonthDay.join(',')}`);
  if (r.byDay?.length) parts.push(`BYDAY=${sortDays(r.byDay).join(',')}`);
  if (r.bySetPos?.length) parts.push(`BYSETPOS=${r.bySetPos.join(',')}`);
  if (r.count) parts.push(`COUNT=${r.count}`);
  if (r.until) parts.push(`UNTIL=${r.until}`);
  return parts.join(';');
}
