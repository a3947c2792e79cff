import { DateTime } from 'luxon';
import { firstOccurrence } from '../../api/reminders/recurrence';
import { DAY_CODES as CODES, formatLocal, forwardDate, weekdayOf } from './calendar';
import { originalSpan } from './normalize';
import { RepeatMarker, ruleText } from './repeat';
import { candidateHours, combinePieces, PART_HOUR, resolvePiece } from './resolve';
import { extractSubject, hasRequest, isContextClause, isOnlyRequest, isRemark, SO_WORDS, requestAt, SUBJECT_FIRST, VERB_FIRST, withoutFillers } from './subject';
import { zoneNamed } from '../../api/common/zone-cache';
import { inOtherLanguage } from './other-languages';
import { WORKDAY } from './vocabulary';
import { Language, MissingWhen, UnderstoodReminder, WhenPiece } from './types';
import type { Extraction } from './understand';

/**
 * Several reminders in one message (CONVENTIONS rule 16) and the repetition of each (rules
 * 13-15). The message is cut at its connectors ("et", "and", "puis", "then", ",") where both
 * sides say the same kind of thing (each a time, each a day, each a repetition): "demain à 8h X
 * et à 19h Y" is two reminders, "lundi, à 9h, X" one. A day or a repetition said once carries to
 * the parts after it that say none; a part with no words of its own ("at 8am and 8pm") shares
 * the subject, and the time, of its neighbour.
 */

