import { resolveLanguage } from './language';

describe('resolveLanguage (SPEC §2: lang parameter, then local storage, then French)', () => {
  it('prefers the lang query parameter over the stored language', () => {
    expect(resolveLanguage('?lang=en', 'fr')).toBe('en');
    expect(resolveLanguage('?tab=register&lang=fr', 'en')).toBe('fr');
  });

  it('falls back on the stored language when the URL has none', () => {
    expect(resolveLanguage('', 'en')).toBe('en');
    expect(resolveLanguage('?tab=login', 'en')).toBe('en');
  });

  it('defaults to French', () => {
    expect(resolveLanguage('', null)).toBe('fr');
  });

  it('ignores values other than en and fr, wherever they come from', () => {
    expect(resolveLanguage('?lang=ar', 'en')).toBe('en');
    expect(resolveLanguage('?lang=de', 'es')).toBe('fr');
  });
});
