import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../api/types';
import en from './en.json';
import fr from './fr.json';

export const resources = { en: { translation: en }, fr: { translation: fr } } as const;

/** Both catalogs are bundled: they are small, and a language switch must not wait on a fetch. */
export function initI18n(language: Language): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources,
      lng: language,
      fallbackLng: 'fr',
      supportedLngs: ['fr', 'en'],
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  } else if (i18n.language !== language) {
    void i18n.changeLanguage(language);
  }
  document.documentElement.lang = language;
  return i18n;
}

export default i18n;
