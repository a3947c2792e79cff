import { Language } from './types';

/** Damerau-Levenshtein distance 1 between a word and a lower-case target: one substitution, insertion, deletion or swap of neighbours. */
export function oneTypoFrom(word: string, target: string): boolean {
  const a = word.toLowerCase();
  if (a === target || Math.abs(a.length - target.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < target.length && a[i] === target[i]) i++;
  const rest = (x: string, y: string) => x.slice(i + 1) === y.slice(i + 1);
  if (a.length === target.length) {
    return rest(a, target) || (a[i] === target[i + 1] && a[i + 1] === target[i] && a.slice(i + 2) === target.slice(i + 2));
  }
  return a.length > target.length ? a.slice(i + 1) === target.slice(i) : a.slice(i) === target.slice(i + 1);
}

/**
 * Date words as phones and hurried thumbs spell them. Long words (7 letters and more) are read
 * through any one typo ("wednsday", "thrusday", "mercerdi", "tomorow"), their plurals excepted
 * (a plural weekday is a habit); shorter ones, where one typo often makes another real word
 * ("sundae", "sundry"), only through the misspellings listed.
 */
const LONG_DATE_WORDS: Record<Language, string[]> = {
  en: ['tuesday', 'wednesday', 'thursday', 'saturday', 'tomorrow', 'tonight'],
  fr: ['mercredi', 'vendredi', 'dimanche'],
};
const MISSPELLINGS: Record<Language, Record<string, string>> = {
  en: {
    firday: 'friday', frday: 'friday', fridy: 'friday', fiday: 'friday', mondy: 'monday', monady: 'monday', mnday: 'monday',
    sundy: 'sunday', snday: 'sunday', satday: 'saturday', wensday: 'wednesday', wendsday: 'wednesday', wedsday: 'wednesday',
    wenesday: 'wednesday', wednes: 'wednesday', tomo: 'tomorrow', tmw: 'tomorrow', tomoz: 'tomorrow', tmrow: 'tomorrow',
    tmro: 'tomorrow', tomrw: 'tomorrow', tmorrow: 'tomorrow', tonigt: 'tonight', tonihgt: 'tonight', tdy: 'today', tday: 'today',
    // Repetition words: "evry day", "evryday" ("everyday" is read in normalize.ts), "dialy".
    evry: 'every', evrey: 'every', eveyr: 'every', evey: 'every', everyy: 'every', evryday: 'every day',
    eveyday: 'every day', dialy: 'daily', dailly: 'daily', weekely: 'weekly', wekly: 'weekly', montly: 'monthly', monthy: 'monthly',
    anually: 'annually', annualy: 'annually',
    // "every wknd", "this wkend".
    wknd: 'weekend', wkend: 'weekend', weeknd: 'weekend', wknds: 'weekends', wkends: 'weekends',
    // "tomorrow" in the other languages of English speakers' messages: French, Spanish, Tagalog, Swahili, Arabic.
    demain: 'tomorrow', mañana: 'tomorrow', manana: 'tomorrow', bukas: 'tomorrow', kesho: 'tomorrow', bukra: 'tomorrow', bokra: 'tomorrow',
  },
  fr: {
    // Kreyòl "demen", Maghreb Arabizi "ghodwa", Levantine "bukra": "demain".
    demen: 'demain', ghodwa: 'demain', ghedwa: 'demain', bukra: 'demain', bokra: 'demain',
    demin: 'demain', dmain: 'demain', demian: 'demain', deman: 'demain', demaine: 'demain', dmn: 'demain', demani: 'demain',
    ojd: "aujourd'hui", auj: "aujourd'hui", ajd: "aujourd'hui", aujd: "aujourd'hui", aujourdhui: "aujourd'hui", aujourdui: "aujourd'hui",
    aujour: "aujourd'hui",
    samedie: 'samedi', smedi: 'samedi', lundie: 'lundi', mardie: 'mardi', jeudie: 'jeudi', jedi: 'jeudi', vendredie: 'vendredi',
    // Repetition words: "chaques lundis", "touts les jours" ("tout les" is read in normalize.ts, before "les" only).
    // (Kreyòl "chak lundi".)
    chaques: 'chaque', chaqe: 'chaque', chak: 'chaque', touts: 'tous',
    // "ce wknd", "le wkend prochain".
    wknd: 'week-end', wkend: 'week-end', weeknd: 'week-end', wknds: 'week-ends',
    // Texting short forms of "tous les jours" ("pilule tlj 21h").
    tlj: 'tous les jours', ttlj: 'tous les jours', tljs: 'tous les jours',
  },
};

/** The listed misspellings as maps (a plain object would answer "constructor"). */
const LISTED: Record<Language, Map<string, string>> = {
  en: new Map(Object.entries(MISSPELLINGS.en)),
  fr: new Map(Object.entries(MISSPELLINGS.fr)),
};

/** The long date words by their first letter: most words share none, and are settled by one lookup. */
const BY_FIRST: Record<Language, Map<string, string[]>> = { en: new Map(), fr: new Map() };
for (const lang of ['en', 'fr'] as const) {
  for (const w of LONG_DATE_WORDS[lang]) BY_FIRST[lang].set(w[0], [...(BY_FIRST[lang].get(w[0]) ?? []), w]);
}

/** The date word a typo'd word stands for, or undefined (`lower` is lower-case). */
export function dateWordFor(lower: string, lang: Language): string | undefined {
  if (lower.length < 6 || lower.length > 10) return lower.length <= 10 ? LISTED[lang].get(lower) : undefined;
  const candidates = BY_FIRST[lang].get(lower[0]);
  if (!candidates) return LISTED[lang].get(lower);
  for (const w of candidates) {
    if (Math.abs(lower.length - w.length) <= 1 && lower !== w && lower !== w + 's' && oneTypoFrom(lower, w)) return w;
  }
  return LISTED[lang].get(lower);
}
