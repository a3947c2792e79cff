import { DateTime, Info } from 'luxon';

/** The fr/en words describeRepeat builds its sentences from (the catalog for repetitions). */
export type RepeatLanguage = 'fr' | 'en';

const weekdayName = (weekday: number, locale: RepeatLanguage) => Info.weekdays('long', { locale })[weekday - 1];
const monthName = (month: number, locale: RepeatLanguage) => Info.months('long', { locale })[month - 1];

const FR_ORDINALS = ['', 'premier', 'deuxième', 'troisième', 'quatrième', 'cinquième'];
const EN_ORDINALS = ['', 'first', 'second', 'third', 'fourth', 'fifth'];

function enOrdinalNumber(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

export interface RepeatWords {
  and: string;
  minutely(interval: number): string;
  hourly(interval: number): string;
  daily(interval: number, time: string): string;
  weekdays(time: string): string;
  weekly(days: number[], interval: number, time: string): string;
  monthly(what: string, interval: number, time: string): string;
  yearlyOn(what: string, interval: number, time: string): string;
  nthDay(day: number): string;
  nthWeekday(ordinal: number | null, weekday: number): string;
  /** BYDAY=MO,TU,WE,TH,FR;BYSETPOS=n: "le dernier jour ouvré", "the first working day". */
  nthWorkday(position: number): string;
  /** Any other BYSETPOS: the days the rule names, then which of them are kept. */
  setPositions(what: string, positions: number[]): string;
  dayOfMonth(day: number, month: number): string;
  month(month: number): string;
  inMonths(months: string): string;
  /** A position in named months: "le quatrième jeudi de novembre", "the last day of February". */
  ofMonths(what: string, months: string): string;
  /** A monthly position kept in some months: "le 1er de mars et septembre à 09:00", "on the 1st of March and September at 09:00". */
  monthlyIn(what: string, months: string, time: string): string;
  /** The same in each quarter's first (or last) month: "le premier lundi de chaque trimestre à 09:00". */
  quarterly(what: string, time: string): string;
  count(count: number): string;
  until(date: DateTime): string;
}

function joined(items: string[], and: string): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;
}

const fr: RepeatWords = {
  and: 'et',
  minutely: (n) => (n % 60 === 0 ? fr.hourly(n / 60) : `toutes les ${n} minutes`),
  hourly: (n) => (n === 1 ? 'toutes les heures' : `toutes les ${n} heures`),
  daily: (n, t) => (n === 1 ? `tous les jours à ${t}` : `tous les ${n} jours à ${t}`),
  weekdays: (t) => `du lundi au vendredi à ${t}`,
  weekly: (days, n, t) => {
    if (n === 1) return `tous les ${joined(days.map((d) => `${weekdayName(d, 'fr')}s`), 'et')} à ${t}`;
    if (n === 2 && days.length === 1) return `un ${weekdayName(days[0], 'fr')} sur deux à ${t}`;
    return `toutes les ${n} semaines, ${joined(days.map((d) => `le ${weekdayName(d, 'fr')}`), 'et')}, à ${t}`;
  },
  monthly: (what, n, t) => (n === 1 ? `${what} de chaque mois à ${t}` : `${what}, tous les ${n} mois, à ${t}`),
  yearlyOn: (what, n, t) => (n === 1 ? `tous les ans, ${what}, à ${t}` : `tous les ${n} ans, ${what}, à ${t}`),
  nthDay: (d) => {
    if (d === 1) return 'le 1er';
    if (d > 0) return `le ${d}`;
    if (d === -1) return 'le dernier jour';
    if (d === -2) return "l'avant-dernier jour";
    return `le ${-d}e jour avant la fin`;
  },
  nthWeekday: (o, w) => {
    const day = weekdayName(w, 'fr');
    if (o === null) return `chaque ${day}`;
    if (o === -1) return `le dernier ${day}`;
    if (o === -2) return `l'avant-dernier ${day}`;
    if (o > 0 && o < FR_ORDINALS.length) return `le ${FR_ORDINALS[o]} ${day}`;
    return o > 0 ? `le ${o}e ${day}` : `le ${-o}e ${day} avant la fin`;
  },
  nthWorkday: (p) => {
    if (p === -1) return 'le dernier jour ouvré';
    if (p === -2) return "l'avant-dernier jour ouvré";
    if (p > 0 && p < FR_ORDINALS.length) return `le ${FR_ORDINALS[p]} jour ouvré`;
    return p > 0 ? `le ${p}e jour ouvré` : `le ${-p}e jour ouvré avant la fin`;
  },
  setPositions: (what, ps) =>
    `${what}, seulement ${joined(
      ps.map((p) => (p === 1 ? 'le premier' : p === -1 ? 'le dernier' : p > 0 ? `le ${p}e` : `le ${-p}e avant la fin`)),
      'et',
    )}`,
  dayOfMonth: (d, m) => `le ${d === 1 ? '1er' : d} ${monthName(m, 'fr')}`,
  month: (m) => monthName(m, 'fr'),
  inMonths: (months) => ` (en ${months})`,
  ofMonths: (what, months) => `${what} ${/^[aeiouyéè]/i.test(months) ? "d'" : 'de '}${months}`,
  monthlyIn: (what, months, t) => `${fr.ofMonths(what, months)} à ${t}`,
  quarterly: (what, t) => `${what} de chaque trimestre à ${t}`,
  count: (n) => `, ${n} fois`,
  until: (date) => `, jusqu'au ${date.day === 1 ? '1er' : date.day} ${monthName(date.month, 'fr')} ${date.year}`,
};

