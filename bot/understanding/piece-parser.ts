import type { Parser, ParsingContext, ParsingResult } from 'chrono-node';
import { DateTime } from 'luxon';
import { Language, WhenPiece } from './types';

/** What every custom parser needs besides the text: `now` in the user's zone. */
export interface ParseEnv {
  /** The message's instant, in the user's zone: for delays such as "in 3 hours". */
  now: DateTime;
  /**
   * The user's calendar date as a UTC date at midnight: calendar arithmetic (weekdays, months)
   * needs no zone, and UTC keeps it off Luxon's costly zone-offset lookups.
   */
  today: DateTime;
  zone: string;
  language: Language;
  /** parseWhen accepts a bare span ("10 minutes") as a delay. */
  bareDurations: boolean;
}

/**
 * The piece rides on the chrono result as a tag: tags survive chrono's refiners and clones,
 * while the numeric components chrono keeps could not say "bare hour" or "keep the clock".
 */
export const PIECE_TAG = 'rappel/piece:';

/**
 * The pieces of the parse under way, by the number in their tag: a tag names the piece rather
 * than carrying it as JSON (writing and reading JSON for every fragment was a measurable cost).
 * Parsing is synchronous, so one registry serves; `startPieces` empties it before each parse.
 */
const registry: WhenPiece[] = [];

export function startPieces(): void {
  registry.length = 0;
}

export function pieceOf(result: { start: { tags(): Set<string> } }): WhenPiece | undefined {
  for (const tag of result.start.tags()) {
    if (tag.startsWith(PIECE_TAG)) return registry[Number(tag.slice(PIECE_TAG.length))];
  }
  return undefined;
}

export interface PieceMatch {
  groups: Record<string, string | undefined>;
  text: string;
  /** Index of the match in the parsed text. */
  index: number;
  /** Whole text being parsed, to look at the words around the match. */
  input: string;
}

export type PieceBuilder = (m: PieceMatch, env: ParseEnv) => WhenPiece | null;

/** A pattern that fails at once: V8 tries a start-anchored pattern at the first position only. */
const NEVER = /^(?!)/;

/**
 * Runs `parser` only on texts where `hint` matches (every one of them, if several): a cheap test of words without which the
 * parser's pattern cannot match (a weekday name, a digit, "month"). chrono tries every pattern at
 * every position of the text, and most messages hold no zone, no ordinal, no month name; the hint
 * spares those scans. A hint must be a necessary condition, never a guess, so results never change.
 */
export function hinted<P extends Parser>(parser: P, hint: RegExp | RegExp[]): Parser {
  const hints = Array.isArray(hint) ? hint : [hint];
  return {
    pattern: (context: ParsingContext) => (hints.every((h) => h.test(context.text)) ? parser.pattern(context) : NEVER),
    extract: (context: ParsingContext, match: RegExpMatchArray) => parser.extract(context, match),
    name: (parser as { name?: string }).name ?? parser.constructor.name,
  } as Parser;
}

/**
 * A chrono Parser from a regular expression and a function that reads the match into a piece.
 * Word boundaries are Unicode-aware (chrono's \b-style checks miss "à" and "é").
 */
export function pieceParser(name: string, inner: string, build: PieceBuilder, flags = 'iu'): Parser {
  const pattern = new RegExp(`(^|[^\\p{L}\\p{N}])(${inner})(?![\\p{L}\\p{N}])`, flags);
  const parser: Parser & { name: string } = {
    name,
    pattern: () => pattern,
    extract: (context: ParsingContext, match: RegExpMatchArray): ParsingResult | null => {
      const env = (context.option as { rappel?: ParseEnv }).rappel;
      if (!env) return null;
      const index = (match.index ?? 0) + match[1].length;
      // After a rejected match chrono searches again from the next character, where "^" can
      // match inside a word or number ("chapter 12" retried as "2"): insist on a real boundary.
      if (index > 0 && /[\p{L}\p{N}]/u.test(context.text[index - 1])) return null;
      const text = match[2];
      const piece = build({ groups: { ...(match.groups ?? {}) }, text, index, input: context.text }, env);
      if (!piece) return null;
      // The piece is all that is read back (pieceOf); chrono's kept refiners look only at the
      // text and position, so no date components are assigned. One components object, handed to
      // the result (a result made without one builds its own, a cost per match).
      const start = context.createParsingComponents();
      registry.push(piece);
      start.addTag(PIECE_TAG + (registry.length - 1));
      return context.createParsingResult(index, text, start);
    },
  };
  return parser;
}

/** The words just before a match, lower-cased. */
export function before(m: PieceMatch, chars = 24): string {
  return m.input.slice(Math.max(0, m.index - chars), m.index).toLowerCase();
}

/** The words just after a match, lower-cased. */
export function after(m: PieceMatch, chars = 32): string {
  return m.input.slice(m.index + m.text.length, m.index + m.text.length + chars).toLowerCase();
}
