/**
 * How a limit counts: 'codePoint' (what a person sees as characters, mostly) or 'utf16' (what
 * JavaScript's .length counts; a WhatsApp client library validates some fields that way, so those
 * are cut to fit both readings). Either way a cut falls between code points, never inside one.
 */
export type TextUnit = 'codePoint' | 'utf16';

function sizeOf(codePoint: string, unit: TextUnit): number {
  return unit === 'utf16' ? codePoint.length : 1;
}

function measure(text: string, unit: TextUnit): number {
  return unit === 'utf16' ? text.length : Array.from(text).length;
}

/** How many of these code points fit in `max` units. */
function fitting(codePoints: string[], max: number, unit: TextUnit): number {
  let used = 0;
  let n = 0;
  for (const c of codePoints) {
    used += sizeOf(c, unit);
    if (used > max) break;
    n++;
  }
  return n;
}

/** Cuts between code points, so an emoji or accented letter is never split, and marks the cut. */
export function truncate(text: string, max: number, unit: TextUnit = 'codePoint'): string {
  if (measure(text, unit) <= max) return text;
  const chars = Array.from(text);
  return chars.slice(0, fitting(chars, max - 1, unit)).join('') + '…';
}

/** Splits a long text on paragraph/line/word boundaries into pieces of at most `max` units. */
export function splitText(text: string, max: number, unit: TextUnit = 'codePoint'): string[] {
  const parts: string[] = [];
  let rest = Array.from(text);
  while (measure(rest.join(''), unit) > max) {
    const fits = fitting(rest, max, unit);
    const window = rest.slice(0, fits).join('');
    // Prefer the largest unit that still leaves a reasonably full piece: paragraph, line, word.
    const cut = ['\n\n', '\n', ' '].map((sep) => window.lastIndexOf(sep)).find((i) => i > window.length / 2) ?? -1;
    const take = cut > 0 ? Array.from(window.slice(0, cut)).length : fits;
    parts.push(rest.slice(0, take).join('').trimEnd());
    rest = Array.from(rest.slice(take).join('').trimStart());
  }
  if (rest.length > 0 || parts.length === 0) parts.push(rest.join(''));
  return parts;
}
