import type { Parser } from 'chrono-node';
import { endOfNamedMonth, fixedHoliday, Stretch, stretchOfMonth, stretchOfNext, stretchOfThis, ymd } from './calendar';
import { DURATION_FR } from './duration';
import { after, before, hinted, pieceParser } from './piece-parser';
import { durationPiece, ordinalDayPiece, relativeMonthDayPiece, weekdayPiece, WeekdayMode, zonePiece } from './shared-pieces';
import { DayPart, WhenPiece } from './types';
import { fold, FR_MONTH_RE, FR_MONTHS, FR_ORDINALS, FR_WEEKDAY_RE, FR_WEEKDAYS, FR_WORKDAY_RE, placeAlternation, WORKDAY } from './vocabulary';

const AFTER_HOUR =
  `et\\s+quart|et\\s+demie?|moins\\s+(?:le\\s+)?quart|moins\\s+\\d{1,2}(?:\\s+minutes?)?|\\d\\s+quarts|` +
  `pass[ée]e?s?\\s+de\\s+\\d{1,2}\\s+minutes?|et\\s+\\d{1,2}(?:\\s+minutes?)?|\\d{1,2}(?:\\s*mn|\\s+minutes?)?(?!\\s*(?:h(?![\\p{L}])|heures?(?!\\s+(?:de\\s|d'|du\\s|des\\s))|jours?|min))`;
const TIME_FR =
  `(?:(?:[àa]|vers(?:\\s+les)?|pour|d[èe]s|avant|jusqu'[àa]|autour\\s+de|aux\\s+alentours\\s+de|environ|sur\\s+les?\\s+coups?\\s+de)\\s+){0,3}` +
  `(?:(?:midi|minuit)(?:\\s+(?:${AFTER_HOUR}))?` +
  `|\\d{1,2}\\s*(?:h|heures?)(?:\\s*(?:${AFTER_HOUR}))?` +
  `|\\d{1,2}:\\d{2}|(?<=(?:[àa]|vers)\\s+)\\d{1,2}\\.\\d{2})` +
  `(?:\\s+(?:pile|pr[ée]cises?|tapantes?))?`;

