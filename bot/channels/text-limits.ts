/** Cuts by code points, not UTF-16 units, so an emoji or accented letter is never split. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max - 1).join('') + '…';
}

/** Splits a long text on paragraph/line/word boundaries into pieces of at most `max` code points. */
export function splitText(text: string, max: number): string[] {
  const parts: string[] = [];
  let rest = Array.from(text);
  while (rest.length > max) {
    const window = rest.slice(0, max).join('');
    // Prefer the largest unit that still leaves a reasonably full piece: paragraph, line, word.
    const cut = ['\n\n', '\n', ' '].map((sep) => window.lastIndexOf(sep)).find((i) => i > window.length / 2) ?? -1;
    const take = cut > 0 ? Array.from(window.slice(0, cut)).length : max;
    parts.push(rest.slice(0, take).join('').trimEnd());
    rest = Array.from(rest.slice(take).join('').trimStart());
  }
  if (rest.length > 0 || parts.length === 0) parts.push(rest.join(''));
  return parts;
}
