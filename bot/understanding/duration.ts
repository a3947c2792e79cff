import { DurationLikeObject } from 'luxon';

/**
 * Regex source of a spoken delay ("an hour and a half", "1h30", "une demi-heure"). Every repeated
 * part can be split one way only: with "\\s*(?:,|et)?\\s*" a run of "1 h 1 h 1 h…" that fails at
 * its end would be retried in 2^n ways.
 */
const NUM_EN = '(?:\\d+(?:[.,]\\d+)?|an?|a\\s+couple(?:\\s+of)?|couple(?:\\s+of)?|a\\s+few|few)';
const UNIT_EN =
  '(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|h|days?|weeks?|wks?|fortnights?|months?|years?|yrs?)(?![\\p{L}])';
// "1h30", "1 hour 30", "1 heure 30" come first: the plain "1 hour" would otherwise win and
// leave the "30" behind.
const HOURS_MINUTES_EN = '\\d{1,2}\\s*(?:h|hours?|hrs?)\\s*\\d{1,2}(?!\\s*[\\d:.])(?!\\s*(?:mins?|minutes?)(?![\\p{L}]))';
const HOURS_MINUTES_FR = '\\d{1,2}\\s*(?:h|heures?)\\s*\\d{1,2}(?!\\s*[\\d:.])(?!\\s*(?:mins?|mn|minutes?)(?![\\p{L}]))';

export const DURATION_EN =
  `(?:${HOURS_MINUTES_EN}|${NUM_EN}\\s*(?:and\\s+a\\s+half\\s+)?${UNIT_EN}(?:\\s+and\\s+a\\s+(?:half|quarter))?` +
  `|half\\s+(?:an?\\s+)?hour|(?:a\\s+)?quarter\\s+(?:of\\s+)?(?:an?\\s+)?hour)` +
  `(?:\\s*(?:,\\s*|and\\s+)?\\d+\\s*${UNIT_EN}){0,4}`;

const NUM_FR = '(?:\\d+(?:[.,]\\d+)?|une?|quelques)';
// "mn" is the French written abbreviation ("30 mn").
const UNIT_FR = '(?:secondes?|sec|minutes?|mins?|min|mn|heures?|h|jours?|semaines?|mois|ans?|ann[ée]es?)(?![\\p{L}])';
export const DURATION_FR =
  `(?:${HOURS_MINUTES_FR}|${NUM_FR}\\s*(?:(?:petite?s?|bonne?s?)\\s+)?${UNIT_FR}(?:\\s+et\\s+(?:demie?|quart))?` +
  `|(?:une\\s+)?demi[\\s-]heure|(?:un\\s+)?quart\\s+d'heure|\\d\\s+quarts?\\s+d'heure)` +
  `(?:\\s*(?:,\\s*|et\\s+)?\\d+\\s*${UNIT_FR}){0,4}`;

const UNIT_OF: Array<[RegExp, keyof DurationLikeObject]> = [
  [/^(?:seconds?|secs?|secondes?|sec)$/i, 'seconds'],
  [/^(?:minutes?|mins?|min|mn)$/i, 'minutes'],
  [/^(?:hours?|hrs?|h|heures?)$/i, 'hours'],
  [/^(?:days?|jours?)$/i, 'days'],
  [/^(?:weeks?|wks?|semaines?)$/i, 'weeks'],
  [/^(?:fortnights?)$/i, 'fortnights' as keyof DurationLikeObject],
  [/^(?:months?|mois)$/i, 'months'],
  [/^(?:years?|yrs?|ans?|ann[ée]es?)$/i, 'years'],
];

function unitKey(word: string): keyof DurationLikeObject | undefined {
  for (const [re, key] of UNIT_OF) if (re.test(word)) return key;
  return undefined;
}

function amount(word: string): number | undefined {
  const w = word.toLowerCase().replace(/\s+/g, ' ');
  if (/^\d+(?:[.,]\d+)?$/.test(w)) return Number(w.replace(',', '.'));
  if (w === 'a' || w === 'an' || w === 'un' || w === 'une') return 1;
  if (/^(?:a )?couple(?: of)?$/.test(w)) return 2;
  if (w === 'a few' || w === 'few' || w === 'quelques') return 3;
  return undefined;
}

/**
 * Reads a delay matched by DURATION_EN / DURATION_FR into Luxon units. Fractions of an hour
 * become minutes so "in 1.5 hours" stays exact.
 */
export function readDuration(text: string): DurationLikeObject | null {
  // "une petite heure", "une bonne heure": about an hour.
  const t = text.toLowerCase().replace(/\s+/g, ' ').replace(/(?<![a-zà-ÿ])(?:petite?s?|bonne?s?) /g, '').trim();
  const out: Record<string, number> = {};
  const add = (key: string, n: number) => {
    if (key === 'fortnights') {
      key = 'weeks';
      n *= 2;
    }
    if (key === 'hours' && !Number.isInteger(n)) {
      out.minutes = (out.minutes ?? 0) + Math.round(n * 60);
      return;
    }
    out[key] = (out[key] ?? 0) + n;
  };
  let m: RegExpMatchArray | null;
  if (/^half (?:an? )?hour$|^(?:une )?demi[\s-]heure$/.test(t)) return { minutes: 30 };
  if (/^(?:a )?quarter (?:of )?(?:an? )?hour$|^(?:un )?quart d'heure$/.test(t)) return { minutes: 15 };
  if ((m = t.match(/^(\d) quarts? d'heure$/))) return { minutes: 15 * Number(m[1]) };
  if ((m = t.match(/^(\d{1,2}) ?(?:h|heures?|hours?|hrs?) ?(\d{1,2})$/))) return { hours: Number(m[1]), minutes: Number(m[2]) };
  const re =
    /(\d+(?:[.,]\d+)?|a couple(?: of)?|couple(?: of)?|a few|few|quelques|an?|une?) ?(?:and a half )?([a-zéè]+)( and a half| and a quarter| et demie?| et quart)?/g;
  let any = false;
  for (const part of t.matchAll(re)) {
    const n = amount(part[1]);
    const key = unitKey(part[2]);
    if (n === undefined || !key) continue;
    any = true;
    let value = n;
    if (/and a half/.test(part[0])) value += 0.5;
    if (/and a quarter| et quart/.test(part[3] ?? '')) value += 0.25;
    if (/ et demie?/.test(part[3] ?? '')) value += 0.5;
    if (key === 'hours' || !Number.isInteger(value)) {
      if (key === 'hours') add('hours', value);
      else if (key === 'minutes') add('seconds', value * 60);
      else if (key === 'days') add('hours', value * 24);
      else if (key === 'weeks') add('days', value * 7);
      else add(key, Math.round(value));
    } else add(key, value);
  }
  return any ? (out as DurationLikeObject) : null;
}

/** Whether a delay moves the clock (minutes, hours) or only the calendar (days and longer). */
export function isClockDuration(d: DurationLikeObject): boolean {
  return ['hours', 'minutes', 'seconds'].some((k) => (d as Record<string, number>)[k]);
}