/** Reads a French time phrase. clock 'fr' = 24-hour reading unless a day part says otherwise. */
export function readFrenchTime(raw: string): { hour: number; minute: number; clock: 'exact' | 'fr'; midnight?: boolean } | null {
  let s = fold(raw).replace(/\s+/g, ' ').trim();
  s = s.replace(/^(?:(?:a|vers(?: les)?|pour|des|avant|jusqu'a|autour de|aux alentours de|environ|sur les? coups? de) )+/, '');
  s = s.replace(/ (?:pile|precises?|tapantes?)$/, '');
  let hour: number;
  let base: 'midi' | 'minuit' | 'num';
  let rest: string;
  let m: RegExpMatchArray | null;
  if ((m = s.match(/^(midi|minuit) ?(.*)$/))) {
    base = m[1] as 'midi' | 'minuit';
    hour = base === 'midi' ? 12 : 0;
    rest = m[2];
  } else if ((m = s.match(/^(\d{1,2})[:.](\d{2})$/))) {
    const h = Number(m[1]);
    const min = Number(m[2]);
    if (h > 23 || min > 59) return null;
    return { hour: h, minute: min, clock: 'fr' };
  } else if ((m = s.match(/^(\d{1,2}) ?(?:heures?|h) ?(.*)$/))) {
    base = 'num';
    hour = Number(m[1]);
    rest = m[2];
  } else return null;
  if (hour > 24) return null;
  if (hour === 24) hour = 0;
  let delta = 0;
  rest = rest.trim();
  if (rest === '') delta = 0;
  else if (/^et quart$/.test(rest)) delta = 15;
  else if (/^et demie?$/.test(rest)) delta = 30;
  else if (/^moins (?:le )?quart$/.test(rest)) delta = -15;
  else if ((m = rest.match(/^moins (\d{1,2})(?: minutes?)?$/))) delta = -Number(m[1]);
  else if ((m = rest.match(/^(\d) quarts$/))) delta = 15 * Number(m[1]);
  else if ((m = rest.match(/^(?:passee?s? de |et )?(\d{1,2})(?: ?mn| minutes?)?$/))) delta = Number(m[1]);
  else return null;
  if (Math.abs(delta) > 59) return null;
  let total = hour * 60 + delta;
  const midnight = base === 'minuit' && delta >= 0;
  total = ((total % 1440) + 1440) % 1440;
  return {
    hour: Math.floor(total / 60),
    minute: total % 60,
    clock: base === 'num' ? 'fr' : 'exact',
    midnight,
  };
}

function frTimeParser(): Parser {
  return pieceParser('fr-time', TIME_FR, (m) => {
    // "pendant 2 heures", "il y a 3 heures", "toutes les 2 heures" are spans, not clock times.
    // "à partir de 16h" is the start, though.
    // (Whole words only: "l'ambassade 8h30", "Julien 8h" end on no such word.)
    if (/(?:^|[^\p{L}'])(?:pendant|durant|depuis|il y a|toutes les|tous les|les|en|de|dans)\s+$/u.test(before(m)) && !/(?:partir|compter)\s+de\s+$/.test(before(m))) return null;
    // "le marché du Midi", "le canal du Midi": a place, not noon.
    if (/^Midi$/.test(m.text) && /(?:^|[^\p{L}'])d[eu]\s+$/u.test(before(m))) return null;
    const r = readFrenchTime(m.text);
    if (!r) return null;
    return { time: { hour: r.hour, minute: r.minute, clock: r.clock, ...(r.midnight ? { midnight: true } : {}) } };
  });
}

/**
 * "demain à 8 d'appeler": speech-to-text often drops the "h". A bare number after "à"/"vers" is an
 * hour only where a time fits: before the subject's "de"/"pour", a day word, or the end.
 */
function frBareHourParser(): Parser {
  const re =
    `(?:[àa]|vers)\\s+(?<h>\\d{1,2})(?=\\s*(?:$|[,.;!?]|(?:d'|de\\s|du\\s|pour\\s|ce\\s+soir|ce\\s+matin|cet\\s+apr|demain|du\\s+(?:matin|soir)|de\\s+l'apr|le\\s+(?:matin|soir)|et\\s+(?:quart|demie?)\\b)))`;
  return pieceParser('fr-bare-hour', re, (m) => {
    // "de 2 à 8", "à 3 de mes amis" are counts or ranges.
    if (/(?:^|[^\p{L}'])(?:de|entre)\s+\d{1,2}\s*$/u.test(before(m))) return null;
    if (/^\s*d[eu]\s+(?:mes|nos|tes|vos|ses|leurs|ces|ses)\b/.test(m.input.slice(m.index + m.text.length))) return null;
    const hour = Number(m.groups.h);
    if (hour > 23) return null;
    return { time: { hour, minute: 0, clock: 'fr' } };
  });
}

const FR_PART_WORD = `matin[ée]e|matin|apr[èe]s[\\s-]?midi|aprem|apr[èe]m|soir[ée]e|soir|nuit`;

/**
 * Hours of qualified day parts (CONVENTIONS is silent; see fixtures/heldout-2.README.md), by
 * qualifier then part. "Journée" counts only with a qualifier ("dans la journée" is a date).
 */
const FR_QUALIFIED_HOURS: Record<string, Partial<Record<DayPart | 'day', number>>> = {
  debut: { morning: 8, afternoon: 14, evening: 19, day: 9 },
  milieu: { morning: 10, afternoon: 15, evening: 21, day: 12 },
  fin: { morning: 11, afternoon: 17, evening: 22, day: 18 },
};

function frPartOf(word: string): DayPart | 'day' {
  if (/mat/.test(word)) return 'morning';
  if (/apres[\s-]?midi|aprem/.test(word)) return 'afternoon';
  if (/soir/.test(word)) return 'evening';
  if (/journee/.test(word)) return 'day';
  return 'night';
}

/** A word that names what a "soirée" / "matinée" is ("poker", "pyjama", "jeux"): no connector, no date word, no request. */
const EVENT_AFTER = /^\s+(?!(?:de|d|du|des|[àa]|au|aux|et|ou|pour|vers|chez|avec|ce|cette|je|j|tu|il|elle|on|nous|vous|me|m|rappel\p{L}*|qui|que|qu|sur|dans|en|puis|pis|mais|donc|alors|stp|svp|merci|tous|toutes|chaque|demain|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|prochaine?|suivante?)(?![\p{L}]))\p{L}{3,}/iu;

const EVENT_OF_AFTER = /^\s+(?:de|d'|des)\s*(?!(?:demain|aujourd|hier|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|la\s+veille|ce|cette|la|l')(?![\p{L}]))\p{L}{3,}/iu;

/** A noun then "de" right before "fin de journée" (not "à partir de", "avant de"). */
const NAMED_BY_PART_BEFORE = /(?<![\p{L}'])(?!(?:partir|compter|jusqu|lors|avant|apr[èe]s|besoin)\s)\p{L}{3,}\s+de\s+$/iu;

function frDayPartParser(): Parser {
  const re =
    // "à soir" is Quebec French for "ce soir".
    `(?:[àa]\\s+soir|[àa]\\s+la\\s+premi[èe]re\\s+heure|de\\s+bonne\\s+heure|au\\s+petit\\s+matin` +
    // "après le boulot", "en sortant du travail": the end of the working day, like "en fin de journée".
    `|(?<work>(?:juste\\s+)?apr[èe]s\\s+(?:le\\s+|mon\\s+)?(?:boulot|travail|taf|bureau)|en\\s+(?:sortant|rentrant)\\s+du\\s+(?:boulot|travail|taf|bureau))` +
    // "avant de dormir", "au coucher", "avant d'aller au lit": the evening, at 21:00.
    `|(?<bed>(?:juste\\s+)?avant\\s+(?:de\\s+(?:dormir|me\\s+coucher|(?:m'|me\\s+)endormir)|d'aller\\s+(?:au\\s+lit|me\\s+coucher|dormir|au\\s+dodo|faire\\s+dodo)|le\\s+coucher|le\\s+dodo)|au\\s+coucher|[àa]\\s+l'heure\\s+du\\s+coucher)` +
    `|(?:(?:en|[àa]|vers|dans|pour)\\s+(?:la\\s+)?)?(?<q>fin|d[ée]but|milieu)\\s+(?:de\\s+(?:la\\s+)?|d'|du\\s+)(?<qw>${FR_PART_WORD}|journ[ée]e)` +
    `|(?:(?:ce|cet|cette|le|la|l'|dans\\s+l'|dans\\s+la|en|du|de\\s+l'|de\\s+la|t[ôo]t\\s+le|tard\\s+le)\\s*)?(?:${FR_PART_WORD})|du\\s+mat)`;
  return pieceParser('fr-day-part', re, (m) => {
    // "bonne soirée", "bon matin" (Quebec): a greeting, not a time.
    if (/(?:^|[^\p{L}])bonn?e?\s+$/u.test(before(m, 8))) return null;
    // "la soirée poker", "une soirée pyjama", "la matinée portes ouvertes": an event, named by the
    // word after it, not a time of day.
    // Likewise "soirée de cartes", "matinée d'information" (not "la soirée de demain").
    if (/^(?:(?:la|une)\s+)?(?:soir[ée]e|matin[ée]e)$/iu.test(m.text.trim()) && (EVENT_AFTER.test(after(m, 24)) || EVENT_OF_AFTER.test(after(m, 24)))) return null;
    if (m.groups.work) return { part: 'evening', partHour: 18 };
    if (m.groups.bed) return { part: 'night', partHour: 21 };
    const s = fold(m.text);
    // "travaille de nuit", "l'équipe de soir": how or when one works, not a time to remind.
    if (/^(?:nuit|soir)$/.test(s) && /(?:^|[^\p{L}])de\s+$/u.test(before(m, 4))) return null;
    if (m.groups.q) {
      // "le rapport de fin de journée", "la réunion de début de matinée": it names the thing said before it.
      if (/^(?:fin|d[ée]but|milieu)/iu.test(m.text) && NAMED_BY_PART_BEFORE.test(before(m, 20))) return null;
      const q = fold(m.groups.q);
      const which = frPartOf(fold(m.groups.qw ?? ''));
      const hour = FR_QUALIFIED_HOURS[q]?.[which];
      const part: DayPart = which === 'day' ? (q === 'debut' ? 'morning' : q === 'milieu' ? 'noon' : 'evening') : which;
      return hour === undefined ? { part } : { part, partHour: hour };
    }
    const part = /premiere heure|du mat|bonne heure|petit matin/.test(s) ? 'morning' : (frPartOf(s) as DayPart);
    const piece: WhenPiece = { part };
    if (/^(ce|cet|cette)\b|^a soir$/.test(s)) piece.partToday = true;
    return piece;
  });
}

/**
 * Zones where French speakers call the midday meal "dîner" and the evening one "souper":
 * Canada, Belgium, Switzerland (and Luxembourg). Elsewhere (France, Africa) "dîner" is the evening.
 */
const NOON_DINNER_ZONES = new Set([
  'America/Toronto', 'America/Montreal', 'America/Moncton', 'America/Halifax', 'America/Winnipeg',
  'America/Edmonton', 'America/Vancouver', 'America/Regina', 'America/St_Johns', 'America/Glace_Bay',
  'America/Goose_Bay', 'America/Iqaluit', 'America/Whitehorse', 'America/Yellowknife', 'America/Nipigon',
  'America/Thunder_Bay', 'America/Rainy_River', 'America/Blanc-Sablon', 'America/Atikokan',
  'America/Swift_Current', 'America/Dawson_Creek', 'America/Fort_Nelson', 'America/Creston',
  'Europe/Brussels', 'Europe/Zurich', 'Europe/Luxembourg',
]);

/**
 * "après le déjeuner" 14:00, "après le dîner" 21:00 (14:00 where dîner is the midday meal), "au
 * dîner" noon or 20:00 by the same rule: a meal names the time of day.
 */
function frMealParser(): Parser {
  const re =
    `(?:juste\\s+)?apr[èe]s\\s+(?:le\\s+|mon\\s+|)(?<meal>d[ée]jeuner|d[ée]j|repas\\s+de\\s+midi|manger|d[îi]ner|souper)` +
    `|(?:(?:[àa]|vers|sur|pour|pendant)\\s+)?l'heure\\s+du\\s+(?<at>d[ée]jeuner|d[îi]ner|souper)` +
    `|(?:au|pour\\s+le|pendant\\s+le)\\s+(?<au>d[îi]ner|souper)` +
    `|(?:[àa]\\s+|pendant\\s+)(?:la\\s+|ma\\s+)pause\\s+(?:d[ée]jeuner|d[ée]j|de\\s+midi)|(?:[àa]\\s+la\\s+)?mi[\\s-]journ[ée]e` +
    // Belgian and Swiss "sur le temps de midi", "à l'heure de midi": the lunch break, noon.
    `|(?:(?:[àa]|sur|pendant|durant|pour)\\s+)?(?:le\\s+temps|l'heure)\\s+d[eu]\\s+midi`;
  return pieceParser('fr-meal', re, (m, env) => {
    const noonDinner = NOON_DINNER_ZONES.has(env.zone);
    if (m.groups.au) {
      // "au dîner" is a time only where it can be one: right after the trigger or a day word,
      // not inside a subject ("inviter Paul au dîner"); after a repetition ("tous les dimanches au
      // dîner", blanked to "·" before the parsers run) it is the habit's time.
      if (!/(?:moi|rappeler|rappel|demain|ce|aujourd'hui|(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)s?|·)\s*$/.test(before(m))) return null;
    }
    const atMeal = fold(m.groups.at ?? m.groups.au ?? '');
    if (!m.groups.meal) {
      // At the meal itself: lunch is noon, the evening meal the evening.
      if (atMeal === 'souper' || (atMeal === 'diner' && !noonDinner)) return { part: 'evening' };
      return { part: 'noon' };
    }
    const meal = fold(m.groups.meal ?? '');
    if (meal === 'souper' || (meal === 'diner' && !noonDinner)) return { part: 'evening', partHour: 21 };
    return { part: 'afternoon', partHour: 14 };
  });
}

/** "tout à l'heure", "plus tard": no time the bot could pick; cut from the subject, then asked. */
function frVagueParser(): Parser {
  const re =
    `(?:tout\\s+[àa]\\s+l'heure|(?:plus\\s+tard\\s+)?(?:dans\\s+la|cette)\\s+semaine|(?:un\\s+peu\\s+)?plus\\s+tard(?:\\s+dans\\s+la\\s+journ[ée]e|\\s+aujourd'hui)?|tant[ôo]t|dans\\s+un\\s+(?:moment|petit\\s+moment)|d'ici\\s+peu)`;
  return pieceParser('fr-vague', re, () => ({ vague: true }));
}

function frCasualDateParser(): Parser {
  const re =
    `(?:(?:pour|d'ici|d[èe]s|avant|jusqu'[àa])\\s+)?(?:aujourd'hui|ce\\s+jour|dans\\s+la\\s+journ[ée]e|demain|dem1(?![\\p{L}\\d])|apr[èe]s[\\s-]demain|` +
    `(?:la\\s+)?semaine\\s+prochaine|(?:le\\s+)?mois\\s+prochain|l'ann[ée]e\\s+prochaine|` +
    `(?:ce|le|du|au)\\s+week-?\\s?end(?:\\s+prochain)?|(?:en\\s+|[àa]\\s+la\\s+)?fin\\s+(?:de\\s+(?:la\\s+)?)?semaine|` +
    `(?:en\\s+|[àa]\\s+la\\s+|la\\s+)?fin\\s+(?:du\\s+mois\\s+d'|du\\s+mois\\s+de\\s+|de\\s+|d')?(?<eom>${FR_MONTH_RE})(?![\\p{L}])|` +
    `(?:en\\s+|[àa]\\s+la\\s+)?fin\\s+(?:de\\s+|du\\s+|de\\s+ce\\s+)mois(?:-ci)?)`;
  return pieceParser('fr-casual-date', re, (m, env) => {
    const s = fold(m.text).replace(/\s+/g, ' ');
    const today = env.today;
    if (/apres[ -]demain/.test(s)) return { date: ymd(today.plus({ days: 2 })) };
    if (/demain|dem1/.test(s)) return { date: ymd(today.plus({ days: 1 })) };
    if (/aujourd'hui|ce jour|journee$/.test(s) && !/fin de/.test(s)) return { date: ymd(today) };
    if (/week-? ?end prochain/.test(s)) {
      return { date: ymd(today.minus({ days: today.weekday - 1 }).plus({ weeks: 1, days: 5 })) };
    }
    if (/week-? ?end|fin de (?:la )?semaine/.test(s)) return { weekend: true };
    if (/semaine prochaine/.test(s)) return { date: ymd(today.minus({ days: today.weekday - 1 }).plus({ weeks: 1 })) };
    if (/mois prochain/.test(s)) return { date: ymd(today.startOf('month').plus({ months: 1 })) };
    if (/annee prochaine/.test(s)) return { date: ymd(today.startOf('year').plus({ years: 1 })) };
    if (m.groups.eom) return { date: endOfNamedMonth(today, FR_MONTHS[fold(m.groups.eom)]) };
    if (/fin (?:de |du |de ce )mois/.test(s)) return { date: ymd(today.endOf('month')) };
    return null;
  });
}

/**
 * "en décembre", "début janvier", "mi-décembre", "à la mi-janvier", "courant mars", "au mois
 * d'août", "au début du mois prochain", "en début de semaine prochaine": a month, or a stretch of
 * one, read with the words that introduce it so none is left in the subject.
 */
function frMonthStretchParser(): Parser {
  const re =
    `(?:(?:en|au|[àa]\\s+la|dans\\s+le|vers\\s+la|vers\\s+le|pour\\s+la|pour\\s+le|d[èe]s\\s+le|d[èe]s\\s+la|jusqu'[àa]\\s+la|jusqu'au|la|le)\\s+)?` +
    `(?:(?<q>d[ée]but|mi|milieu|fin|courant)(?:\\s+(?:du\\s+mois\\s+)?(?:de\\s+(?:la\\s+)?|d'\\s*|du\\s+)?|\\s*-\\s*)` +
    `(?:(?<m>${FR_MONTH_RE})|(?<rel>(?:la\\s+)?semaine\\s+prochaine|(?:le\\s+)?mois\\s+prochain)|(?<this>ann[ée]e|(?:l'|cette\\s+)ann[ée]e|mois(?!\\s+(?:(?:de\\s+|d'\\s*)(?:${FR_MONTH_RE})|prochain)))(?!\\s+prochaine?))` +
    `|(?:(?:en|courant|[àa]\\s+partir\\s+de|[àa]\\s+compter\\s+de|d[èe]s)\\s+|[àa]\\s+(?:partir|compter)\\s+d'\\s*|(?:au|pendant\\s+le|dans\\s+le)\\s+mois\\s+(?:de\\s+|d'\\s*))(?<m2>${FR_MONTH_RE}))` +
    `(?:\\s+(?<y>\\d{4}))?(?![\\p{L}\\d]|\\s*\\d)`;
  return pieceParser('fr-month-stretch', re, (m, env) => {
    const q = fold(m.groups.q ?? 'debut');
    const stretch: Stretch = /^(?:mi|milieu)$/.test(q) ? 'mid' : q === 'fin' ? 'end' : 'start';
    const y = m.groups.y ? Number(m.groups.y) : undefined;
    if (m.groups.this) {
      const date = stretchOfThis(env.today, /ann/.test(fold(m.groups.this)) ? 'year' : 'month', stretch);
      return date ? { date } : null;
    }
    if (m.groups.rel) {
      const week = /semaine/.test(m.groups.rel);
      // "la fin de semaine prochaine" is next weekend in Quebec: left to the casual parser.
      if (week && stretch === 'end') return null;
      return { date: stretchOfNext(env.today, week ? 'week' : 'month', stretch) };
    }
    const month = FR_MONTHS[fold(m.groups.m ?? m.groups.m2 ?? '')];
    if (!month) return null;
    return { date: stretchOfMonth(env.today, month, stretch, y) };
  });
}

/** Holidays on a fixed date, [month, day] (folded names). */
const FR_HOLIDAYS: Array<[RegExp, number, number]> = [
  [/sylvestre|reveillon du nouvel an|31 decembre/, 12, 31],
  [/jour de l'an|nouvel an|premier de l'an/, 1, 1],
  [/noel/, 12, 25],
  [/toussaint/, 11, 1],
  [/halloween/, 10, 31],
  [/valentin/, 2, 14],
];

/**
 * "à Noël", "la veille de Noël", "le jour de l'an", "à la Saint-Sylvestre", "pour la Toussaint":
 * a holiday on a fixed date, read only after a word that makes it a date ("les cadeaux de Noël"
 * keep their words). "La veille de" is the day before, "le lendemain de" the day after.
 */
function frHolidayParser(): Parser {
  const re =
    `(?:(?:[àa]|avant|d'ici|jusqu'[àa]|d[èe]s|le\\s+jour\\s+de|le\\s+soir\\s+de|le\\s+matin\\s+de|(?<veille>la\\s+veille\\s+(?:de|du))|(?<lendemain>le\\s+lendemain\\s+(?:de|du)))\\s+)` +
    `(?:la\\s+|le\\s+|l')?(?<h>no[ëe]l|saint[- ]sylvestre|st[- ]sylvestre|jour\\s+de\\s+l'an|nouvel\\s+an|toussaint|halloween|saint[- ]valentin|st[- ]valentin)` +
    // "le jour de l'an" is a date by itself.
    `|(?:le\\s+)?(?<h2>jour\\s+de\\s+l'an)`;
  return pieceParser('fr-holiday', re, (m, env) => {
    const h = fold(m.groups.h ?? m.groups.h2 ?? '').replace(/-/g, ' ');
    const found = FR_HOLIDAYS.find(([r]) => r.test(h));
    if (!found) return null;
    const date = fixedHoliday(env.today, found[1], found[2]);
    const shift = m.groups.veille ? -1 : m.groups.lendemain ? 1 : 0;
    if (!shift) return { date };
    // The day before or after the holiday's next occurrence (rule 7 picks that occurrence's year).
    const year = Date.UTC(env.today.year, found[1] - 1, found[2]) < Date.UTC(env.today.year, env.today.month - 1, env.today.day) ? env.today.year + 1 : env.today.year;
    const d = new Date(Date.UTC(year, found[1] - 1, found[2] + shift));
    return { date: { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() } };
  });
}

/** "demain même heure", "à la même heure demain", "la semaine prochaine à la même heure": that day at now's clock time. */
function frSameTimeParser(): Parser {
  const same = `(?:[àa]\\s+)?(?:la\\s+)?m[êe]me\\s+heure`;
  const day = `(?:demain|la\\s+semaine\\s+prochaine)`;
  const re = `${same}\\s+(?<d>${day})|(?<d2>${day}),?\\s+${same}`;
  return pieceParser('fr-same-time', re, (m, env) => {
    const d = fold(m.groups.d ?? m.groups.d2 ?? '');
    const date = ymd(env.today.plus({ days: /semaine/.test(d) ? 7 : 1 }));
    return { date, time: { hour: env.now.hour, minute: env.now.minute, clock: 'exact' } };
  });
}

function frWeekdayParser(): Parser {
  const re =
    `(?:(?:le|ce|d[èe]s|pour|d'ici|jusqu'[àa]|avant)\\s+)?(?<wd>${FR_WEEKDAY_RE})` +
    `(?:\\s+(?<dom>\\d{1,2}|1er|premier)(?!\\s*(?:h(?![\\p{L}])|heures?|:|\\d|${FR_MONTH_RE})))?` +
    `(?:\\s+(?<q>prochain|qui\\s+vient|d'apr[èe]s|suivant|en\\s+8|en\\s+15|(?:de\\s+)?(?:la\\s+)?semaine\\s+(?:prochaine|suivante|d'apr[èe]s|qui\\s+vient)|(?:de\\s+)?cette\\s+semaine))?`;
  return pieceParser('fr-weekday', re, (m, env) => {
    const wd = FR_WEEKDAYS[fold(m.groups.wd ?? '').replace('.', '')];
    if (!wd) return null;
    const q = fold(m.groups.q ?? '');
    let mode: WeekdayMode = 'next';
    if (/semaine (prochaine|suivante|d'apres|qui vient)/.test(q)) mode = 'following-week';
    else if (/cette semaine/.test(q)) mode = 'this-week';
    else if (/en 8/.test(q)) mode = 'in-eight';
    else if (/en 15/.test(q)) mode = 'week-after-next';
    const domText = fold(m.groups.dom ?? '');
    const dom = domText ? (/^(1er|premier)$/.test(domText) ? 1 : Number(domText)) : undefined;
    const piece = weekdayPiece(env, wd, mode, dom);
    if (piece && dom === undefined && !q && /^le\s/i.test(m.text)) piece.definite = true;
    if (piece && dom === undefined && !q && m.groups.wd && m.text.startsWith(m.groups.wd)) piece.plainWeekday = true;
    return piece;
  });
}

function frOrdinalParser(): Parser {
  const re =
    `(?:le\\s+)?(?<ord>premier|premi[èe]re|1er|1re|deuxi[èe]me|second|2e|2[èe]me|troisi[èe]me|3e|3[èe]me|quatri[èe]me|4e|4[èe]me|cinqui[èe]me|5e|5[èe]me|derni[èe]re?)\\s+` +
    `(?<what>${FR_WORKDAY_RE}|${FR_WEEKDAY_RE}|jour)\\s+(?:de\\s+la\\s+|du\\s+|de\\s+|d')` +
    `(?<target>mois\\s+prochain|mois\\s+suivant|ce\\s+mois(?:-ci)?|mois\\s+en\\s+cours|(?<month>${FR_MONTH_RE})(?:\\s+(?<year>\\d{4}))?|(?<plain>mois))`;
  return pieceParser('fr-ordinal', re, (m, env) => {
    const ord = fold(m.groups.ord ?? '');
    const n = /^derni/.test(ord) ? -1 : FR_ORDINALS[ord];
    if (!n) return null;
    const what = fold(m.groups.what ?? '').replace('.', '');
    return ordinalDayPiece(env, n, what === 'jour' ? 0 : (FR_WEEKDAYS[what] ?? WORKDAY), {
      month: m.groups.month ? FR_MONTHS[fold(m.groups.month)] : undefined,
      year: m.groups.year ? Number(m.groups.year) : undefined,
      relative: /prochain|suivant/.test(m.groups.target ?? '') ? 1 : 0,
      upcoming: !!m.groups.plain,
    });
  });
}

function frMonthDayParser(): Parser {
  const re =
    `(?:le\\s+)?(?<n>\\d{1,2}|1er|premier)\\s+(?:(?:du|de\\s+ce)\\s+mois(?<rel>\\s+prochain|\\s+suivant|-ci|\\s+en\\s+cours)?|courant)` +
    `|(?:le\\s+)?premier\\s+(?<month>${FR_MONTH_RE})(?:\\s+(?<year>\\d{4}))?`;
  return pieceParser('fr-month-day', re, (m, env) => {
    if (m.groups.month) {
      const month = FR_MONTHS[fold(m.groups.month)];
      const year = m.groups.year ? Number(m.groups.year) : env.today.year;
      return { date: { year, month, day: 1, yearImplied: !m.groups.year } };
    }
    const nText = fold(m.groups.n ?? '');
    const n = /^(1er|premier)$/.test(nText) ? 1 : Number(nText);
    return relativeMonthDayPiece(env, n, /prochain|suivant/.test(m.groups.rel ?? '') ? 1 : 0);
  });
}

/**
 * "le 1er", "le 30", "le 21e", "le vingt et unième (jour du mois)": the next such day of a month
 * (rule 7). An ordinal counts as a day only where a date fits, so "le 3e étage" stays a floor.
 */
function frDayOfMonthParser(): Parser {
  const re =
    `(?:(?:(?:pour|avant|d'ici|jusqu'au)\\s+)?le|(?<=(?:matin|soir|midi|nuit|apr[èe]s-midi|journ[ée]e)\\s+)du)\\s+(?:(?<d>\\d{1,2}|1er|premier)` +
    `(?!\\s*(?:h(?![\\p{L}])|heures?|:|\\d|/|-|\\.|${FR_MONTH_RE}|du\\s+mois|de\\s+ce\\s+mois|minutes?|jours?|semaines?|mois|ans?|fois|personnes?|euros?|[eè]me|e(?![\\p{L}])))` +
    `|(?<o>\\d{1,2})(?:e|[eè]me)(?:\\s+jour(?:\\s+du\\s+mois)?)?(?=\\s*(?:$|[,.;!?]|d'|de\\s|[àa]\\s|pour\\s|prochain)))`;
  return pieceParser('fr-day-of-month', re, (m, env) => {
    const raw = fold(m.groups.d ?? m.groups.o ?? '');
    const day = /^(1er|premier)$/.test(raw) ? 1 : Number(raw);
    if (!(day >= 1 && day <= 31)) return null;
    return { date: { year: env.today.year, month: env.today.month, day, yearImplied: true, monthImplied: true } };
  });
}

function frDurationParser(bare: boolean): Parser {
  const re =
    `(?:(?:dans|ds|d'ici|sous)\\s+(?:environ\\s+|[àa]\\s+peu\\s+pr[èe]s\\s+|juste\\s+|seulement\\s+)?(?<d1>${DURATION_FR})` +
    `|(?<d2>${DURATION_FR})\\s+plus\\s+tard` +
    (bare ? `|(?:\\+\\s*|encore\\s+)?(?<d3>${DURATION_FR})` : '') +
    ')';
  return pieceParser(bare ? 'fr-bare-duration' : 'fr-duration', re, (m, env) => {
    // Alone, "18h" is a clock time, not a delay.
    if (m.groups.d3 && /^\d+\s*h(?:\s*\d+)?$/i.test(m.groups.d3.trim())) return null;
    return durationPiece(env, m.groups.d1 ?? m.groups.d2 ?? m.groups.d3 ?? '');
  });
}

function frZoneParser(): Parser {
  const re = `(?:[àa]\\s+l'|en\\s+)?heure\\s+(?:de\\s+la\\s+|de\\s+l'|du\\s+|de\\s+|d'|des\\s+)?(?<place>${placeAlternation()})`;
  return pieceParser('fr-zone', re, (m) => zonePiece(m.groups.place ?? ''));
}

/**
 * Words without which each parser cannot match (see `hinted`): derived from its pattern's
 * required parts, so a text without them skips the parser's scan and nothing else changes.
 */
const FR_HINTS = {
  // "heure de Montréal", "heure du Québec": the singular "heure" followed by a word.
  zone: /heure\s+\p{L}/iu,
  duration: /\d|un|quelques|demi|quart/i,
  // A delay (not a bare answer to "quand ?") is introduced by "dans", "d'ici", "sous" or followed by "plus tard".
  delay: /dans\s|ds\s|d'ici|sous\s|plus\s+tard/i,
  ordinal: new RegExp(`mois|${FR_MONTH_RE}`, 'i'),
  monthDay: /mois|courant|premier/i,
  dayOfMonth: /le|du/i,
  weekday: new RegExp(FR_WEEKDAY_RE, 'i'),
  casualDate: /aujourd|ce\s+jour|journ|demain|dem1|semaine|mois|ann|week|fin/i,
  sameTime: /m[êe]me\s+heure/i,
  holiday: /no[ëe]l|sylvestre|l'an|nouvel|toussaint|halloween|valentin/i,
  // A month name, "semaine", "mois" or "année" as whole words, and a word that introduces them.
  monthStretch: [
    new RegExp(`(?<![\\p{L}])(?:${FR_MONTH_RE}|semaine|mois|ann[ée]e)(?![\\p{L}])`, 'iu'),
    /(?<![\p{L}])(?:en|mi|milieu|d[ée]but|fin|courant|mois|partir|compter|d[èe]s)(?![\p{L}])/iu,
  ],
  dayPart: /mat|apr|soir|nuit|premi|journ|bonne\s+heure|sortant|rentrant|dormir|coucher|lit|dodo/i,
  meal: /d[ée]j|d[îi]n|souper|manger|repas|pause|journ|d[eu]\s+midi/i,
  vague: /heure|tard|tant|moment|peu|semaine/i,
  time: /\d|midi|minuit/i,
  digit: /\d/,
};

export function frenchParsers(bareDurations: boolean): Parser[] {
  return [
    hinted(frZoneParser(), FR_HINTS.zone),
    hinted(frDurationParser(false), [FR_HINTS.duration, FR_HINTS.delay]),
    ...(bareDurations ? [hinted(frDurationParser(true), FR_HINTS.duration)] : []),
    hinted(frOrdinalParser(), FR_HINTS.ordinal),
    hinted(frMonthDayParser(), FR_HINTS.monthDay),
    hinted(frDayOfMonthParser(), FR_HINTS.dayOfMonth),
    hinted(frWeekdayParser(), FR_HINTS.weekday),
    hinted(frCasualDateParser(), FR_HINTS.casualDate),
    hinted(frMonthStretchParser(), FR_HINTS.monthStretch),
    hinted(frHolidayParser(), FR_HINTS.holiday),
    hinted(frSameTimeParser(), FR_HINTS.sameTime),
    hinted(frDayPartParser(), FR_HINTS.dayPart),
    hinted(frMealParser(), FR_HINTS.meal),
    hinted(frVagueParser(), FR_HINTS.vague),
    hinted(frTimeParser(), FR_HINTS.time),
    hinted(frBareHourParser(), FR_HINTS.digit),
  ];
}
