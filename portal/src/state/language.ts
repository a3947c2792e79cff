import { signal } from '@preact/signals-react';
import i18n from 'i18next';
import type { Language } from '../api/types';
import { updateLanguage } from '../api/profile';
import { LANGUAGE_STORAGE_KEY, isLanguage, resolveLanguage } from '../lib/language';
import { currentUser } from './session';
import { showToast } from './toasts';

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function initialLanguage(): Language {
  return resolveLanguage(typeof window === 'undefined' ? '' : window.location.search, storedLanguage());
}

export const language = signal<Language>(initialLanguage());
export const languageSwitching = signal(false);

/** SPEC §9: the page reloads with ?lang= one second after the notice. */
export const LANGUAGE_REDIRECT_DELAY_MS = 1000;

export function rememberLanguage(lang: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    /* private mode: the lang parameter still carries it */
  }
}

/** The current URL with `lang` set, so the choice survives the reload and shared links. */
export function urlWithLanguage(href: string, lang: Language): string {
  const url = new URL(href);
  url.searchParams.set('lang', lang);
  return url.pathname + url.search + url.hash;
}

/**
 * SPEC §2/§4/§7: switching to the current language, or while a switch runs, is ignored; a
 * signed-in user's choice is saved on the server (a failure is only logged); then the page
 * reloads with the lang parameter.
 */
export async function switchLanguage(
  lang: string,
  reload: (url: string) => void = (url) => window.location.assign(url),
): Promise<boolean> {
  if (!isLanguage(lang) || lang === language.value || languageSwitching.value) return false;
  languageSwitching.value = true;
  showToast({
    title: i18n.t('language.switching', { lng: lang }),
    variant: 'info',
    duration: 2000,
  });
  rememberLanguage(lang);
  if (currentUser.value) {
    try {
      await updateLanguage(lang);
    } catch (err) {
      console.warn('Saving the language preference failed', err);
    }
  }
  language.value = lang;
  await i18n.changeLanguage(lang);
  setTimeout(() => reload(urlWithLanguage(window.location.href, lang)), LANGUAGE_REDIRECT_DELAY_MS);
  return true;
}