const en: RepeatWords = {
  and: 'and',
  minutely: (n) => (n % 60 === 0 ? en.hourly(n / 60) : `every ${n} minutes`),
  hourly: (n) => (n === 1 ? 'every hour' : `every ${n} hours`),
  daily: (n, t) => (n === 1 ? `every day at ${t}` : `every ${n} days at ${t}`),
  weekdays: (t) => `every weekday at ${t}`,
  weekly: (days, n, t) => {
    const names = joined(
      days.map((d) => weekdayName(d, 'en')),
      'and',
    );
    if (n === 1) return `every ${names} at ${t}`;
    if (n === 2) return `every other ${names} at ${t}`;
    return `every ${n} weeks on ${names} at ${t}`;
  },
  monthly: (what, n, t) => (n === 1 ? `on ${what} of every month at ${t}` : `on ${what} every ${n} months at ${t}`),
  yearlyOn: (what, n, t) => (n === 1 ? `every year on ${what} at ${t}` : `every ${n} years on ${what} at ${t}`),
  nthDay: (d) => {
    if (d > 0) return `the ${enOrdinalNumber(d)}`;
    if (d === -1) return 'the last day';
    if (d === -2) return 'the second-to-last day';
    return `the ${enOrdinalNumber(-d)}-to-last day`;
  },
  nthWeekday: (o, w) => {
    const day = weekdayName(w, 'en');
    if (o === null) return `every ${day}`;
    if (o === -1) return `the last ${day}`;
    if (o === -2) return `the second-to-last ${day}`;
    if (o > 0 && o < EN_ORDINALS.length) return `the ${EN_ORDINALS[o]} ${day}`;
    return o > 0 ? `the ${enOrdinalNumber(o)} ${day}` : `the ${enOrdinalNumber(-o)}-to-last ${day}`;
  },
  nthWorkday: (p) => {
    if (p === -1) return 'the last working day';
    if (p === -2) return 'the second-to-last working day';
    if (p > 0 && p < EN_ORDINALS.length) return `the ${EN_ORDINALS[p]} working day`;
    return p > 0 ? `the ${enOrdinalNumber(p)} working day` : `the ${enOrdinalNumber(-p)}-to-last working day`;
  },
  setPositions: (what, ps) =>
    `${what}, only the ${joined(
      ps.map((p) => (p === 1 ? 'first' : p === -1 ? 'last' : p > 0 ? enOrdinalNumber(p) : `${enOrdinalNumber(-p)}-to-last`)),
      'and',
    )}`,
  dayOfMonth: (d, m) => `${monthName(m, 'en')} ${d}`,
  month: (m) => monthName(m, 'en'),
  inMonths: (months) => ` in ${months}`,
  ofMonths: (what, months) => `${what} of ${months}`,
  monthlyIn: (what, months, t) => `on ${what} of ${months} at ${t}`,
  quarterly: (what, t) => `on ${what} of every quarter at ${t}`,
  count: (n) => `, ${n} times`,
  until: (date) => `, until ${monthName(date.month, 'en')} ${date.day}, ${date.year}`,
};

export const repeatWords: Record<RepeatLanguage, RepeatWords> = { fr, en };
