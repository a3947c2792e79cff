import type { ParsedResult, ParsingOption } from 'chrono-node';
import { DateTime } from 'luxon';
import { chronoFor } from './chrono-setup';
import { dayFirstIn } from './date-order';
import { detectLanguage } from './language';
import { normalize, originalSpan } from './normalize';
import { ParseEnv, pieceOf } from './piece-parser';
import { combinePieces, resolvePiece } from './resolve';
import { extractSubject, RemovedSpan } from './subject';
import { Language, UnderstandContext, Understanding, WhenPiece, WhenResult } from './types';

export function toZonedNow(now: Date | string, timezone: string): DateTime {
  const base = typeof now === 'string' ? DateTime.fromISO(now, { setZone: true }) : DateTime.fromJSDate(now);
  if (!base.isValid) throw new RangeError(`Invalid "now": ${String(now)}`);
  const zoned = base.setZone(timezone);
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
    if (!/(?:^|\s)(?:in|en|early|late|mid|d[ée]but|fin|mi|mois\s+d'|mois\s+de)[\s-]*$/.test(lead)) return null;
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

interface Extraction {
  pieces: WhenPiece[];
  /** Spans of the date/time words in the original text. */
  spans: RemovedSpan[];
}

function extract(text: string, language: Language, now: DateTime, zone: string, bareDurations: boolean): Extraction {
  const norm = normalize(text, language);
  const today = DateTime.utc(now.year, now.month, now.day);
  const env: ParseEnv = { now, today, zone, language, bareDurations };
  // chrono's reference is the user's calendar day at noon expressed as UTC with offset 0, so
  // its own parsers (month names, numeric dates) fill in the user's year without ever touching
  // the host's zone; noon is never inside a DST gap. Our parsers read `now` from the env.
  const reference = {
    instant: new Date(Date.UTC(now.year, now.month - 1, now.day, 12, 0, 0)),
    timezone: 0,
  };
  const option = { rappel: env } as ParsingOption;
  const results = chronoFor(language, bareDurations, dayFirstIn(zone)).parse(norm.text, reference, option);
  const pieces: WhenPiece[] = [];
  const spans: RemovedSpan[] = [];
  for (const r of results) {
    const piece = pieceOf(r) ?? pieceFromChrono(r, norm.text);
    if (!piece) continue;
    pieces.push(piece);
    const [start, end] = originalSpan(norm, r.index, r.index + r.text.length);
    spans.push({ start, end, kind: piece.time && !piece.date ? 'time' : 'date' });
  }
  // A time that only labels a thing ("catch the 7:15 train") gives way to a real one and stays
  // in the subject; alone, it is the due time.
  if (pieces.some((p) => p.time && !p.attributive)) {
    for (let i = pieces.length - 1; i >= 0; i--) {
      if (pieces[i].attributive) {
        pieces.splice(i, 1);
        spans.splice(i, 1);
      }
    }
  }
  return { pieces, spans };
}

function format(local: DateTime): string {
  return local.toFormat("yyyy-MM-dd'T'HH:mm");
}

/**
 * Reads a reminder request: what to be reminded of and when, following
 * /work/shared/extraction/CONVENTIONS.md. Pure and deterministic: the same text, `now` and zone
 * always give the same answer, whatever the host's time zone.
 */
export function understand(text: string, ctx: UnderstandContext): Understanding {
  const language = ctx.language ?? detectLanguage(text);
  const now = toZonedNow(ctx.now, ctx.timezone);
  const { pieces, spans } = extract(text, language, now, ctx.timezone, false);
  const subject = extractSubject(text, spans, language);
  const resolved = pieces.length ? resolvePiece(combinePieces(pieces), now, ctx.timezone) : null;
  if (!resolved || !resolved.local.isValid) return { subject, missing: 'when', language };
  return {
    subject,
    dueAt: resolved.local.toJSDate(),
    zone: resolved.zone,
    dueLocal: format(resolved.local),
    language,
  };
}

/**
 * Reads only a date/time: an answer to "when?" ("demain 18h") or a reschedule ("move it to 6pm",
 * "dans 10 minutes"). A bare delay ("10 minutes") counts as "from now".
 */
export function parseWhen(text: string, ctx: UnderstandContext): WhenResult | null {
  const language = ctx.language ?? detectLanguage(text);
  const now = toZonedNow(ctx.now, ctx.timezone);
  const { pieces } = extract(text, language, now, ctx.timezone, true);
  if (!pieces.length) return null;
  const resolved = resolvePiece(combinePieces(pieces), now, ctx.timezone);
  if (!resolved || !resolved.local.isValid) return null;
  return { dueAt: resolved.local.toJSDate(), zone: resolved.zone, dueLocal: format(resolved.local) };
}
