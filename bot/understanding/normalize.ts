import { Language } from './types';
import { dateWordFor } from './typos';

/**
 * Text rewritten for parsing (number words as digits, one kind of apostrophe and space) together
 * with a map back to the user's original characters, so that the subject can be cut out of what
 * the user really said rather than out of the rewritten text.
 */
export interface NormalizedText {
  text: string;
  /** Original [start, end) of each normalized character. */
  starts: number[];
  ends: number[];
}

const EN_UNITS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17,
  eighteen: 18, nineteen: 19,
};
const EN_TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fourty: 40, fifty: 50 };

/**
 * English ordinal words, rewritten as "14th" so the date parsers read "the fourteenth" like "the
 * 14th". "first" to "fifth" stand alone as they are ("second" is also a unit of time); they are
 * rewritten only as the end of a compound ("twenty-first").
 */
const EN_ORDINAL_UNITS: Record<string, number> = {
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9,
};
const EN_ORDINALS_ALONE: Record<string, number> = {
  sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10, eleventh: 11, twelfth: 12, thirteenth: 13,
  fourteenth: 14, fifteenth: 15, sixteenth: 16, seventeenth: 17, eighteenth: 18, nineteenth: 19,
  twentieth: 20, thirtieth: 30,
};

function ordinalSuffix(n: number): string {
  if (n % 100 >= 11 && n % 100 <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
}

const FR_UNITS: Record<string, number> = {
  zéro: 0, zero: 0, deux: 2, trois: 3, quatre: 4, cinq: 5, six: 6, sept: 7, huit: 8, neuf: 9, dix: 10,
  onze: 11, douze: 12, treize: 13, quatorze: 14, quinze: 15, seize: 16,
  'dix-sept': 17, 'dix-huit': 18, 'dix-neuf': 19,
};
// Belgian and Swiss French say septante, huitante (octante) and nonante.
const FR_TENS: Record<string, number> = {
  vingt: 20, trente: 30, quarante: 40, cinquante: 50, septante: 70, huitante: 80, octante: 80, nonante: 90,
};

/**
 * French ordinal words from "deuxième" on, rewritten as "22e" so "le vingt-deuxième" reads like
 * "le 22e". "premier" stays a word (the parsers know it); "unième" only ends a compound.
 */
const FR_ORDINAL_UNITS: Record<string, number> = {
  unieme: 1, deuxieme: 2, troisieme: 3, quatrieme: 4, cinquieme: 5, sixieme: 6, septieme: 7,
  huitieme: 8, neuvieme: 9,
};
const FR_ORDINALS_ALONE: Record<string, number> = {
  deuxieme: 2, troisieme: 3, quatrieme: 4, cinquieme: 5, sixieme: 6, septieme: 7, huitieme: 8,
  neuvieme: 9, dixieme: 10, onzieme: 11, douzieme: 12, treizieme: 13, quatorzieme: 14,
  quinzieme: 15, seizieme: 16, vingtieme: 20, trentieme: 30,
};

function foldWord(w: string): string {
  return w.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** "un"/"une"/"one" only count as numbers before a unit; elsewhere they are articles. */
const UNIT_AFTER_ONE =
  /^[\s-]+(?:h\b|heures?|minutes?|mins?|secondes?|jours?|semaines?|mois|ans?|années?|quarts?|hours?|hrs?|days?|weeks?|months?|years?|fortnight|[ap]\.?\s?m\b\.?|o'?clock)/i;

/** Words after which "one" is an hour ("at one", "half one", "till one"). */
const ONE_CLOCK_BEFORE = /(?:^|[^\p{L}])(?:at|@|around|about|by|till|until|half|past)\s+$/iu;
/** "one thirty pm", "one fifteen am": minutes after the hour, then am/pm. */
const ONE_MINUTES_AFTER = /^[\s-]+(?:fifteen|thirty|forty(?:[\s-]five)?|fifty(?:[\s-]five)?|twenty(?:[\s-]five)?|ten|five|oh[\s-]five)\s*[ap]\.?\s?m(?![\p{L}])/iu;
/** "at one point", "by one of them": "one" is no hour there. */
const ONE_NOT_CLOCK_AFTER = /^[\s-]+(?:point|of|another|time|stage|moment|side|way|more|day|week|month|year|person|thing|hand|go|piece|shot|sitting)(?![\p{L}])/iu;

const WORD = /[\p{L}]+(?:-[\p{L}]+)*/gu;

interface Token {
  start: number;
  end: number;
  word: string;
}

function unitValue(word: string, lang: Language): number | undefined {
  const w = word.toLowerCase();
  if (lang === 'en') return EN_UNITS[w];
  return FR_UNITS[w];
}

function tensValue(word: string, lang: Language): number | undefined {
  const w = word.toLowerCase();
  return lang === 'en' ? EN_TENS[w] : FR_TENS[w];
}

/** Splits hyphenated compounds ("vingt-quatre", "twenty-five") unless the whole is a unit word. */
function splitWords(text: string, lang: Language): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(WORD)) {
    const word = m[0];
    const start = m.index ?? 0;
    if (word.includes('-') && unitValue(word, lang) === undefined) {
      let offset = start;
      for (const part of word.split('-')) {
        out.push({ start: offset, end: offset + part.length, word: part });
        offset += part.length + 1;
      }
    } else {
      out.push({ start, end: start + word.length, word });
    }
  }
  return out;
}

/**
 * Reads a number written in words starting at token i. Returns the value and how many tokens
 * it used, or undefined. Handles "twenty four", "vingt-quatre", "vingt et un", "soixante".
 */
function readNumber(
  tokens: Token[],
  i: number,
  text: string,
  lang: Language,
): { value: number; used: number; ordinal?: boolean } | undefined {
  const t = tokens[i];
  const lower = t.word.toLowerCase();
  const gapIsJoin = (a: Token, b: Token) => /^[\s-]*$/.test(text.slice(a.end, b.start)) && b.start - a.end <= 2;
  if (lang === 'en' && EN_ORDINALS_ALONE[lower] !== undefined) return { value: EN_ORDINALS_ALONE[lower], used: 1, ordinal: true };
  if (lang === 'fr') {
    const folded = foldWord(lower);
    if (FR_ORDINALS_ALONE[folded] !== undefined) return { value: FR_ORDINALS_ALONE[folded], used: 1, ordinal: true };
    // "dix-septième" is split at its hyphen: "dix" then a unit ordinal.
    const next = tokens[i + 1];
    if (folded === 'dix' && next && gapIsJoin(t, next)) {
      const u = FR_ORDINAL_UNITS[foldWord(next.word)];
      if (u !== undefined && u >= 7) return { value: 10 + u, used: 2, ordinal: true };
    }
  }
  // "dix neuf heures": speech to text writes 17-19 with a space as often as with a hyphen.
  if (lang === 'fr' && lower === 'dix' && tokens[i + 1] && gapIsJoin(t, tokens[i + 1]) && /^(?:sept|huit|neuf)$/i.test(tokens[i + 1].word)) {
    return { value: 10 + FR_UNITS[tokens[i + 1].word.toLowerCase()], used: 2 };
  }
  if (lower === 'one' || lower === 'un' || lower === 'une') {
    if (UNIT_AFTER_ONE.test(text.slice(t.end))) return { value: 1, used: 1 };
    // "at one", "half one", "one thirty": a clock hour (not "at one point", "one of them").
    if (lower === 'one' && (ONE_MINUTES_AFTER.test(text.slice(t.end, t.end + 16)) || (ONE_CLOCK_BEFORE.test(text.slice(Math.max(0, t.start - 12), t.start)) && !ONE_NOT_CLOCK_AFTER.test(text.slice(t.end, t.end + 12))))) {
      return { value: 1, used: 1 };
    }
    return undefined;
  }
  if (lang === 'fr') {
    const base = frVigesimal(tokens, i, gapIsJoin);
    if (base) return base;
  }
  const tens = tensValue(lower, lang);
  if (tens !== undefined) {
    const next = tokens[i + 1];
    if (next && gapIsJoin(t, next)) {
      const nl = next.word.toLowerCase();
      if (lang === 'fr' && nl === 'et') {
        const after = tokens[i + 2];
        if (after && gapIsJoin(next, after) && /^(un|une)$/i.test(after.word)) return { value: tens + 1, used: 3 };
        if (after && gapIsJoin(next, after) && foldWord(after.word) === 'unieme') return { value: tens + 1, used: 3, ordinal: true };
      }
      if (lang === 'fr' && FR_ORDINAL_UNITS[foldWord(nl)] !== undefined && foldWord(nl) !== 'unieme') {
        return { value: tens + FR_ORDINAL_UNITS[foldWord(nl)], used: 2, ordinal: true };
      }
      if (lang === 'en' && EN_ORDINAL_UNITS[nl] !== undefined) return { value: tens + EN_ORDINAL_UNITS[nl], used: 2, ordinal: true };
      const u = nl === 'un' || nl === 'une' || nl === 'one' ? 1 : unitValue(nl, lang);
      if (u !== undefined && u >= 1 && u <= 9) return { value: tens + u, used: 2 };
    }
    return { value: tens, used: 1 };
  }
  const unit = unitValue(lower, lang);
  if (unit !== undefined) return { value: unit, used: 1 };
  return undefined;
}

/**
 * France's 70-99: "soixante-dix", "soixante et onze", "quatre-vingts", "quatre-vingt-dix-neuf".
 * The hyphens were split, so the parts are consecutive tokens.
 */
function frVigesimal(
  tokens: Token[],
  i: number,
  gapIsJoin: (a: Token, b: Token) => boolean,
): { value: number; used: number } | undefined {
  const w = (k: number) => (tokens[k] ? foldWord(tokens[k].word) : '');
  const joined = (k: number) => !!tokens[k] && !!tokens[k - 1] && gapIsJoin(tokens[k - 1], tokens[k]);
  let base: number;
  let k: number;
  if (w(i) === 'soixante') {
    base = 60;
    k = i + 1;
  } else if (w(i) === 'quatre' && joined(i + 1) && /^vingts?$/.test(w(i + 1))) {
    base = 80;
    k = i + 2;
  } else return undefined;
  if (!joined(k)) return { value: base, used: k - i };
  if (w(k) === 'et' && joined(k + 1) && /^(un|une|onze)$/.test(w(k + 1))) {
    return { value: base + (w(k + 1) === 'onze' ? 11 : 1), used: k + 2 - i };
  }
  if (w(k) === 'dix' && joined(k + 1) && /^(sept|huit|neuf)$/.test(w(k + 1))) {
    return { value: base + 10 + FR_UNITS[w(k + 1)], used: k + 2 - i };
  }
  const u = FR_UNITS[w(k)];
  // 61-69 come as "soixante et un" / "soixante-deux"; 70-79 as "soixante-dix"...; 80-99 likewise.
  if (u !== undefined && u >= 1 && u <= 16 && (base === 80 || u >= 2)) return { value: base + u, used: k + 1 - i };
  return { value: base, used: k - i };
}

const ASCII = /^[\x00-\x7f]*$/;

/** Every word a number in words can start with, lower-case and without accents. */
const NUMBER_STARTS: Record<Language, Set<string>> = {
  en: new Set([...Object.keys(EN_UNITS), ...Object.keys(EN_TENS), ...Object.keys(EN_ORDINALS_ALONE)]),
  fr: new Set(
    [...Object.keys(FR_UNITS), ...Object.keys(FR_TENS), ...Object.keys(FR_ORDINALS_ALONE), 'un', 'une', 'soixante', 'quatre', 'dix'].map((w) =>
      foldWord(w),
    ),
  ),
};

/**
 * Rewrites number words as digits, misspelt date words as the words they stand for, and evens
 * out apostrophes and spaces, keeping a map back to the original text. Only cardinal numbers are rewritten; ordinals ("third", "premier") are left
 * to the date parsers.
 */
/** Words after which "everyday" is an adjective ("my everyday bag", "the everyday stuff"). */
/** "tout", "tt", "ts", "tte", "ttes" before "les": "tous" / "toutes" misspelt or shortened. */
const FR_EVERY_TYPO = new Map([['tout', 'tous'], ['tt', 'tous'], ['ts', 'tous'], ['tte', 'toutes'], ['ttes', 'toutes']]);
const NAMING_WORD = /^(?:my|the|your|our|his|her|their|its|a|an|this|that|these|those|some|for)$/i;
/** What Jamaican "inna" ("in") may come before as a delay: a number or "an"/"a"/"half". */
const INNA_BEFORE = /^\s+(?:\d|(?:an?|half|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty|forty|fifty|couple|few)(?![\p{L}]))/iu;
/** A time ("6am", "7", "19:30") right before a patois "an" for "and". */
const CLOCK_BEFORE = /(?<![\d:.])\d{1,2}(?:[:.h]\d{2})?\s*(?:[ap]\.?m\.?)?\s+$/i;
/** "… an 8pm fi lock up": a time then "to" / "fi" after "an" (never the article of "an 8pm class"). */
const CLOCK_THEN_TO = /^\s+\d{1,2}(?:[:.h]\d{2})?\s*(?:[ap]\.?m\.?)?\s+(?:fi|to)\s/i;
/** Words of the calendar a Jamaican "di" ("the") may come before. */
const CALENDAR_NOUN = /^(?:month|week|weekend|year|day|morning|evening|night|afternoon)s?$/i;
/** Words after which "kal" is someone's name ("call Kal at 9", "lunch with kal"). */
const KAL_NAMED_AFTER = /^(?:call|ring|phone|text|message|tell|ask|meet|see|visit|email|with|to|for|and|from|pick|help|thank|remind)$/i;
/** What Hindi "kal" comes before when it says "tomorrow". */
const KAL_BEFORE = /^(?:at|@|by|morning|evening|night|afternoon|subah|shaam|raat|\d.*)$/i;
/** What "alternate" may say every other one of. */
const ALTERNATED = /^(?:days?|weeks?|months?|weekends?|(?:mon|tues|wednes|thurs|fri|satur|sun)days?)$/i;

export function normalize(original: string, lang: Language): NormalizedText {
  // Same-length substitutions first, so they need no index bookkeeping.
  const base = original.replace(/[\u2019\u2018\u02bc`´]/g, "'").replace(/[\u00a0\u202f\t\r\n]/g, ' ');
  const tokens = splitWords(base, lang);
  let text = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let cursor = 0;
  const copyUpTo = (end: number) => {
    for (let k = cursor; k < end; k++) {
      text += base[k];
      starts.push(k);
      ends.push(k + 1);
    }
    cursor = end;
  };
  const starts_ = NUMBER_STARTS[lang];
  for (let i = 0; i < tokens.length; i++) {
    // Most words are no number: a set lookup settles them before the full reading.
    const lower = tokens[i].word.toLowerCase();
    // (Patois "an" for "and" between two times is no number: "6am an 6pm".)
    const patoisAnd =
      lang === 'en' &&
      (lower === 'an' || lower === 'n') &&
      ((CLOCK_BEFORE.test(base.slice(Math.max(0, tokens[i].start - 12), tokens[i].start)) && /^\s+\d/.test(base.slice(tokens[i].end, tokens[i].end + 3))) ||
        CLOCK_THEN_TO.test(base.slice(tokens[i].end, tokens[i].end + 16)));
    if (patoisAnd || !starts_.has(ASCII.test(lower) ? lower : foldWord(lower))) {
      // A date word misspelt ("wensday", "demin", "ojd") is read as the word it stands for.
      // "tout les jours": "tous" misspelt, before "les" only ("tout le monde" keeps its word); the
      // texting short forms "tt", "ts", "tte", "ttes" likewise ("tt les jours", "ttes les 2h").
      // "everyday" typed for "every day", unless it names a kind of thing ("my everyday bag").
      // "la semaine pro", "lundi pro": "prochaine" / "prochain" cut short, after a date word only.
      const fixed =
        lang === 'fr' && FR_EVERY_TYPO.has(lower) && tokens[i + 1]?.word.toLowerCase() === 'les'
          ? FR_EVERY_TYPO.get(lower)
          : lang === 'fr' && lower === 'pro' && i > 0 && FR_NEXT_BEFORE.test(tokens[i - 1].word)
            ? /^(?:semaine|ann[ée]e|fois)$/iu.test(tokens[i - 1].word) ? 'prochaine' : 'prochain'
          : lang === 'en' && lower === 'everyday'
            ? i > 0 && NAMING_WORD.test(tokens[i - 1].word) ? undefined : 'every day'
          // Jamaican "inna 45 mins", "inna two hours": "in" before a length of time.
          : lang === 'en' && lower === 'inna' && INNA_BEFORE.test(base.slice(tokens[i].end, tokens[i].end + 12))
            ? 'in'
          // Indian English "every alternate saturday", "on alternate days": every other one.
          : lang === 'en' && lower === 'alternate' && ALTERNATED.test(tokens[i + 1]?.word ?? '')
            ? i > 0 && /^(?:every|each)$/i.test(tokens[i - 1].word) ? 'other' : 'every other'
          // Patois and texting "6am an 6pm", "7 n 9": "and" between two times.
          : patoisAnd
            ? 'and'
          // Jamaican "di month", "di weekend": "the" before a word of the calendar.
          : lang === 'en' && lower === 'di' && CALENDAR_NOUN.test(tokens[i + 1]?.word ?? '')
            ? 'the'
          // Hindi "kal" ("tomorrow" in a request) before a time or a day part, or right after "me".
          : lang === 'en' && lower === 'kal' && (i === 0 || !KAL_NAMED_AFTER.test(tokens[i - 1].word)) && (KAL_BEFORE.test(tokens[i + 1]?.word ?? '') || (i > 0 && /^me$/i.test(tokens[i - 1].word)))
            ? 'tomorrow'
            : dateWordFor(lower, lang);
      if (!fixed) continue;
      const t = tokens[i];
      copyUpTo(t.start);
      for (let k = 0; k < fixed.length; k++) {
        text += fixed[k];
        starts.push(t.start);
        ends.push(t.end);
      }
      cursor = t.end;
      continue;
    }
    // "le 15 sept.", "15 sept 2027": the month cut short, not seven.
    if (lang === 'fr' && lower === 'sept' && /(?<![\d:h])\d{1,2}(?:er)?\s*$/.test(base.slice(Math.max(0, tokens[i].start - 6), tokens[i].start))) continue;
    const num = readNumber(tokens, i, base, lang);
    if (!num) continue;
    const first = tokens[i];
    const last = tokens[i + num.used - 1];
    copyUpTo(first.start);
    const digits = String(num.value) + (num.ordinal ? (lang === 'fr' ? 'e' : ordinalSuffix(num.value)) : '');
    for (let k = 0; k < digits.length; k++) {
      text += digits[k];
      starts.push(first.start);
      ends.push(last.end);
    }
    cursor = last.end;
    i += num.used - 1;
  }
  copyUpTo(base.length);
  return { text, starts, ends };
}

/** Words "pro" may follow as "prochain(e)" ("la semaine pro", "le mois pro", "lundi pro"). */
const FR_NEXT_BEFORE = /^(?:semaine|mois|ann[ée]e|week-end|weekend|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)$/iu;

/** Maps a [start, end) span of the normalized text back to the original text. */
export function originalSpan(norm: NormalizedText, start: number, end: number): [number, number] {
  if (end <= start) {
    const at = start < norm.starts.length ? norm.starts[start] : (norm.ends[norm.ends.length - 1] ?? 0);
    return [at, at];
  }
  return [norm.starts[start], norm.ends[end - 1]];
}
