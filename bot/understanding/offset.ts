import { DateTime } from 'luxon';
import { formatLocal } from './calendar';
import { sortDays } from './repeat';
import { Language, UnderstoodReminder } from './types';

/**
 * "remind me an hour before", "préviens-moi 15 minutes avant", "rappelle-moi la veille", "the night
 * before": the reminder comes that long before the time the message gives (the event's). CONVENTIONS
 * is silent; the reading here: a span before is taken off the event's instant; "the day before" /
 * "la veille" is one calendar day earlier at the same clock time; "the night before" / "la veille au
 * soir" is the evening (20:00, rule 3) of the day before.
 */
export interface Offset {
  /** Where the words are in the normalized text. */
  start: number;
  end: number;
  minutes?: number;
  days?: number;
  /** The evening of the day before. */
  evening?: boolean;
}

const EN_UNIT = String.raw`(?<u>minutes?|mins?|mn|hours?|hrs?|h|days?|weeks?)`;
const EN_SPAN = String.raw`(?:(?<!(?:at|@|by|around)\s+)(?<n>\d+(?:[.,]\d)?|an?|one|a\s+couple(?:\s+of)?)\s*${EN_UNIT}(?<andHalf>\s+and\s+a\s+half)?|(?<half>half\s+an?\s+hour)|(?<quarter>(?:a\s+)?quarter\s+(?:of\s+)?an?\s+hour)|(?<dp>the\s+(?:day|night|evening)))`;
const FR_UNIT = String.raw`(?<u>minutes?|mins?|mn|heures?|h|jours?|semaines?)`;
const FR_SPAN = String.raw`(?:(?<!(?:[àa]|vers|pour|d[èe]s)\s+)(?<n>\d+(?:[.,]\d)?|une?)\s*${FR_UNIT}(?<andHalf>\s+et\s+demie?)?|(?<half>une\s+demi[- ]heure)|(?<quarter>un\s+quart\s+d'heure))`;

const OFFSET: Record<Language, RegExp> = {
  en: new RegExp(
    String.raw`(?<![\p{L}\p{N}])${EN_SPAN}(?:\s+or\s+so)?\s+(?:before(?:hand)?|prior|earlier|ahead(?:\s+of\s+time)?|in\s+advance)(?![\p{L}])(?!\s+(?:yesterday|tomorrow|last)(?![\p{L}]))`,
    'iu',
  ),
  fr: new RegExp(
    String.raw`(?<![\p{L}\p{N}])(?:${FR_SPAN}\s+(?:avant|[àa]\s+l'avance|plus\s+t[ôo]t|en\s+avance)(?![\p{L}])|(?<veille>la\s+veille)(?<soir>\s+au\s+soir)?(?!\s+(?:de|du|des|d')(?![\p{L}]))(?![\p{L}])|(?<av>l'avant[- ]veille)(?![\p{L}]))`,
    'iu',
  ),
};
// (A number after "à" / "at" is a clock time: "à 10h avant le match" is at 10:00.)
/** Words every offset holds one of: most texts skip the pattern. */
const HINT: Record<Language, RegExp> = {
  en: /before|prior|earlier|ahead|advance/i,
  fr: /avant|veille|t[ôo]t/i,
};

const MINUTES: Record<string, number> = { m: 1, h: 60, d: 1440, w: 10080, j: 1440, s: 10080 };

/** The offset said in the normalized text, if one is. */
export function findOffset(text: string, language: Language): Offset | null {
  if (!HINT[language].test(text)) return null;
  const m = OFFSET[language].exec(text);
  if (!m) return null;
  const g = m.groups ?? {};
  const at = { start: m.index, end: m.index + m[0].length };
  if (g.veille) return { ...at, days: 1, evening: !!g.soir };
  if (g.av) return { ...at, days: 2 };
  if (g.dp) return /night|evening/i.test(g.dp) ? { ...at, days: 1, evening: true } : { ...at, days: 1 };
  if (g.half) return { ...at, minutes: 30 };
  if (g.quarter) return { ...at, minutes: 15 };
  const unit = (g.u ?? '').toLowerCase();
  const per = MINUTES[unit.startsWith('mi') || unit === 'mn' ? 'm' : unit[0]];
  if (!per) return null;
  const n = /couple/i.test(g.n ?? '') ? 2 : /^(?:an?|one|une?)$/i.test(g.n ?? '') ? 1 : Number((g.n ?? '').replace(',', '.'));
  if (!(n > 0)) return null;
  const value = n + (g.andHalf ? 0.5 : 0);
  // Whole days and weeks are calendar days (the clock time holds across a clock change).
  if (per >= 1440 && Number.isInteger(value)) return { ...at, days: (value * per) / 1440 };
  return { ...at, minutes: Math.round(value * per) };
}

const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

/**
 * The rule of a series whose every occurrence moves `days` earlier, or null when the rule cannot
 * say it (a monthly "first monday", a month's last day).
 */
function ruleMovedBack(rule: string, days: number, moved: DateTime): string | null {
  if (days === 0) return rule;
  const parts = rule.split(';');
  const freq = /FREQ=(\w+)/.exec(rule)?.[1];
  const out: string[] = [];
  for (const p of parts) {
    const [k, v] = p.split('=');
    if (k === 'BYDAY') {
      if (/\d/.test(v)) return null;
      out.push(`BYDAY=${sortDays(v.split(',').map((c) => WEEKDAYS[(WEEKDAYS.indexOf(c) - (days % 7) + 7) % 7])).join(',')}`);
    } else if (k === 'BYMONTHDAY') {
      if (freq === 'YEARLY') out.push(`BYMONTHDAY=${moved.day}`);
      else {
        // Counted from the month's end when it moves into the month before ("2 days before the 1st"
        // is the second-to-last day, -2).
        const ds = v.split(',').map((x) => {
          const d = Number(x);
          return d > 0 && d - days < 1 ? d - days - 1 : d - days;
        });
        if (ds.some((d) => d === 0 || d < -28 || d > 31)) return null;
        out.push(`BYMONTHDAY=${ds.join(',')}`);
      }
    } else if (k === 'BYMONTH') {
      if (freq !== 'YEARLY' || v.includes(',')) return null;
      out.push(`BYMONTH=${moved.month}`);
    } else out.push(p);
  }
  return out.join(';');
}

/**
 * The reminder moved `offset` earlier. Left as it is when that would be in the past (the event's
 * own time is then the last useful moment) or when its rule cannot move with it.
 */
export function applyOffset<T extends UnderstoodReminder>(r: T, offset: Offset, now: DateTime): T {
  const local = DateTime.fromJSDate(r.dueAt, { zone: r.zone });
  let moved = offset.days ? local.minus({ days: offset.days }) : local.minus({ minutes: offset.minutes ?? 0 });
  if (offset.evening) moved = moved.set({ hour: 20, minute: 0 });
  if (!moved.isValid || moved.toMillis() <= now.toMillis()) return r;
  let rrule = r.rrule;
  if (rrule) {
    const days = Math.round(local.startOf('day').diff(moved.startOf('day'), 'days').days);
    rrule = ruleMovedBack(rrule, days, moved);
    if (rrule === null) return r;
  }
  return { ...r, dueAt: moved.toJSDate(), dueLocal: formatLocal(moved), rrule };
}
