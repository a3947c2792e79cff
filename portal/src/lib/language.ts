import type { Language } from '../api/types';

export const LANGUAGES: readonly Language[] = ['fr', 'en'];
export const DEFAULT_LANGUAGE: Language = 'fr';
export const LANGUAGE_STORAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return value === 'fr' || value === 'en';
}

/**
 * SPEC §2: the `lang` query parameter is read first, then local storage `language`,
 * then French. Anything other than en/fr is ignored (SPEC §5).
 */
export function resolveLanguage(search: string, stored: string | null): Language {
  const fromQuery = new URLSearchParams(search).get('lang');
  if (isLanguage(fromQuery)) return fromQuery;
  if (isLanguage(stored)) return stored;
  return DEFAULT_LANGUAGE;
}

/** BCP 47 locale for dates and numbers in a language (dates are fr-FR in French, SPEC §9). */
export function localeOf(language: Language): string {
  return language === 'fr' ? 'fr-FR' : 'en-GB';
}
