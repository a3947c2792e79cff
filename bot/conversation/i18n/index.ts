import { DateTime } from 'luxon';
import type { Language } from '../../understanding/types';
import { type CatalogKey, en } from './en';
import { fr } from './fr';

export type { CatalogKey };

const catalogs: Record<Language, Record<CatalogKey, string>> = { en, fr };

export function t(language: Language, key: CatalogKey, params: Record<string, string | number> = {}): string {
  const template = catalogs[language]?.[key] ?? en[key];
  const value = (name: string, m: string) => (name in params ? String(params[name]) : m);
  return (
    template
      // French elision: "rappeler de {subject}" with "appeler…" reads "rappeler d'appeler…".
      .replace(/\bde \{(\w+)\}/g, (m, name: string) => {
        const v = value(name, m);
        return language === 'fr' && /^[aeiouyhàâäéèêëîïôöûùü]/i.test(v) ? `d'${v}` : `de ${v}`;
      })
      .replace(/\{(\w+)\}/g, (m, name: string) => value(name, m))
  );
}

/**
 * A due instant as the user reads it, in their zone and language: "lundi 30 mars à 09:30",
 * "Monday 30 March at 09:30"; "today"/"tomorrow" when close.
 */
export function formatWhen(instant: Date | string, zone: string, language: Language, now: Date = new Date()): string {
  const at = DateTime.fromJSDate(new Date(instant), { zone }).setLocale(language === 'fr' ? 'fr-FR' : 'en-GB');
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  const days = Math.round(at.startOf('day').diff(today, 'days').days);
  const time = at.toFormat('HH:mm');
  if (language === 'fr') {
    if (days === 0) return `aujourd'hui à ${time}`;
    if (days === 1) return `demain à ${time}`;
    return `${at.toFormat(at.year === today.year ? 'cccc d LLLL' : 'cccc d LLLL yyyy')} à ${time}`;
  }
  if (days === 0) return `today at ${time}`;
  if (days === 1) return `tomorrow at ${time}`;
  return `${at.toFormat(at.year === today.year ? 'cccc d LLLL' : 'cccc d LLLL yyyy')} at ${time}`;
}

/** The zone's city as users say it: "Europe/Paris" → "Paris", "America/New_York" → "New York". */
export function zoneLabel(zone: string): string {
  const city = zone.split('/').pop() ?? zone;
  return city.replace(/_/g, ' ');
}
