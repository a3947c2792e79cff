import type { ParsedResult, ParsingOption } from 'chrono-node';
import { DateTime, FixedOffsetZone } from 'luxon';
import { chronoFor } from './chrono-setup';
import { DAY_CODES, formatLocal, weekdayOf } from './calendar';
import { dayFirstIn } from './date-order';
import { zoneNamed } from '../../api/common/zone-cache';
import { detectLanguage } from './language';
import { NormalizedText, normalize, originalSpan } from './normalize';
import { ParseEnv, pieceOf, startPieces } from './piece-parser';
import { candidateHours, combinePieces, PART_HOUR, resolvePiece } from './resolve';
import { findRepeats, RepeatMarker } from './repeat';
import { applyOffset, findOffset, Offset } from './offset';
import { JOINED, splitReminders } from './several';
import { extractSubject, hasRequest, RemovedSpan } from './subject';
import { Language, UnderstandContext, Understanding, WhenPiece, WhenResult } from './types';

/** "2026-04-15T10:20:00+02:00" (or Z): the usual shape of `now`, read without Luxon's ISO parser. */
const ISO_OFFSET = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?(?:(Z)|([+-])(\d{2}):?(\d{2}))$/;

function instantOf(now: Date | string): DateTime {
  if (typeof now !== 'string') return DateTime.fromJSDate(now);
  const m = ISO_OFFSET.exec(now);
  if (m) {
    const local = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] ?? 0), +(m[7] ?? '0').padEnd(3, '0'));
    const offset = m[8] ? 0 : (m[9] === '-' ? -1 : 1) * (+m[10] * 60 + +m[11]);
    const ms = local - offset * 60000;
    // Out-of-range fields (month 13) make Date.UTC roll over: those go to the full parser.
    const check = new Date(local);
    if (check.getUTCMonth() === +m[2] - 1 && check.getUTCDate() === +m[3] && +m[4] < 24 && +m[5] < 60) return DateTime.fromMillis(ms);
  }
  return DateTime.fromISO(now, { setZone: true });
}

export function toZonedNow(now: Date | string, timezone: string): DateTime {
  const base = instantOf(now);
  if (!base.isValid) throw new RangeError(`Invalid "now": ${String(now)}`);
  const zoned = base.setZone(zoneNamed(timezone));
  if (!zoned.isValid) throw new RangeError(`Unknown time zone: ${timezone}`);
  return zoned;
}

