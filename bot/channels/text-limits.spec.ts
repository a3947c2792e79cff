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
