import { splitText, truncate } from './text-limits';

describe('truncate', () => {
  it('leaves short text alone', () => {
    expect(truncate('Oui', 20)).toBe('Oui');
  });

  it('cuts by code points and marks the cut', () => {
    const cut = truncate('Rappel 👩‍👩‍👧‍👦 anniversaire de maman', 10);
    expect(Array.from(cut)).toHaveLength(10);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut).not.toMatch(/[\uD800-\uDBFF]…$/); // no lone high surrogate before the ellipsis
  });
});

describe('counting UTF-16 units', () => {
  it('cuts an emoji title to fit 20 UTF-16 units, between code points', () => {
    const title = 'Annuler 🙅‍♀️🙅‍♀️🙅‍♀️🙅‍♀️';
    const cut = truncate(title, 20, 'utf16');
    expect(cut.length).toBeLessThanOrEqual(20);
    expect(cut).toBe('Annuler 🙅‍♀️🙅‍♀️…');
    expect(Array.from(truncate(title, 20))).toHaveLength(20); // counted in code points it keeps more
  });

  it('splits a text of emoji into pieces of at most max UTF-16 units', () => {
    const text = '😀'.repeat(30);
    const parts = splitText(text, 25, 'utf16');
    for (const p of parts) expect(p.length).toBeLessThanOrEqual(25);
    expect(parts.join('')).toBe(text);
    expect(parts.every((p) => !/[\uD800-\uDBFF]$/.test(p))).toBe(true);
  });
});

describe('splitText', () => {
  it('returns the text whole when it fits', () => {
    expect(splitText('bonjour', 10)).toEqual(['bonjour']);
  });

  it('prefers line breaks, then spaces, and never exceeds the limit', () => {
    const text = 'ligne une assez longue\nligne deux assez longue\nligne trois';
    const parts = splitText(text, 30);
    expect(parts).toEqual(['ligne une assez longue', 'ligne deux assez longue', 'ligne trois']);
  });

  it('hard-cuts a word longer than the limit', () => {
    const parts = splitText('x'.repeat(25), 10);
    expect(parts).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
  });
});