/** A chrono result made by chrono's own parsers (month names, numeric dates) read as a piece. */
function pieceFromChrono(result: ParsedResult, text: string): WhenPiece | null {
  const s = result.start;
  const piece: WhenPiece = {};
  // A month name alone is more often a name ("pick up April") than a date, unless introduced.
  if (!s.isCertain('day') && !s.isCertain('weekday')) {
    const lead = text.slice(Math.max(0, result.index - 12), result.index).toLowerCase();
    if (!/(?:^|\s)(?:in|en|early|late|mid|d[ée]but|fin|mi|mois\s+d'|mois\s+de|from|starting|beginning|partir\s+d'|partir\s+de|compter\s+d'|compter\s+de|d[èe]s)[\s-]*$/.test(lead)) return null;
  }
  if (s.isCertain('day') || s.isCertain('month') || s.isCertain('year')) {
    const date = {
      year: s.get('year')!,
      month: s.get('month')!,
      day: s.get('day')!,
      yearImplied: !s.isCertain('year'),
      monthImplied: !s.isCertain('month'),
    };
    // With an implied year, 29 February is checked against a leap year; rule 7 picks the year.
    const year = date.yearImplied ? 2028 : date.year;
    if (!DateTime.fromObject({ year, month: date.month, day: date.day }, { zone: 'utc' }).isValid) return null;
    piece.date = date;
  }
  if (s.isCertain('hour')) {
    piece.time = { hour: s.get('hour')!, minute: s.get('minute') ?? 0, clock: 'exact' };
  }
  return piece.date || piece.time ? piece : null;
}

export interface Extraction {
  pieces: WhenPiece[];
  /** Spans of the date/time words in the original text, with where they start in the normalized text. */
  spans: Array<RemovedSpan & { at: number }>;
  /** [start, end) of each piece in the normalized text. */
  at: Array<[number, number]>;
  /** Repetition words ("tous les lundis", "for 5 days"), in the normalized text. */
  repeats: RepeatMarker[];
  /** Two different times for one reminder ("à 8h et à 20h"): parseWhen must ask. */
  conflict: boolean;
  /** "an hour before", "la veille": how long before the time said the reminder comes. */
  offset: Offset | null;
  norm: NormalizedText;
}

function extract(
  text: string,
  language: Language,
  now: DateTime,
  zone: string,
  bareDurations: boolean,
  withRepeats = false,
): Extraction {
  const norm = normalize(text, language);
  // The user's calendar day as a UTC date at midnight; from epoch milliseconds, cheaper than DateTime.utc(y, m, d).
  const today = DateTime.fromMillis(Date.UTC(now.year, now.month - 1, now.day), { zone: FixedOffsetZone.utcInstance });
  const env: ParseEnv = { now, today, zone, language, bareDurations };
  const repeats = withRepeats ? findRepeats(norm.text, language) : [];
  // "… rappelle-moi une heure avant": how long before the time said (offset.ts), unless it is part of a repetition.
  let offset = withRepeats ? findOffset(norm.text, language) : null;
  if (offset && repeats.some((r) => r.start < offset!.end && offset!.start < r.end)) offset = null;
  // Repetition words and an offset are blanked before the date parsers run: same length, so
  // positions hold, and with a sign that is neither a space nor a letter, so the words on either
  // side never join ("à 18h jusqu'au 31 août" must not read as 18:31).
  const blanks: Array<{ start: number; end: number; lead?: string }> = offset ? [...repeats, offset].sort((a, b) => a.start - b.start) : repeats;
  let parsed = norm.text;
  if (blanks.length) {
    let out = '';
    let cursor = 0;
    for (const r of blanks) {
      const len = r.end - r.start;
      // An end's word stands in for "until" / "jusqu'au" so the date after it is read as one.
      const fill = r.lead && len >= r.lead.length + 1 ? r.lead.padEnd(len - 1) : '·'.repeat(Math.max(0, len - 2)) + (len > 1 ? ' ' : '');
      out += parsed.slice(cursor, r.start) + ' ' + fill;
      cursor = r.end;
    }
    parsed = out + parsed.slice(cursor);
  }
  // chrono's reference is the user's calendar day at noon expressed as UTC with offset 0, so
  // its own parsers (month names, numeric dates) fill in the user's year without ever touching
  // the host's zone; noon is never inside a DST gap. Our parsers read `now` from the env.
  const reference = {
    instant: new Date(Date.UTC(now.year, now.month - 1, now.day, 12, 0, 0)),
    timezone: 0,
  };
  const option = { rappel: env } as ParsingOption;
  startPieces();
  const results = chronoFor(language, bareDurations, dayFirstIn(zone)).parse(parsed, reference, option);
  const pieces: WhenPiece[] = [];
  const spans: Array<RemovedSpan & { at: number }> = [];
  const at: Array<[number, number]> = [];
  const past: Array<RemovedSpan & { at: number }> = [];
  for (const r of results) {
    const own = pieceOf(r);
    const piece = own ?? pieceFromChrono(r, parsed);
    if (!piece) continue;
    let stop = r.index + r.text.length;
    // "le 2 décembre prochain": the word after chrono's date goes with it.
    if (!own && piece.date) {
      const next = /^\s+(?:prochaine?|qui\s+vient|next)(?![\p{L}])/iu.exec(parsed.slice(stop, stop + 16));
      if (next) stop += next[0].length;
    }
    // "since monday I keep forgetting …", "j'ai mal au dos depuis mardi": a day in the past that
    // only says how long something has lasted is no date of the reminder; its words leave the subject.
    const since = SINCE_BEFORE.exec(parsed.slice(Math.max(0, r.index - 24), r.index));
    if (since) {
      const [start, end] = originalSpan(norm, r.index - since[1].length, stop);
      past.push({ start, end, kind: 'date', at: r.index });
      continue;
    }
    pieces.push(piece);
    at.push([r.index, stop]);
    const [start, end] = originalSpan(norm, r.index, stop);
    spans.push({ start, end, kind: piece.time && !piece.date ? 'time' : 'date', at: r.index });
  }
  // (With an offset, the day named is the one the offset counts back from: "la veille … de la rando de samedi".)
  if (!offset) markPurposeDays(norm.text, pieces, at, repeats, language);
  // A time that only labels a thing ("catch the 7:15 train") gives way to a real one and stays
  // in the subject; alone, it is the due time.
  // Likewise a day that only labels a thing ("next week's rota", "the weekend specials") gives way
  // to a day or a repetition said for the reminder.
  if (pieces.some((p) => p.time && !p.attributive) || (pieces.some((p) => p.attributive && !p.time) && (repeats.some((r) => r.kind === 'freq') || pieces.some((p) => !p.attributive && (p.date || p.weekend || p.partToday || p.instant !== undefined))))) {
    for (let i = pieces.length - 1; i >= 0; i--) {
      if (pieces[i].attributive) {
        pieces.splice(i, 1);
        spans.splice(i, 1);
        at.splice(i, 1);
      }
    }
  }
  // Alone, such a day is the due day, and its words stay in the subject ("prepare for tomorrow's meeting").
  for (let i = pieces.length - 1; i >= 0; i--) if (pieces[i].attributive && !pieces[i].time) spans.splice(i, 1);
  spans.push(...past);
  for (const r of repeats) {
    const [start, end] = originalSpan(norm, r.start, r.end);
    spans.push({ start, end, kind: 'date', at: r.start });
  }
  if (offset) {
    const [start, end] = originalSpan(norm, offset.start, offset.end);
    spans.push({ start, end, kind: 'date', at: offset.start });
  }
  oneClockInList(norm.text, pieces, at);
  correctHabitDay(norm.text, pieces, at, spans, repeats, (s, e) => {
    const [start, end] = originalSpan(norm, s, e);
    spans.push({ start, end, kind: 'date', at: s });
  });
  const conflict = settleTwoTimes(norm.text, pieces, at, (s, e) => {
    const [start, end] = originalSpan(norm, s, e);
    spans.push({ start, end, kind: 'time', at: s });
  });
  return { pieces, spans, at, repeats, conflict, norm, offset };
}

/**
 * "bins out every wednesday at 8pm, sorry, tuesday", "… every wednesday, no wait, every tuesday":
 * a weekday corrected after a weekly habit on named days is the habit's new day. The weekday (or
 * the habit said again) after the correction gives its days to the habit, and the correction words
 * leave the subject through `cut`.
 */
function correctHabitDay(
  text: string,
  pieces: WhenPiece[],
  at: Array<[number, number]>,
  spans: Array<RemovedSpan & { at: number }>,
  repeats: RepeatMarker[],
  cut: (start: number, end: number) => void,
): void {
  const onDays = (r: RepeatMarker) => r.kind === 'freq' && r.freq === 'WEEKLY' && !r.except && !!r.byDay?.length && r.byDay.every((d) => /^[A-Z]{2}$/.test(d));
  if (repeats.length === 0 || !repeats.some(onDays)) return;
  const ends = [...at.map(([, e]) => e), ...repeats.map((r) => r.end)];
  const redo = (start: number): { habit: RepeatMarker; from: number } | null => {
    const habit = [...repeats].reverse().find((r) => onDays(r) && r.end <= start);
    if (!habit) return null;
    // Only the habit's own words before the correction: its times, no other day ("every thursday …
    // and on wednesday, no sorry, on tuesday" corrects wednesday).
    if (pieces.some((p, i) => at[i][0] >= habit.end && at[i][1] <= start && dayFields(p))) return null;
    const from = Math.max(...ends.filter((e) => e <= start && e >= habit.end));
    return CORRECTION.test(text.slice(from, start)) ? { habit, from } : null;
  };
  for (const again of repeats) {
    if (!onDays(again)) continue;
    const r = redo(again.start);
    if (!r || r.habit === again) continue;
    r.habit.byDay = again.byDay;
    again.kind = 'filler';
    cut(r.from, again.start);
  }
  for (let j = pieces.length - 1; j >= 0; j--) {
    const p = pieces[j];
    if (!p.fromWeekday || !p.date || clockFields(p)) continue;
    const r = redo(at[j][0]);
    if (!r) continue;
    r.habit.byDay = [DAY_CODES[weekdayOf(p.date)]];
    cut(r.from, at[j][1]);
    // (Its span, found by where it starts: day-only labels have already left the span list.)
    const k = spans.findIndex((sp) => sp.at === at[j][0]);
    if (k >= 0) spans.splice(k, 1);
    pieces.splice(j, 1);
    at.splice(j, 1);
  }
}

/** Only a comma, "and" or "&" (and "at") between two times of one list. */
const LIST_GAP = /^\s*(?:,|and|&)\s*(?:(?:at|@)\s*)?$/iu;

/**
 * "at 8 and 20", "7:30 and 19:30": times listed together are read on one clock; beside an hour
 * only the 24-hour clock has (13-23), a bare English hour is on the 24-hour clock too (08:00, not
 * 20:00 twice).
 */
function oneClockInList(text: string, pieces: WhenPiece[], at: Array<[number, number]>): void {
  let from = 0;
  for (let i = 1; i <= pieces.length; i++) {
    if (i < pieces.length && pieces[i].time && pieces[i - 1].time && !pieces[i].date && LIST_GAP.test(text.slice(at[i - 1][1], at[i][0]))) continue;
    const list = pieces.slice(from, i);
    if (list.length > 1 && list.some((p) => p.time!.clock === 'exact' && p.time!.hour > 12)) {
      for (const p of list) if (p.time!.clock === 'bare') p.time = { ...p.time!, clock: 'exact' };
    }
    from = i;
  }
}

/** "since", "depuis (le)" right before a date. */
const SINCE_BEFORE = /(?:^|[^\p{L}'])((?:ever\s+)?since\s*|depuis(?:\s+(?:le|la|ce|cette)\s*|\s+l'|\s*))$/iu;
/** The most pieces one date is said in ("lundi 5 mars à 9h du matin"): how far a correction's chain is walked. */
const MAX_CHAIN = 6;
/** Words that may join the pieces of one date ("friday at 6", "samedi soir", "demain vers 8h"). */
const CHAIN_GAP = /^[\s,]*(?:(?:at|@|around|about|on|in\s+the|[àa]|vers|le|la|dans\s+la|en|de|du)\s+)*$/iu;
/** "for" / "pour" right before a date: the day an action is for ("iron my shirt for tomorrow"). */
const FOR_BEFORE = /(?:^|[^\p{L}])(?:for|pour)\s*$/iu;
const FOR_START = /^(?:for|pour)\s/iu;
/** "le rdv du mercredi", "la réunion de jeudi": a French day that names what it follows (not "à partir de demain"). */
const OF_BEFORE = /(?<![\p{L}'])(?!(?:partir|compter|jusqu|lors|veille|lendemain|avant|apr[èe]s|besoin|matin|soir)\s)\p{L}{2,}\s+(?:du|de)\s*$/iu;
/** "before" / "by" / "avant" / "d'ici" right before a day: the day a thing must be done by. */
const DEADLINE_WORDS = String.raw`before|by|no\s+later\s+than|avant|d'ici|au\s+plus\s+tard`;
const DEADLINE_BEFORE = new RegExp(String.raw`(?<![\p{L}'])(?:${DEADLINE_WORDS})\s+(?:the\s+|le\s+|la\s+)?$`, 'iu');
const DEADLINE_START = new RegExp(String.raw`^(?:${DEADLINE_WORDS})\s`, 'iu');
/** The cheap test before those two: each of their words ends with one of these. */
const DEADLINE_WORD = /(?<![\p{L}'])(?:before|by|later\s+than|avant|d'ici|plus\s+tard)\s/iu;
/** A word of the action between two dates (not a connector). */
const ACTION_WORD = /(?<![\p{L}'])(?!(?:for|pour|and|et|then|puis|me|moi)(?![\p{L}]))\p{L}{3,}/iu;

/**
 * "remind me tonight to iron my shirt for tomorrow", "rappelle-moi vendredi de réserver le resto
 * pour samedi soir": when a message names two days apart, the one introduced by "for" / "pour"
 * after the action is the day the action is for; the other is when to remind. The "for" day labels
 * the action (it stays in the subject), like "tomorrow's meeting"; so does a French day after a
 * noun and "du" / "de" ("rappelle-moi lundi du rdv de mercredi"). The "for" day comes second, with
 * action words between the two ("à 17h pour demain" is one date; "set a reminder for sunday 9am
 * to …, also monday 8am to …" names two days to remind on). Only a day counts, not a bare time
 * ("set the alarm for 6"). With a request, a day said as a deadline ("before friday", "by the
 * 30th", "avant vendredi", "d'ici lundi") is the action's too, when another date is the reminder's.
 */
function markPurposeDays(text: string, pieces: WhenPiece[], at: Array<[number, number]>, repeats: RepeatMarker[], language: Language): void {
  if (!pieces.length || pieces.length + repeats.length < 2 || !/for|pour|du|de|by|ici|avant|before/iu.test(text)) return;
  // The dates said, in order: chains of pieces, and repetitions ("every friday").
  const items: Array<{ start: number; end: number; members: number[] }> = [];
  for (let i = 0; i < pieces.length; i++) {
    const last = items[items.length - 1];
    if (last && CHAIN_GAP.test(text.slice(at[i - 1][1], at[i][0]))) {
      last.members.push(i);
      last.end = at[i][1];
    } else items.push({ start: at[i][0], end: at[i][1], members: [i] });
  }
  for (const r of repeats) if (r.kind === 'freq') items.push({ start: r.start, end: r.end, members: [] });
  if (items.length < 2) return;
  items.sort((a, b) => a.start - b.start);
  // ("book flights before friday, remind me wednesday evening": with a request, a day said as the
  // deadline is the action's, the other date the reminder's.)
  const asked = DEADLINE_WORD.test(text) && hasRequest(text, language);
  const isPurpose = items.map((g, k) => {
    if (!g.members.some((i) => dayFields(pieces[i]))) return false;
    const lead = text.slice(Math.max(0, g.start - 24), g.start);
    if (asked && (DEADLINE_BEFORE.test(lead) || DEADLINE_START.test(text.slice(g.start, g.start + 20))) && g.members.every((i) => !clockFields(pieces[i]))) {
      // (Words of the action or of the request between it and the dates beside it: "on monday and
      // by thursday" names two days to remind on.)
      const [p, n] = [items[k - 1], items[k + 1]];
      if ((!p || ACTION_WORD.test(text.slice(p.end, g.start))) && (!n || ACTION_WORD.test(text.slice(g.end, n.start)))) return true;
    }
    if (!FOR_BEFORE.test(lead) && !FOR_START.test(text.slice(g.start, g.start + 5)) && !OF_BEFORE.test(lead)) return false;
    // A date said before it, and action words between this day and the dates beside it.
    const prev = items[k - 1];
    const next = items[k + 1];
    // (A time of its own joined after it starts another part: "… la prière du vendredi et à 16h le hammam".)
    const joinedTime = !!next && next.members.length > 0 && next.members.every((i) => !dayFields(pieces[i])) && /^[\s,]*(?:et|and|puis|then)?[\s,]*$/iu.test(text.slice(g.end, next.start).replace(/(?:[àa]|at)\s*$/iu, ''));
    // (A day named by "du" / "de" after a bare time is the day: "rappelle-moi à 12h30 la prière du
    // vendredi" is on Friday; "at 6 to iron my shirt for tomorrow" is today.)
    const forDay = FOR_BEFORE.test(lead) || FOR_START.test(text.slice(g.start, g.start + 5));
    const prevDay = !!prev && (forDay || items.slice(0, k).some((h) => h.members.length === 0 || h.members.some((i) => dayFields(pieces[i]) || pieces[i].part !== undefined || pieces[i].instant !== undefined)));
    return prevDay && ACTION_WORD.test(text.slice(prev.end, g.start)) && (!next || joinedTime || ACTION_WORD.test(text.slice(g.end, next.start)));
  });
  if (!isPurpose.some(Boolean) || isPurpose.every(Boolean)) return;
  items.forEach((g, k) => {
    if (isPurpose[k]) for (const i of g.members) pieces[i].attributive = true;
  });
}

/** Hesitations a voice transcript puts between a time and its correction. */
const HESITATION = String.raw`(?:(?:euh+|heu+|um+|uh+|erm?|hmm*|bon|oh|ah|bah|ben|oups|oops|whoops)[\s,.]*)*`;
/** "à 9h euh non plutôt 10h", "at 9, actually 10", "lundi, euh non mardi": a correction between two pieces. */
// (And in the languages people mix in: "não espera", "no scusa", "no perdón".)
const CORRECTION_WORD = String.raw`(?:non|nan|naan|attends|attendez|ou\s+plut[oô]t|plut[oô]t|enfin|pardon|je\s+veux\s+dire|disons|no|nah|nope|naw|wait|hold\s+on|actually|sorry|i\s+mean|make\s+(?:it|that)|change\s+(?:it|that)\s+to|or\s+rather|rather|scratch\s+that|n[ãa]o|espera|scusa|perd[oó]n|desculpa)`;
/** Words that may follow the correction before the new value: more hesitation, a connector. */
const CORRECTION_TAIL = String.raw`(?:${CORRECTION_WORD}|euh+|heu+|um+|uh+|erm?|oh|le|la|on|at|for|the|[àa]|au|pour)`;
const CORRECTION = new RegExp(
  String.raw`^[\s,.;:!-]*${HESITATION}${CORRECTION_WORD}(?:[\s,.;:!-]+${CORRECTION_TAIL})*[\s,.;:!-]*$`,
  'iu',
);
/**
 * A correction said after the action, right before the new value ("remind me at 9 to call the plumber,
 * no wait make it 10", "… d'appeler le plombier non plutôt 10h"): a word that only corrects, or a
 * "no" / "non" after a stop or comma ("to say no on monday" corrects nothing).
 */
const LATE_CORRECTION = new RegExp(
  String.raw`(?:(?<![\p{L}'])${HESITATION}(?:(?:non|nan|no|nope|nah|naw)[\s,.;:!-]+${HESITATION})?(?:attends|attendez|ou\s+plut[oô]t|plut[oô]t|pardon|je\s+veux\s+dire|wait|hold\s+on|actually|sorry|i\s+mean|make\s+(?:it|that)|change\s+(?:it|that)\s+to|or\s+rather|scratch\s+that)|[,.;!]\s*${HESITATION}(?:non|nan|no|nope|nah|naw))(?:[\s,.;:!-]+${CORRECTION_TAIL})*[\s,.;:!-]*$`,
  'iu',
);
/** Only a connector between a corrected time and the next reminder's date words ("…, 10:30am, and at 3pm …"). */
const NEXT_PART = /^[\s,;]*(?:and|et|then|puis|pis|also|aussi)(?:\s+(?:then|puis|also|aussi))?\s+(?:(?:at|on|[àa]|le|la)\s+)?$/iu;
/** "entre 15h et 17h", "between 3pm and 5pm", "from 3pm to 5pm": a range, of which the start is due. */
const RANGE_BEFORE = /(?:entre|between|from|de|du)\s*$/iu;

/** Fields a later piece re-states after a correction: the day, or the time of day. */
export function dayFields(p: WhenPiece): boolean {
  return !!(p.date || p.weekend);
}
export function clockFields(p: WhenPiece): boolean {
  return !!(p.time || p.part || p.instant !== undefined);
}

/**
 * "demain à 9h euh non plutôt 10h", "monday, no tuesday": the speaker corrects what was just said.
 * What the words after the correction re-state (the day, the time) replaces what came before; the
 * correction words leave the subject through `cut`. Then two different clock times joined by
 * "and"/"et" are two reminders the message cannot hold in one: the answer is a question rather
 * than a silent pick, signalled by returning true.
 */
function settleTwoTimes(
  text: string,
  pieces: WhenPiece[],
  at: Array<[number, number]>,
  cut: (start: number, end: number) => void,
): boolean {
  // Piece i and piece i + 1 say one date ("lundi à 9h").
  const chained = (i: number) => CHAIN_GAP.test(text.slice(at[i][1], at[i + 1][0]));
  for (let k = pieces.length - 2; k >= 0; k--) {
    const gap = text.slice(at[k][1], at[k + 1][0]);
    let late: RegExpExecArray | null = null;
    if (gap.length > 48 || !CORRECTION.test(gap)) {
      // Said after the action: only for the last date of the message, or one a connector then
      // another reminder follows ("… to attend the meeting, no wait, 10:30am, and at 3pm to …"),
      // that re-states what the one before it said, with nothing but a few words after it.
      const next = k + 2 < pieces.length ? text.slice(at[k + 1][1], at[k + 2][0]) : null;
      late = (next === null || NEXT_PART.test(next)) && /\p{L}/u.test(gap) ? LATE_CORRECTION.exec(gap) : null;
      if (!late) continue;
      const p = pieces[k + 1];
      // (A date is a few pieces: the walk stops there, so a long run of pieces costs no more.)
      let first = k;
      while (first > 0 && k - first < MAX_CHAIN && chained(first - 1)) first--;
      const said = pieces.slice(first, k + 1);
      const same = (dayFields(p) && said.some(dayFields)) || (clockFields(p) && said.some(clockFields));
      if (!same || (next === null && (text.slice(at[k + 1][1]).match(/\p{L}+/gu) ?? []).length > 3)) continue;
    }
    // What the correction re-states: the piece after it and those chained to it ("non, mardi à 10h"),
    // not a later date of another reminder ("… non à 11h d'appeler X et mardi de …").
    let last = k + 1;
    while (last + 1 < pieces.length && last - k < MAX_CHAIN && chained(last)) last++;
    const later = pieces.slice(k + 1, last + 1);
    const redoDay = later.some(dayFields);
    const redoClock = later.some(clockFields);
    if (late) cut(at[k][1] + late.index, at[k + 1][0]);
    else cut(at[k][1], at[k + 1][0]);
    // "on april 10th no wait the 12th": a day of the month alone corrects the day in the month said.
    const named = pieces.slice(0, k + 1).reverse().find((p) => p.date && !p.date.monthImplied && !p.fromWeekday);
    const dayOnly = later.find((p) => p.date?.monthImplied && !p.fromWeekday);
    if (named?.date && dayOnly?.date) dayOnly.date = { ...dayOnly.date, year: named.date.year, month: named.date.month, monthImplied: false };
    // Only the date the correction follows is redone, with the pieces chained to it ("lundi à 8h …
    // et à 11h non midi" keeps 8h).
    for (let i = k; i >= 0; i--) {
      if (i < k && !chained(i)) break;
      const p = pieces[i];
      // "at 6pm, no wait 6:30": a bare hour that corrects a time keeps its half of the day.
      if (redoClock) carryHalfOfDay(p, later);
      if (redoDay) {
        delete p.date;
        delete p.weekend;
        delete p.fromWeekday;
        delete p.keepClock;
      }
      if (redoClock) {
        delete p.time;
        delete p.part;
        delete p.partHour;
        delete p.partToday;
        delete p.instant;
      }
      // A piece left with nothing stands where its correction now starts, so the words between
      // them ("chaque matin à 7h, non pardon 7h30") join one reminder, not two.
      if (!dayFields(p) && !clockFields(p)) at[k + 1][0] = Math.min(at[k + 1][0], at[i][0]);
    }
  }
  let conflict = false;
  for (let i = 0; i < pieces.length; i++) {
    if (!pieces[i].time) continue;
    let j = i + 1;
    while (j < pieces.length && !pieces[j].time) j++;
    if (j >= pieces.length) break;
    const gap = text.slice(at[i][1], at[j][0]);
    const a = pieces[i].time!;
    const b = pieces[j].time!;
    const same = a.hour === b.hour && a.minute === b.minute && a.clock === b.clock;
    if (!same && JOINED.test(gap) && !RANGE_BEFORE.test(text.slice(Math.max(0, at[i][0] - 10), at[i][0]))) conflict = true;
  }
  return conflict;
}

/**
 * "at 6pm, no wait 6:30", "at 7 in the morning, sorry 7:15": the corrected time said as a bare
 * English hour (rule 8 would pick the next of 06:30 and 18:30) is on the half of the day the time
 * it corrects was on, as any listener would hear it.
 */
function carryHalfOfDay(corrected: WhenPiece, later: WhenPiece[]): void {
  const t = corrected.time;
  const hours = t ? candidateHours(corrected) : corrected.part && corrected.part !== 'night' ? [corrected.partHour ?? PART_HOUR[corrected.part]] : [];
  if (hours.length !== 1) return;
  const clock = hours[0] % 24 >= 12 ? 'pm' : 'am';
  for (const p of later) {
    if (p.time?.clock !== 'bare' || p.part || p.time.hour >= 12 || p.time.hour === 0) continue;
    p.time = { ...p.time, clock };
  }
}

export const format = formatLocal;

/**
 * Reads a reminder request: what to be reminded of and when, following
 * /work/shared/extraction/CONVENTIONS.md (rules 1-17): a repetition gives `rrule` with the first
 * occurrence as `dueAt`; a message asking for several reminders lists them all in `reminders`,
 * the top-level fields repeating the first. Pure and deterministic: the same text, `now` and zone
 * always give the same answer, whatever the host's time zone.
 */
export function understand(said: string, ctx: UnderstandContext): Understanding {
  // Phones type "d’appeler", "I’m", "à 9h… non 9h30", "at 8 – sorry, 9" (smart punctuation):
  // every rule reads the plain signs, and the subject gets the user's back.
  const plain = SMART.test(said) ? plainPunctuation(said) : null;
  const text = plain ? plain.text : said;
  const language = ctx.language ?? detectLanguage(text);
  const now = toZonedNow(ctx.now, ctx.timezone);
  const ex = extract(text, language, now, ctx.timezone, false, true);
  let all = splitReminders(text, ex, language, now, ctx.timezone);
  const offset = ex.offset;
  if (offset) all = all.map((r) => ('dueAt' in r ? applyOffset(r, offset, now) : r));
  if (plain) all = all.map((r) => ({ ...r, subject: asTyped(r.subject, said, plain) }));
  const first = all[0];
  return all.length > 1 ? { ...first, reminders: all } : first;
}

/** Typographic apostrophes, the ellipsis sign and en / em dashes. */
const SMART = /[\u2019\u2018\u02bc\u2026\u2013\u2014]/;
const PLAIN_OF: Record<string, string> = { '\u2019': "'", '\u2018': "'", '\u02bc': "'", '\u2026': '...', '\u2013': '-', '\u2014': '-' };

/** The message with plain signs, and for each of its characters the index of the one typed. */
function plainPunctuation(said: string): { text: string; from: number[] } {
  let text = '';
  const from: number[] = [];
  for (let i = 0; i < said.length; i++) {
    // A dash between spaces is a pause, like a comma ("at 8 – sorry, 9"); between words, a hyphen
    // ("mon–fri"), and before a number a range ("14h – 15h").
    const pause = (said[i] === '\u2013' || said[i] === '\u2014') && (i === 0 || /\s/.test(said[i - 1])) && !/^\s*\d/.test(said.slice(i + 1, i + 4));
    const out = pause ? ',' : (PLAIN_OF[said[i]] ?? said[i]);
    text += out;
    for (let k = 0; k < out.length; k++) from.push(i);
  }
  return { text, from };
}

/**
 * The subject with the signs the user typed: where it is a stretch of the message, that stretch as
 * typed; otherwise the apostrophes (and an ellipsis) in the one kind the message used.
 */
function asTyped(subject: string, said: string, plain: { text: string; from: number[] }): string {
  if (!/['.-]/.test(subject)) return subject;
  const at = plain.text.indexOf(subject);
  if (at >= 0) return said.slice(plain.from[at], plain.from[at + subject.length - 1] + 1);
  const kinds = new Set(said.match(/['\u2019\u2018\u02bc]/g));
  let out = kinds.size === 1 ? subject.replace(/'/g, [...kinds][0]) : subject;
  if (said.includes('\u2026') && !said.includes('...')) out = out.replace(/\.\.\./g, '\u2026');
  return out;
}

/**
 * Reads only a date/time: an answer to "when?" ("demain 18h") or a reschedule ("move it to 6pm",
 * "dans 10 minutes"). A bare delay ("10 minutes") counts as "from now".
 */
export function parseWhen(said: string, ctx: UnderstandContext): WhenResult | null {
  const text = SMART.test(said) ? plainPunctuation(said).text : said;
  const language = ctx.language ?? detectLanguage(text);
  const now = toZonedNow(ctx.now, ctx.timezone);
  const { pieces, conflict } = extract(text, language, now, ctx.timezone, true);
  if (!pieces.length || conflict) return null;
  const resolved = resolvePiece(combinePieces(pieces), now, ctx.timezone);
  if (!resolved || !resolved.local.isValid) return null;
  return { dueAt: resolved.local.toJSDate(), zone: resolved.zone, dueLocal: format(resolved.local) };
}