/** A connector between two parts, in the gap between their date words. */
const CONNECTOR =
  /(?:(?:[,;.]+|(?<=\s)\/(?=\s)|(?<![\p{L}])(?:virgule|point[\s-]virgule|comma)(?![\p{L}]))\s*(?:(?:et|and|puis|pis|then|ensuite|also|aussi|plus|after\s+that|apr[èe]s\s+[çc]a)(?![\p{L}])\s*)*|(?<![\p{L}'])(?:et\s+puis|et\s+pis|and\s+then|and\s+also|et\s+aussi|et|and|puis|then|ensuite|also|after\s+that|apr[èe]s\s+[çc]a|plus(?!\s+(?:tard|t[ôo]t|que|de|d'|vite|loin))|(?<!(?<![\p{L}])(?:tant|en|au)\s+)pis)(?![\p{L}'])\s*)/giu;
/**
 * Arabizi's "w" for "et" in a French message ("demain à 11h w appeler Karim à 15h"); in English "w"
 * is "with", except right before the next date words ("… at the kiosk w at 2pm pick up …").
 */
const W_CONNECTOR: Record<Language, RegExp> = {
  fr: /(?<![\p{L}\p{N}'])w(?=\s+\p{L})\s*/giu,
  en: /(?<![\p{L}\p{N}'\/])w\s+(?=(?:(?:at|@|around|by)\s+)?$)/giu,
};
/** "so" / "alors" / "faque" between two parts, and a request soon after it. */
const SO_BEFORE_REQUEST = new RegExp(String.raw`[\s,]*(?<![\p{L}'])(?:${SO_WORDS})(?![\p{L}'])\s*`, 'iu');
const REQUEST_SOON = /^(?:[^.!?]|[.!?](?=\S)){0,64}?(?<![\p{L}])(?:remind|ping\s+me|nudge\s+me|rapp?ell?e|fais[\s-]moi\s+penser|n'oublie|don'?t\s+let|doh\s+let)/iu;

/** Words that may stand between a connector and the part's date words ("and at 6pm"). */
const LEAD_IN = /^(?:\s*(?:at|on|in|by|for|around|the|every|each|[àa]|le|la|les|vers|pour|dans|d[èe]s|au|ce|cet|cette|tous|toutes|chaque|also|aussi|again|encore|once\s+more|one\s+more\s+time|as\s+well|too|[àa]\s+nouveau|de\s+nouveau|une\s+autre\s+fois|[ée]galement|remind\s+me|rappelle[- ]mo(?:i|[ée])))*\s*$/iu;
/**
 * "entre 15h et 17h", "between 3pm and 5pm": a range, not two reminders. ("from 3pm to 5pm", "du
 * lundi au vendredi" are joined by no connector; "la prière du vendredi et à 16h …" is two.)
 */
const RANGE_BEFORE = /(?<![\p{L}])(?:entre|between)\s*$/iu;
/**
 * What a part that follows a connector starts with and the subject does not keep. The words that
 * say a time is one more ("again", "once more", "encore", "aussi", "de nouveau") go with the
 * connector: "at 8am and again at 2pm to X" has X as the subject of both parts.
 */
const CONTINUATION: Record<Language, RegExp> = {
  en: /^(?:(?:and|then|also|plus|after\s+that|afterwards|again|once\s+more|one\s+more\s+time|as\s+well|too)[\s,]+)*(?:(?:remind\s+me|ping\s+me)\s+)?(?:(?:again|once\s+more|one\s+more\s+time|as\s+well|too)[\s,]+)*(?:to|that|about|fi|tae)(?![\p{L}])\s*/iu,
  fr: new RegExp(
    String.raw`^(?:(?:et|puis|pis|ensuite|aussi|encore|(?:[àa]\s+|de\s+)?nouveau|une\s+autre\s+fois|[ée]galement|apr[èe]s\s+[çc]a)[\s,]+)*(?:(?:rappelle[- ]mo(?:i|[ée]))\s+)?` +
      // "… et à 20h pour prendre mes cachets": "pour" before the action (a verb) is the request's.
      String.raw`(?:de\s+|d'|qu'|que\s+|pour\s+(?=(?:(?:ne\s+pas|n'|me|m'|te|t'|se|s'|le|la|les|l'|lui|leur|y|en)\s*)*\p{L}+(?:er|ir|re|oir)(?![\p{L}])))?`,
    'iu',
  ),
};

/** A part whose words are only "again" / "encore" has none of its own ("call mum at 8 and again at 2"). */
const ONLY_AGAIN = /^(?:again|once\s+more|one\s+more\s+time|as\s+well|too|also|aussi|encore|(?:[àa]\s+|de\s+)?nouveau|une\s+autre\s+fois|[ée]galement)[\s.!,]*$/iu;

/** The most reminders one message gives. */
export const MAX_PARTS = 10;

interface Item {
  start: number;
  end: number;
  day: boolean;
  clock: boolean;
  rec: boolean;
  /** A clock time and nothing else ("à 13h", "at 1pm"): its minutes after midnight, else undefined. */
  bare?: number;
  /** A weekday and nothing else ("monday", "mercredi"). */
  weekday?: boolean;
  /** It says its own day: "ce soir", "tonight", "in 2 hours". */
  today?: boolean;
}

/** Who is asked, said just before the request ("… donc tu me mets un rappel", "so can you remind me"). */
const ASKER_END = /(?:^|\s)(?:tu|vous|peux[\s-]tu|pourrais[\s-]tu|can\s+you|could\s+you|would\s+you|will\s+you|pls|please)\s*$/iu;
const ACTION_OPENS = /^[\s,]*(?:to|2|de|d'|pour|for|fi|tae)\s*\p{L}/iu;
const LONE_WORD_AFTER_COMMA = /^\s*,\s*[\p{L}'’-]+[\s.!?]*$/u;
/** "à 8h et à 20h", "at 8am and 8pm": what joins a second time to the first (also read by understand.ts). */
export const JOINED = /^[\s,]*(?:et|and|puis|then|&|,)(?:\s+(?:encore|again|aussi|also))?[\s,]*(?:(?:[àa]|at)\s*)?$/iu;

interface Part {
  /** [start, end) in the normalized text. */
  from: number;
  to: number;
  items: Item[];
  /** Cut from the context before it: at "so" / "alors", or where the request starts after a context clause. */
  afterContext?: boolean;
  /** A clause said as context after the request ("… vu que le chauffagiste passe jeudi"): no reminder. */
  context?: boolean;
}

function kinds(items: Item[]) {
  return {
    day: items.some((i) => i.day),
    clock: items.some((i) => i.clock),
    rec: items.some((i) => i.rec),
  };
}

/** An action introduced as a reminder's subject is ("de X", "d'X", "to X"). */
const ACTION: Record<Language, RegExp> = {
  en: /(?:^|\s)to\s+\p{L}/iu,
  fr: /(?:^|\s)(?:de\s+|d'\s*)\p{L}/iu,
};

/** The part, its date words blanked, introduces an action of its own ("rappelle-moi demain de prendre…"). */
function ownAction(text: string, part: Part, language: Language): boolean {
  let out = '';
  let cursor = part.from;
  for (const it of part.items) {
    out += text.slice(cursor, it.start) + ' ';
    cursor = Math.max(cursor, it.end);
  }
  return ACTION[language].test(out + text.slice(cursor, part.to));
}

/** The part is only its date words then an action ("à 14h d'appeler la banque", "at 4pm to call Sam"). */
function leadsToAction(text: string, part: Part, language: Language): boolean {
  const first = part.items[0];
  const last = part.items[part.items.length - 1];
  if (!first || !LEAD_IN.test(text.slice(part.from, first.start))) return false;
  return ACTION[language].test(text.slice(last.end, part.to).replace(/^[\s,]*/, ' '));
}

/** A subordinate clause opened after the request ("… vu que le chauffagiste passe jeudi", "… since the MOT is on friday"). */
const CONTEXT_AFTER: Record<Language, RegExp> = {
  en: /(?<![\p{L}'])(?:since|because|cause|'cause|coz|cuz|as(?=\s+(?:the|my|our|we|i|it|they|he|she|you|his|her|their)\s)|seeing\s+as|given\s+that)(?![\p{L}'])/iu,
  fr: /(?<![\p{L}])(?:vu\s+qu|puisqu|parce\s+qu|[ée]tant\s+donn[ée]\s+qu|car(?![\p{L}])|comme(?!\s+d'hab)(?![\p{L}]))/iu,
};

/**
 * Context said around a request, each side with a date of its own: "vu que le chauffagiste passe
 * jeudi rappelle-moi mercredi soir de vider le salon" (the clause before the request), "remind me
 * tomorrow at 7 to call the garage since the MOT is on friday" (a clause opened after it). The
 * request's date is its own; the context's goes with the context. Returns where to cut between
 * items `a` and `b`, and which side the request is on; null when the gap is no such boundary.
 */
function contextCut(text: string, part: Part, a: Item, b: Item, language: Language): { at: number; mark: 'afterContext' | 'context' } | null {
  const gap = text.slice(a.end, b.start);
  // ("and", "et", "à": too short to hold a request or a clause.)
  if (gap.length < 7) return null;
  const r = requestAt(gap, language);
  // A clause said around a request is short: looking no further back bounds the work on a long text.
  const from = Math.max(part.from, a.start - CLAUSE_REACH);
  if (r >= 0) {
    // The request starts between the two: what came before it, its date words aside ("at 9am" is
    // no "I am"), must be a clause of its own, and the request must bring its action ("… de
    // vider le salon", "… to pack").
    const before = withoutFillers(withoutItems(text, from, a.end + r, part.items), language);
    if (hasRequest(before, language) || !isContextClause(before, language)) return null;
    // A date said right before the request is the request's ("…, demain à 10h rappelle-moi …"),
    // unless it ends a clause that runs on into it ("le chauffagiste passe jeudi rappelle-moi …").
    if (!/\p{L}/u.test(gap.slice(0, r))) {
      const lead = withoutFillers(withoutItems(text, from, a.start, part.items), language);
      if (!lead || LEAD_ENDED.test(lead)) return null;
    }
    if (!ACTION[language].test(text.slice(a.end + r, Math.min(text.length, b.end + 120)))) return null;
    return { at: a.end + r, mark: 'afterContext' };
  }
  const c = CONTEXT_AFTER[language].exec(gap);
  if (c) {
    // After the request and its date: a clause opened by "since" / "vu que" with a date of its own.
    if (!hasRequest(text.slice(from, a.end + c.index), language)) return null;
    if (!isContextClause(withoutItems(text, a.end + c.index, b.end, [b]), language)) return null;
    return { at: a.end + c.index, mark: 'context' };
  }
  // After the request and its action, a comma then a clause with its own subject pronoun and a date
  // ("remind me thursday to grab my passport, we fly friday", "…, on part vendredi"): context too,
  // unless the speaker says what they have to do ("…, I need to buy bread at 6": a reminder).
  const p = PRONOUN_CLAUSE_AFTER[language].exec(gap);
  if (!p) return null;
  const clause = text.slice(a.end + p.index + p[0].length, b.start);
  if (SPEAKER_MUST[language].test(clause) || !hasRequest(text.slice(from, a.end + p.index), language)) return null;
  if (!ACTION[language].test(text.slice(from, a.end + p.index)) && !/\p{L}{3}/u.test(text.slice(a.end, a.end + p.index))) return null;
  return { at: a.end + p.index + 1, mark: 'context' };
}

/**
 * A comma then a clause of its own: a subject pronoun and its verb, or a noun and a verb that says
 * when something happens, right before the date ("…, guests come at 8", "…, the party is at 6",
 * "…, his flight lands at 5", "…, les invités arrivent à 20h", "…, la fête est à 18h").
 */
const PRONOUN_CLAUSE_AFTER: Record<Language, RegExp> = {
  en: new RegExp(
    String.raw`,\s*(?=(?:we|i|they|he|she)(?:'(?:re|ll|ve|m|s|d))?\s+\p{L}|(?:(?:the|my|our|his|her|their|your)\s+)?[\p{L}'-]+(?:\s+[\p{L}'-]+){0,2}\s+(?:is|are|'s|will\s+be|starts?|begins?|opens?|closes?|ends?|finish(?:es)?|lands?|arrives?|leaves?|departs?|comes?|gets\s+in|kicks?\s+off|(?:is|are|'s)\s+due)\s*$)`,
    'iu',
  ),
  fr: new RegExp(
    String.raw`,\s*(?=(?:on|nous|je|j'|il|elle|ils|elles)\s*\p{L}|(?:le|la|les|l'|mon|ma|mes|ton|ta|tes|son|sa|ses|notre|nos|votre|vos|leur|leurs)\s*[\p{L}'-]+(?:\s+[\p{L}'-]+){0,2}\s+(?:est|sont|sera|seront|commence|commencent|d[ée]bute|d[ée]butent|ouvre|ouvrent|ferme|ferment|finit|finissent|termine|terminent|arrive|arrivent|part|partent|atterrit|d[ée]colle|passe|passent)\s*$)`,
    'iu',
  ),
};
/** What the speaker has, needs or means to do: an action, not context. */
const SPEAKER_MUST: Record<Language, RegExp> = {
  en: /^\s*(?:i|we)(?:'(?:ll|d|ve|m))?\s+(?:really\s+|still\s+|also\s+|then\s+|gotta\s+)?(?:need|needs|have|has|got|gotta|must|should|ought|want|wanna|gonna|will|am\s+going|are\s+going|would\s+like|going\s+to|also|too|can|could)(?![\p{L}'])/iu,
  fr: /^\s*(?:je|j'|on|nous)\s*(?:dois|doit|devons|devrai|devrais|devra|veux|voudrais|veut|voulons|vais|va|allons|faut|ai\s+besoin|a\s+besoin|aimerais|pense|peux|pourrais|peut|aussi)(?![\p{L}])/iu,
};

/** Words before a date that end a clause of their own (a stop, a comma, "so" / "alors"). */
const LEAD_ENDED = new RegExp(String.raw`(?:[,.;:!?…]|(?<![\p{L}'])(?:${SO_WORDS}|bref))\s*$`, 'iu');

/** How far before a request's date words a clause said as context is looked for. */
const CLAUSE_REACH = 160;

/** text[from, to) with the date words of `items` (sorted) left out. */
function withoutItems(text: string, from: number, to: number, items: Item[]): string {
  let k = items.length;
  while (k > 0 && items[k - 1].end > from) k--;
  let out = '';
  let cursor = from;
  for (const it of items.slice(k)) {
    if (it.end <= cursor || it.start >= to) continue;
    out += text.slice(cursor, Math.max(cursor, it.start)) + ' ';
    cursor = Math.min(to, it.end);
  }
  return (out + text.slice(cursor, to)).replace(/\s+/g, ' ').trim();
}

/** Context that says something starts (its day then starts a repetition said after it). */
const SAYS_START: Record<Language, RegExp> = {
  en: /(?<![\p{L}])(?:start|starts|starting|begin|begins|beginning|resume|resumes|reopen|reopens|back\s+(?:on|from)|from|kicks?\s+off)(?![\p{L}])/iu,
  fr: /(?<![\p{L}])(?:commence|commencent|d[ée]bute|d[ée]butent|reprend|reprennent|rentr[ée]e|[àa]\s+partir|[àa]\s+compter|d[èe]s|rouvre|rouvrent|recommence)(?![\p{L}])/iu,
};

/** Where the message is cut into parts: returns [from, to) ranges of the normalized text. */
function cutParts(text: string, items: Item[], language: Language): Part[] {
  const parts: Part[] = [{ from: 0, to: text.length, items: items.length ? [items[0]] : [] }];
  for (let i = 0; i + 1 < items.length; i++) {
    const a = items[i];
    const b = items[i + 1];
    const gap = text.slice(a.end, b.start);
    let cut: [number, number] | null = null;
    let so: RegExpExecArray | null;
    let ctx: ReturnType<typeof contextCut>;
    let mark: 'afterContext' | 'context' | null = null;
    // "Fri, Sep 20", "lundi, 14 mars": a comma alone between day words joins one date; between
    // times ("at 8am, 1pm and 6pm") it lists them.
    const commaOnly = /^[\s,/]*$/.test(gap) && (a.day || b.day);
    // ("by 12 noon" says one time twice.)
    if ((/^\s+$/.test(gap) && a.bare !== undefined && b.bare !== undefined && a.bare !== b.bare) || (/^[\s,]+$/.test(gap) && a.weekday && b.weekday)) {
      // "à 8h à 13h et à 20h", "at 8am 1pm and 6pm", "monday, wednesday and friday": a list of
      // times or of weekdays, said without a joining word.
      cut = [a.end, b.start];
    } else if ((so = SO_BEFORE_REQUEST.exec(gap)) && REQUEST_SOON.test(text.slice(a.end + so.index, a.end + so.index + 80))) {
      // "… faque demain matin rappelle-moi", "term 4 starts monday so every weekday … remind me":
      // what was said before "so" is context for the request after it (dropped below).
      cut = [a.end + so.index, a.end + so.index + so[0].length];
      mark = 'afterContext';
    } else if ((ctx = contextCut(text, parts[parts.length - 1], a, b, language))) {
      cut = [ctx.at, ctx.at];
      mark = ctx.mark;
    } else if (!commaOnly && !RANGE_BEFORE.test(text.slice(Math.max(0, a.start - 10), a.start))) {
      const found: Array<[number, number]> = [];
      CONNECTOR.lastIndex = 0;
      for (const m of gap.matchAll(CONNECTOR)) found.push([a.end + m.index!, a.end + m.index! + m[0].length]);
      if (!found.length) for (const m of gap.matchAll(W_CONNECTOR[language])) found.push([a.end + m.index!, a.end + m.index! + m[0].length]);
      if (found.length) {
        const last = found[found.length - 1];
        // "…and at 6pm to Y": the connector right before the date words; otherwise the first one
        // ("call mom at 5 and buy bread and milk at 6").
        cut = LEAD_IN.test(text.slice(last[1], b.start)) ? last : found[0];
      }
    }
    const current = parts[parts.length - 1];
    // Past MAX_PARTS the rest stays one part (see below): no need to cut it first.
    if (cut && parts.length >= MAX_PARTS) cut = null;
    if (cut) {
      current.to = cut[0];
      parts.push({ from: cut[1], to: text.length, items: [b], ...(mark ? { [mark]: true } : {}) });
    } else current.items.push(b);
  }
  // A message asks for a handful of reminders, not hundreds: past MAX_PARTS the rest stays one
  // part, which also bounds the work on a long pasted text.
  if (parts.length > MAX_PARTS) {
    const rest = parts.splice(MAX_PARTS - 1);
    parts.push({ from: rest[0].from, to: text.length, items: rest.flatMap((p) => p.items) });
  }
  // Parts that do not say the same kind of thing belong together ("lundi, à 9h"), unless each
  // brings an action of its own ("demain de X puis à 14h de Y": the day then carries, rule 16).
  for (let i = parts.length - 1; i > 0; i--) {
    if (parts[i].context) continue;
    // ("le prof a dit que c'est demain l'exam, rappelle-moi ce soir de réviser": the request after
    // the context says its own day; the context's is not its.)
    if (parts[i].afterContext && parts[i].items.some((it) => it.today)) continue;
    const a = kinds(parts[i - 1].items);
    const b = kinds(parts[i].items);
    if ((a.day && b.day) || (a.clock && b.clock) || (a.rec && b.rec)) continue;
    if (ownAction(text, parts[i - 1], language) && leadsToAction(text, parts[i], language)) continue;
    parts[i - 1].to = parts[i].to;
    parts[i - 1].items.push(...parts[i].items);
    parts.splice(i, 1);
  }
  return parts;
}

interface Draft {
  subject: string;
  pieces: WhenPiece[];
  repeats: RepeatMarker[];
  /** The date that ends a repetition ("until 30 June"). */
  until?: WhenPiece;
  own: { day: boolean; clock: boolean; rec: boolean };
  /** The part's own words, as said. */
  said: string;
  /** Its day is one of several said beside a repetition, each with its action. */
  acting: boolean;
  /** It was cut from the context before it (see Part). */
  afterContext?: boolean;
  /** Context said after the request (see Part). */
  context?: boolean;
}

export function splitReminders(
  text: string,
  ex: Extraction,
  language: Language,
  now: DateTime,
  userZone: string,
): Array<UnderstoodReminder | MissingWhen> {
  const { pieces, at, repeats, spans, norm } = ex;
  // The date right after "until"/"jusqu'au" ends the repetition instead of starting it.
  const untilOf = new Map<number, RepeatMarker>();
  for (const r of repeats) {
    if (r.kind !== 'until') continue;
    // The date may start on the word that stands in for "until" ("on the 10th"), or after "the" / "le".
    const k = at.findIndex(([s]) => s >= r.start && (s < r.end || /^[\s,]*(?:the\s+|le\s+)?$/i.test(norm.text.slice(r.end, s))));
    if (k >= 0 && pieces[k].date) untilOf.set(k, r);
  }
  // A repetition that names no day ("every week", "tous les mois") takes the days said beside it
  // ("on monday and thursday every week", "tous les mois le 10 et le 25") as its own: those are
  // then one reminder's days, not several reminders.
  const open = repeats.filter((r) => r.kind === 'freq' && !r.byDay && !r.byMonthDay);
  const anchor = (p: WhenPiece) =>
    !p.time &&
    !p.part &&
    ((p.fromWeekday && open.some((r) => r.freq === 'WEEKLY')) || (!!p.date?.monthImplied && open.some((r) => r.freq === 'MONTHLY')));
  // Days beside such a repetition that each bring an action of their own ("chaque mois le 1er de
  // payer le parking et le 10 de relever le compteur", "every week on monday to X and on thursday
  // to Y") are as many reminders, each repeating on its day.
  const anchorKs = pieces.map((p, k) => (!untilOf.has(k) && anchor(p) ? k : -1)).filter((k) => k >= 0);
  const acting = new Set<number>();
  if (anchorKs.length > 1) {
    const ends = anchorKs.map((k, j) => (j + 1 < anchorKs.length ? at[anchorKs[j + 1]][0] : norm.text.length));
    // (Each day with a time of its own, "chaque semaine solfège le mercredi à 14h et judo le samedi à
    // 10h30", is as many reminders too: one weekly reminder per day and time.)
    const timed = (k: number, end: number) => pieces.some((p, q) => q !== k && (p.time || p.part) && at[q][0] >= at[k][1] && at[q][0] < end);
    // ("chaque mois, le 5 payer X et le 25 verser Y": a bare verb after each day brings its action too.)
    const acts = (t: string) => ACTION[language].test(t) || VERB_FIRST[language].test(t.replace(/^[\s,]+/, ''));
    if (anchorKs.every((k, j) => acts(norm.text.slice(at[k][1], ends[j])) || timed(k, ends[j]))) anchorKs.forEach((k) => acting.add(k));
  }
  const items: Item[] = [];
  pieces.forEach((p, k) => {
    if (untilOf.has(k) || (anchor(p) && !acting.has(k))) return;
    const day = !!(p.date || p.weekend);
    const clock = !!(p.time || p.part || p.instant !== undefined);
    const bare = p.time && !day && !p.part && p.instant === undefined ? p.time.hour * 60 + p.time.minute : undefined;
    const weekday = !!p.fromWeekday && !clock;
    if (day || clock) items.push({ start: at[k][0], end: at[k][1], day, clock, rec: false, bare, weekday, today: !!p.partToday || p.instant !== undefined });
  });
  for (const r of repeats) {
    // A repetition said last that makes the date before it a habit ("…, c'est tous les mois") starts
    // no part of its own: it belongs to the part it ends, and carries back like one said after its times.
    if (r.kind === 'freq' && !r.trailing) items.push({ start: r.start, end: r.end, day: true, clock: !!r.part, rec: true });
  }
  items.sort((a, b) => a.start - b.start);
  const parts = cutParts(norm.text, items, language);
  const zones = pieces.filter((p) => p.zone);
  const startOf = new Map(pieces.map((p, k) => [p, at[k][0]]));

  const drafts: Draft[] = parts.map((part, idx) => {
    const inPart = (s: number) => s >= part.from && s < part.to;
    const [oFrom, oTo] = parts.length === 1 ? [0, text.length] : originalSpan(norm, part.from, part.to);
    const own = spans
      .filter((s) => inPart(s.at))
      .map((s) => ({ start: s.start - oFrom, end: s.end - oFrom, kind: s.kind }));
    let subject = extractSubject(text.slice(oFrom, oTo), own, language);
    if (idx > 0) subject = subject.replace(CONTINUATION[language], '').replace(ONLY_AGAIN, '');
    const draft: Draft = {
      subject,
      acting: [...acting].some((k) => inPart(at[k][0])),
      pieces: pieces.filter((p, k) => inPart(at[k][0]) && !untilOf.has(k) && !p.zone),
      repeats: repeats.filter((r) => inPart(r.start)),
      own: kinds(part.items),
      said: text.slice(oFrom, oTo),
      afterContext: part.afterContext,
      context: part.context,
    };
    const u = [...untilOf.entries()].find(([, r]) => inPart(r.start));
    if (u) draft.until = u[1].wholeMonth ? { ...pieces[u[0]], wholeMonth: true } : pieces[u[0]];
    return draft;
  });

  // "… à 8h et à 20h le docteur a insisté", "… 7am and 7pm because we keep forgetting", "… every
  // morning at 7 and every night at 10, the doctor says …": a time (or a repetition) joined to the
  // one before it, then a remark, is the same action at another time.
  for (let i = 1; i < drafts.length; i++) {
    const its = parts[i].items;
    const before = parts[i - 1].items;
    if (!its.length || !before.length || !its.every((it) => it.rec || (it.clock && !it.day)) || !/\p{L}/u.test(drafts[i - 1].subject)) continue;
    // Nothing but "and" between the two times: the action was said before the first.
    if (!JOINED.test(norm.text.slice(before[before.length - 1].end, its[0].start))) continue;
    const tail = norm.text.slice(its[its.length - 1].end, parts[i].to);
    // ("… at 2pm to get my hair cut", "… à 20h de sortir le chien": an action of its own.)
    if (ACTION_OPENS.test(tail)) continue;
    // (A lone word after a comma is a courtesy or a word of thanks: "…, murakoze".)
    // ("…, daktari alisema nisiwache, pls remind me": a remark in another language up to the next comma.)
    if (isRemark(tail, language) || LONE_WORD_AFTER_COMMA.test(tail) || isOnlyRequest(tail, language) || inOtherLanguage(tail.replace(/^[\s,]+/, '').split(/[,;]/)[0], language)) drafts[i].subject = '';
  }
  // "c'est le véto qui l'a prescrit donc tu me mets un rappel tous les jours à 8h et à 20h pour
  // donner …": the words before a request that ends its part are why, when they close with "so" /
  // "donc" or are a clause; the action said in a later part is this part's too (shared below).
  if (drafts.length > 1) {
    for (let i = 0; i < drafts.length - 1; i++) {
      const d = drafts[i];
      const at = requestAt(d.said, language);
      if (at <= 0 || !d.subject || !drafts.slice(i + 1).some((x) => /\p{L}/u.test(x.subject))) continue;
      const said = d.said.slice(0, at);
      if (!said.includes(d.subject.slice(0, 12)) || !isContextClause(said.replace(ASKER_END, ''), language)) continue;
      d.subject = '';
    }
  }
  // Context said after a request ("… since the MOT is on friday") is no reminder and carries nothing.
  for (let i = drafts.length - 1; i > 0; i--) {
    if (!drafts[i].context) continue;
    drafts.splice(i, 1);
    parts.splice(i, 1);
  }
  // A later part whose words are a clause with a subject of its own ("call grandma sunday, she
  // arrives monday", "…, on part vendredi") is said as context: no reminder, and it carries nothing.
  for (let i = drafts.length - 1; i > 0; i--) {
    if (!SUBJECT_FIRST[language].test(drafts[i].subject) || !/\p{L}/u.test(drafts[i - 1].subject) || hasRequest(drafts[i].said, language)) continue;
    if (SUBJECT_FIRST[language].test(drafts[i - 1].subject)) continue;
    drafts.splice(i, 1);
    parts.splice(i, 1);
  }
  // Whether a part's repetition comes after its times ("… at 5pm every day").
  const trailing = parts.map((part) => {
    const inPart = (x: number) => x >= part.from && x < part.to;
    const rec = repeats.filter((r) => r.kind === 'freq' && inPart(r.start));
    const clocks = part.items.filter((i) => i.clock && !i.rec);
    return rec.length > 0 && clocks.length > 0 && rec[0].start > clocks[clocks.length - 1].start;
  });
  // Rule 16: a day or a repetition carries to the parts after it that say none.
  for (let i = 1; i < drafts.length; i++) {
    const d = drafts[i];
    const prev = drafts[i - 1];
    // ("ce soir", "tonight", "in 2 hours" say their day themselves.)
    const ownDay = d.pieces.some((p) => p.partToday || p.instant !== undefined);
    if (!d.own.day && !d.own.rec && !ownDay) {
      d.pieces.push(...prev.pieces.filter((p) => p.date || p.weekend).map((p) => ({ date: p.date, weekend: p.weekend, fromWeekday: p.fromWeekday, keepClock: p.keepClock })));
      d.repeats.push(...prev.repeats.filter((r) => r.kind === 'freq' || r.kind === 'count'));
      d.until ??= prev.until;
      d.own = { ...d.own, day: prev.own.day, rec: prev.own.rec };
      // "tomorrow morning ring the council then at 2 pick up the car": on the day carried over, a
      // bare English hour that would come before the earlier part's time is the afternoon one.
      const bare = d.pieces.some((p) => p.part) ? undefined : d.pieces.find((p) => p.time?.clock === 'bare');
      const before = prev.pieces.find((p) => p.time || p.part);
      const dayCarried = prev.pieces.some((p) => p.date || p.weekend) && !isContextClause(prev.subject, language);
      if (bare && before && dayCarried && bare.time!.hour < 12) {
        const earlier = before.time ? Math.min(...candidateHours(before)) * 60 + before.time.minute : (before.partHour ?? PART_HOUR[before.part!]) * 60;
        if (bare.time!.hour * 60 + bare.time!.minute < earlier) bare.time = { ...bare.time!, clock: 'pm' };
      }
    } else if (d.acting && !d.own.rec && prev.own.rec) {
      d.repeats.push(...prev.repeats.filter((r) => r.kind === 'freq' || r.kind === 'count'));
      d.until ??= prev.until;
      d.own = { ...d.own, rec: true };
    }
  }
  // A repetition said after the times it governs ("at 7am and 5pm every day", "at 6am to do yoga
  // and at 6pm to meditate every day") applies to the parts before it that say no day of their own.
  for (let i = drafts.length - 1; i > 0; i--) {
    const d = drafts[i];
    const freq = d.repeats.filter((r) => r.kind === 'freq');
    if (!freq.length || !trailing[i]) continue;
    for (let j = i - 1; j >= 0 && !drafts[j].own.day && !drafts[j].own.rec; j--) {
      drafts[j].repeats.push(...d.repeats.filter((r) => r.kind === 'freq' || r.kind === 'count'));
      drafts[j].until ??= d.until;
      drafts[j].own = { ...drafts[j].own, rec: true };
    }
  }
  // An end said after the last part ("… at 9am and 9pm for 5 days") bounds the parts it follows too.
  for (let i = drafts.length - 1; i > 0; i--) {
    const d = drafts[i];
    const prev = drafts[i - 1];
    const ends = d.repeats.filter((r) => r.kind === 'count');
    if (prev.repeats.some((r) => r.kind === 'freq') && !prev.repeats.some((r) => r.kind === 'count')) prev.repeats.push(...ends);
    if (prev.repeats.some((r) => r.kind === 'freq')) prev.until ??= d.until;
  }
  // A day said alone beside a habit is a habit too (rule 13): a weekday with the definite article
  // beside a daily or weekly habit ("… tous les mercredis soir et de la rentrer le jeudi matin"), a
  // day of the month beside a monthly habit on a day of the month ("every month on the 1st to pay X
  // and on the 15th to send Y", "le 5 de chaque mois … et le 20 …"). A bare weekday joined by "and"
  // to a weekly habit on named days is governed by it (rule 16): "chaque lundi matin et jeudi soir",
  // "every monday at 8 and thursday at 6pm".
  if (drafts.length > 1) {
    const weekly = drafts.some((d) => d.repeats.some((r) => r.kind === 'freq' && (r.freq === 'WEEKLY' || r.freq === 'DAILY')));
    const monthly = drafts.some((d) => d.repeats.some((r) => r.kind === 'freq' && r.freq === 'MONTHLY' && r.byMonthDay));
    const onDays = (d: Draft) => d.repeats.some((r) => r.kind === 'freq' && r.freq === 'WEEKLY' && r.byDay?.length && !r.except && r.byDay.every((c) => /^[A-Z]{2}$/.test(c)));
    const joinedTo = (i: number) => {
      const before = parts[i - 1]?.items;
      const first = parts[i]?.items[0];
      return !!before?.length && !!first && JOINED.test(norm.text.slice(before[before.length - 1].end, first.start));
    };
    for (const [i, d] of (weekly || monthly ? drafts : []).entries()) {
      if (d.repeats.some((r) => r.kind === 'freq')) continue;
      const days = d.pieces.filter((p) => p.date || p.weekend);
      if (days.length !== 1) continue;
      const day = days[0];
      const governed = !!day.plainWeekday && i > 0 && onDays(drafts[i - 1]) && joinedTo(i);
      const freq = weekly && (day.definite || governed) ? 'WEEKLY' : monthly && day.date?.monthImplied && !day.fromWeekday && !day.keepClock ? 'MONTHLY' : null;
      if (!freq) continue;
      d.repeats.push({ start: -1, end: -1, kind: 'freq', freq });
      d.own = { ...d.own, rec: true };
    }
  }
  // A part said as context before a request ("the gym opens at 6 on saturdays, remind me at 5:30
  // to …", "la réunion commence demain à 14h, rappelle-moi à 13h30 de …") is no reminder: its day
  // or repetition has carried to the request after it (above), its time goes with it.
  for (let i = drafts.length - 2; i >= 0; i--) {
    // ("…, so tomorrow remind me …": the part after it says it follows from this one.)
    const followsFrom = drafts[i + 1].afterContext || /^[\s,.;:]*(?:so|and\s+so|alors|donc|du\s+coup|fait\s+que)(?![\p{L}])/iu.test(drafts[i + 1].said);
    if (hasRequest(drafts[i].said, language) || !(followsFrom || isContextClause(drafts[i].subject, language))) continue;
    const later = drafts.slice(i + 1);
    if (!later.some((d) => hasRequest(d.said, language)) || !later.some((d) => d.subject)) continue;
    // Its date starts the repetitions after it that say no day of their own, when it says a start
    // ("term 4 starts monday so every weekday at 8.15am … remind me …"; not "bin day is wednesday
    // now so remind me every tuesday …").
    // ("à partir du (lundi) 10 janvier, rappelle-moi du lundi au vendredi …": a date, or a weekday.)
    const start = startDay(drafts[i], norm.text, startOf, language);
    if (start && !drafts[i].own.rec) {
      for (const d of later) {
        if (d.pieces.some((p) => p.date)) break;
        if (d.repeats.some((r) => r.kind === 'freq')) d.pieces.push(start);
      }
    }
    drafts.splice(i, 1);
  }
  // "à partir du 15 janvier, francisation tous les lundis …", "starting jan 10, every weekday …": a
  // part that only says when the repetition next to it starts is its start, not a reminder of its own.
  // Said after it ("piqûre d'anticoagulant un jour sur deux à 19h, à partir de demain"), likewise.
  for (let i = drafts.length - 1; i >= 0; i--) {
    const d = drafts[i];
    if (d.subject || d.own.rec) continue;
    const start = startDay(d, norm.text, startOf, language);
    if (!start) continue;
    const repeating = (x?: Draft) => !!x && x.repeats.some((r) => r.kind === 'freq') && !x.pieces.some((p) => p.date);
    const target = repeating(drafts[i + 1]) ? drafts[i + 1] : repeating(drafts[i - 1]) ? drafts[i - 1] : null;
    if (!target) continue;
    target.pieces.push(start);
    drafts.splice(i, 1);
  }
  // A part with no words of its own shares its neighbour's subject (and time, if it has none).
  for (let i = 0; i < drafts.length; i++) {
    const d = drafts[i];
    if (d.subject) continue;
    const donor = drafts.slice(0, i).reverse().find((x) => x.subject) ?? drafts.slice(i + 1).find((x) => x.subject);
    if (!donor) continue;
    d.subject = donor.subject;
    if (!d.pieces.some((p) => p.time || p.part || p.instant !== undefined) && !d.repeats.some((r) => r.part)) {
      d.pieces.push(...donor.pieces.filter((p) => p.time || p.part).map((p) => ({ time: p.time, part: p.part, partHour: p.partHour, partToday: p.partToday })));
    }
  }

  return drafts.map((d) => {
    const piece = combinePieces([...d.pieces, ...zones]);
    const r = d.repeats.some((x) => x.kind === 'freq')
      ? resolveRepeating(d.repeats, piece, d.until, now, userZone, d.pieces.filter(anchor))
      : resolveOnce(piece, now, userZone);
    if (!r) return { subject: d.subject, missing: 'when' as const, language, rrule: null };
    return { subject: d.subject, dueAt: r.local.toJSDate(), zone: r.zone, dueLocal: formatLocal(r.local), language, rrule: r.rrule };
  });
}

/** "starting", "à partir du", "dès le" right before a day: what follows is when something starts. */
const START_BEFORE: Record<Language, RegExp> = {
  en: /(?<![\p{L}])(?:start(?:s|ing)?(?:\s+(?:on|from))?|begin(?:s|ning)?(?:\s+(?:on|from))?|from|as\s+of|effective)\s+(?:(?:on|the|this|next|new|term|semester)\s+)*$/iu,
  // ("à partir de la rentrée lundi 4 octobre": the event the day is.)
  fr: /(?<![\p{L}])(?:[àa]\s+partir|[àa]\s+compter|d[èe]s|commence|commencent|d[ée]bute|d[ée]butent|reprend|reprennent)(?:\s+(?:du|de|d'|le|la|ce|cette))*(?:\s*(?:rentr[ée]e|reprise)(?:\s+scolaire)?)?\s*$/iu,
};

/**
 * The one day a part says, with no time, right after a word that says it starts ("à partir du
 * (lundi) 10 janvier", "starting jan 10"; not "working from home today"), or a weekday in a part
 * that says something starts ("school starts back on monday"), or null.
 */
function startDay(d: Draft, text: string, startOf: Map<WhenPiece, number>, language: Language): WhenPiece | null {
  const days = d.pieces.filter((p) => p.date && !p.time && !p.part && p.instant === undefined && !p.keepClock);
  if (!days.length || days.length !== d.pieces.filter((p) => p.date || p.weekend).length) return null;
  // ("lundi 10 janvier": the weekday and the date say one day; the date wins.)
  const day = days.find((p) => !p.fromWeekday) ?? days[0];
  if (days.length > 1 && !days.every((p) => p === day || p.fromWeekday)) return null;
  // (A weekday alone may be said further from its start word: "term 4 starts back on monday".)
  const first = Math.min(...days.map((p) => startOf.get(p) ?? -1));
  const started = first >= 0 && START_BEFORE[language].test(text.slice(Math.max(0, first - 30), first));
  if (!started && !(day.fromWeekday && SAYS_START[language].test(d.said))) return null;
  return { date: day.date, fromWeekday: day.fromWeekday, thenDate: day.thenDate };
}

function resolveOnce(piece: WhenPiece, now: DateTime, userZone: string) {
  if (!(piece.date || piece.weekend || piece.time || piece.part || piece.instant !== undefined)) return null;
  const r = resolvePiece(piece, now, userZone);
  return r && r.local.isValid ? { ...r, rrule: null } : null;
}

/**
 * The rule of a repetition and its first occurrence (rule 14): the earliest instant strictly after
 * now that fits it, at the time said, or 09:00; a date said with the repetition anchors it ("every
 * year on 14 March", "tous les mois le 5", "toutes les deux semaines le vendredi") or, when it
 * cannot, says when it starts.
 */
function resolveRepeating(
  markers: RepeatMarker[],
  piece: WhenPiece,
  until: WhenPiece | undefined,
  nowInstant: DateTime,
  userZone: string,
  anchors: WhenPiece[] = [],
): { local: DateTime; zone: string; rrule: string } | null {
  const zone = piece.zone ?? userZone;
  const z = zoneNamed(zone);
  const now = nowInstant.setZone(z);
  const freqs = markers.filter((m) => m.kind === 'freq');
  const rule: Parameters<typeof ruleText>[0] = { freq: freqs[0].freq! };
  for (const m of freqs) {
    if (m.interval) rule.interval = m.interval;
    if (m.byDay && !m.except) rule.byDay = [...new Set([...(rule.byDay ?? []), ...m.byDay])];
    if (m.byMonthDay) rule.byMonthDay = m.byMonthDay;
    if (m.bySetPos) rule.bySetPos = m.bySetPos;
    if (m.byMonth) rule.byMonth = m.byMonth;
    if (m.freq === 'MONTHLY' || m.freq === 'YEARLY') rule.freq = rule.freq === 'WEEKLY' && m.freq === 'MONTHLY' && rule.byDay ? rule.freq : m.freq;
  }
  // An exception ("sauf le mercredi", "except weekends") keeps, of the days said (all week when
  // none are), those it leaves: "every weekday except wednesday" is Monday, Tuesday, Thursday, Friday.
  for (const m of freqs) {
    if (!m.except || !m.byDay) continue;
    const kept = new Set(m.byDay);
    rule.byDay = (rule.byDay ?? CODES.slice(1)).filter((d) => kept.has(d.slice(-2)));
  }
  const p: WhenPiece = { ...piece };
  // "every (other) weekend … on saturday": the weekend day said.
  if (rule.byDay?.join(',') === 'SA,SU' && p.fromWeekday && p.date && weekdayOf(p.date) >= 6) rule.byDay = [CODES[weekdayOf(p.date)]];
  if (anchors.length > 1 && rule.freq === 'WEEKLY' && !rule.byDay) {
    rule.byDay = [...new Set(anchors.filter((a) => a.fromWeekday && a.date).map((a) => CODES[weekdayOf(a.date!)]))];
    delete p.date;
  } else if (anchors.length > 1 && rule.freq === 'MONTHLY' && !rule.byDay && !rule.byMonthDay) {
    rule.byMonthDay = [...new Set(anchors.filter((a) => a.date?.monthImplied).map((a) => a.date!.day))].sort((a, b) => a - b);
    delete p.date;
  } else if (anchors.length === 1 && p.date && anchors[0].date && p.date !== anchors[0].date && !rule.byDay && !rule.byMonthDay) {
    // "à partir du 1er janvier, chaque mois le 5", "starting dec 3, every week on thursday": the
    // day said beside the repetition is its day; the other date is when it starts.
    const a = anchors[0];
    if (rule.freq === 'MONTHLY' && a.date!.monthImplied) rule.byMonthDay = [a.date!.day];
    else if (rule.freq === 'WEEKLY' && a.fromWeekday) rule.byDay = [CODES[weekdayOf(a.date!)]];
  }
  const part = freqs.find((m) => m.part)?.part;
  if (part && !p.part) p.part = part;
  let startDay: DateTime | null = null;
  if (p.date) {
    const today = now.startOf('day');
    const fwd = forwardDate(p.date, today);
    const day = DateTime.utc(fwd.year, fwd.month, fwd.day);
    if (rule.freq === 'YEARLY' && p.nth && !rule.byMonthDay && !rule.byDay) {
      // "chaque année le 4e jeudi de novembre": the position in the month, whichever day it falls on.
      const { n, weekday, month } = p.nth;
      rule.byMonth = [month];
      if (weekday === WORKDAY) {
        rule.byDay = CODES.slice(1, 6);
        rule.bySetPos = [n];
      } else if (weekday) rule.byDay = [`${n}${CODES[weekday]}`];
      else rule.byMonthDay = [n];
    } else if (rule.freq === 'YEARLY' && !p.fromWeekday && !rule.byMonthDay) {
      rule.byMonth = [fwd.month];
      rule.byMonthDay = [fwd.day];
    } else if (rule.freq === 'MONTHLY' && !p.fromWeekday && !p.keepClock && !rule.byMonthDay && !rule.byDay) {
      rule.byMonthDay = [fwd.day];
    } else if (rule.freq === 'WEEKLY' && p.fromWeekday && !rule.byDay) {
      rule.byDay = [CODES[day.weekday]];
    } else {
      startDay = DateTime.fromObject({ year: fwd.year, month: fwd.month, day: fwd.day }, { zone: z });
    }
  }
  let times: Array<{ hour: number; minute: number }> | undefined;
  if (p.time) {
    const minute = p.time.minute;
    times = candidateHours(p).map((h) => ({ hour: h % 24, minute }));
  } else if (p.part) {
    times = [{ hour: p.partHour ?? PART_HOUR[p.part], minute: 0 }];
  }
  const base = ruleText(rule);
  let from: DateTime = now;
  if (startDay && startDay.minus({ milliseconds: 1 }) > from) from = startDay.minus({ milliseconds: 1 });
  let first: Date | null = null;
  if ((rule.freq === 'HOURLY' || rule.freq === 'MINUTELY') && startDay) {
    // "toutes les 2 heures à partir de demain 8h", "every 2 hours from 9am tomorrow": the grid
    // starts at that day and time (09:00 without one), not at the next step after now.
    for (const t of times ?? [{ hour: 9, minute: 0 }]) {
      const d = startDay.set({ hour: t.hour, minute: t.minute, second: 0, millisecond: 0 });
      if (d.isValid && d > now && (!first || d.toJSDate() < first)) first = d.toJSDate();
    }
  }
  for (const t of first ? [] : (times ?? [undefined])) {
    const d = firstOf(base, zone, from.toJSDate(), t);
    if (d && (!first || d < first)) first = d;
  }
  if (!first) return null;
  const local = DateTime.fromJSDate(first).setZone(z);
  const count = markers.find((m) => m.kind === 'count');
  if (count?.count) {
    const n = count.count;
    const perWeek = rule.byDay?.length || 1;
    const u = count.countUnit;
    if (u === 'times') rule.count = n;
    else if (u === 'days' && rule.freq === 'DAILY') rule.count = n;
    else if (u === 'weeks' && rule.freq === 'WEEKLY') rule.count = n * perWeek;
    else if (u === 'weeks' && rule.freq === 'DAILY') rule.count = n * 7;
    else if (u === 'months' && rule.freq === 'MONTHLY') rule.count = n;
    else if (u === 'years' && rule.freq === 'YEARLY') rule.count = n;
    else {
      const end = local.startOf('day').plus({ [u as string]: n }).minus({ days: 1 }).endOf('day');
      rule.until = end.toUTC().toFormat("yyyyMMdd'T'HHmmss'Z'");
    }
  }
  if (until?.date) {
    const today = now.startOf('day');
    const fwd = forwardDate(until.date, today);
    const end = DateTime.fromObject({ year: fwd.year, month: fwd.month, day: fwd.day }, { zone: z }).endOf(until.wholeMonth ? 'month' : 'day');
    if (end.isValid) rule.until = end.toUTC().toFormat("yyyyMMdd'T'HHmmss'Z'");
  }
  return { local, zone, rrule: ruleText(rule) };
}

/** The engine's first occurrence (api/reminders/recurrence.ts), null for a rule it refuses. */
function firstOf(rule: string, zone: string, now: Date, time?: { hour: number; minute: number }): Date | null {
  try {
    return firstOccurrence(rule, zone, now, time);
  } catch {
    return null;
  }
}
