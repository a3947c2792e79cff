import { pageLanguage } from './page-language';

describe('pageLanguage (Accept-Language → the page language)', () => {
  it.each([
    ['en', 'en'],
    ['fr', 'fr'],
    ['fr-CA,fr;q=0.9,en;q=0.8', 'fr'],
    ['en-GB, en;q=0.9', 'en'],
    ['de-DE,de;q=0.9,en;q=0.7,fr;q=0.5', 'en'],
    ['fr;q=0.4, EN;q=0.6', 'en'],
    ['en;q=0, fr;q=0.1', 'fr'],
    [['de', 'fr-BE'], 'fr'],
  ] as const)('%j -> %s', (header, language) => {
    expect(pageLanguage(header as string | string[])).toBe(language);
  });

  it.each([undefined, '', '*', 'de-DE,de', 'en;q=0', 'en;q=abc', 'fr;q=2', 'english', 'x'.repeat(600) + ',en'])('%j -> null (the caller keeps its own default)', (header) => {
    expect(pageLanguage(header)).toBeNull();
  });
});
