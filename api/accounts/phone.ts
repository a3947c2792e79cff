/**
 * THE phone module of Rappel, used by the server AND the portal (portal/src/lib imports this
 * file): one country list, one normalisation, both on libphonenumber-js, so a number the portal
 * accepts is the number the server stores. Pure: no Node APIs.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

export interface Country {
  /** Value of the select; `+1-US` / `+1-CA` disambiguate the shared +1 prefix (spec §3). */
  code: string;
  iso: string;
  flag: string;
  name: { fr: string; en: string };
}

/** The 23 countries offered at sign-in, written once. */
export const COUNTRY_PREFIXES: readonly Country[] = [
  { code: '+33', iso: 'FR', flag: '🇫🇷', name: { fr: 'France', en: 'France' } },
  { code: '+32', iso: 'BE', flag: '🇧🇪', name: { fr: 'Belgique', en: 'Belgium' } },
  { code: '+41', iso: 'CH', flag: '🇨🇭', name: { fr: 'Suisse', en: 'Switzerland' } },
  { code: '+352', iso: 'LU', flag: '🇱🇺', name: { fr: 'Luxembourg', en: 'Luxembourg' } },
  { code: '+1-CA', iso: 'CA', flag: '🇨🇦', name: { fr: 'Canada', en: 'Canada' } },
  { code: '+1-US', iso: 'US', flag: '🇺🇸', name: { fr: 'États-Unis', en: 'United States' } },
  { code: '+44', iso: 'GB', flag: '🇬🇧', name: { fr: 'Royaume-Uni', en: 'United Kingdom' } },
  { code: '+49', iso: 'DE', flag: '🇩🇪', name: { fr: 'Allemagne', en: 'Germany' } },
  { code: '+34', iso: 'ES', flag: '🇪🇸', name: { fr: 'Espagne', en: 'Spain' } },
  { code: '+39', iso: 'IT', flag: '🇮🇹', name: { fr: 'Italie', en: 'Italy' } },
  { code: '+351', iso: 'PT', flag: '🇵🇹', name: { fr: 'Portugal', en: 'Portugal' } },
  { code: '+31', iso: 'NL', flag: '🇳🇱', name: { fr: 'Pays-Bas', en: 'Netherlands' } },
  { code: '+212', iso: 'MA', flag: '🇲🇦', name: { fr: 'Maroc', en: 'Morocco' } },
  { code: '+213', iso: 'DZ', flag: '🇩🇿', name: { fr: 'Algérie', en: 'Algeria' } },
  { code: '+216', iso: 'TN', flag: '🇹🇳', name: { fr: 'Tunisie', en: 'Tunisia' } },
  { code: '+221', iso: 'SN', flag: '🇸🇳', name: { fr: 'Sénégal', en: 'Senegal' } },
  { code: '+225', iso: 'CI', flag: '🇨🇮', name: { fr: "Côte d'Ivoire", en: 'Ivory Coast' } },
  { code: '+237', iso: 'CM', flag: '🇨🇲', name: { fr: 'Cameroun', en: 'Cameroon' } },
  { code: '+20', iso: 'EG', flag: '🇪🇬', name: { fr: 'Égypte', en: 'Egypt' } },
  { code: '+234', iso: 'NG', flag: '🇳🇬', name: { fr: 'Nigeria', en: 'Nigeria' } },
  { code: '+971', iso: 'AE', flag: '🇦🇪', name: { fr: 'Émirats arabes unis', en: 'United Arab Emirates' } },
  { code: '+966', iso: 'SA', flag: '🇸🇦', name: { fr: 'Arabie saoudite', en: 'Saudi Arabia' } },
  { code: '+974', iso: 'QA', flag: '🇶🇦', name: { fr: 'Qatar', en: 'Qatar' } },
];

export const DEFAULT_COUNTRY_CODE = '+33';

/** "+1-US" → "+1"; anything else unchanged. Returns null for a code that is not a +digits prefix. */
export function dialCode(countryCode: string | undefined | null): string | null {
  const raw = (countryCode ?? DEFAULT_COUNTRY_CODE).trim().replace(/-[A-Za-z]{2}$/, '');
  return /^\+\d{1,4}$/.test(raw) ? raw : null;
}

/**
 * Spec §5: keep only digits and "+"; without a leading "+", strip leading zeros and prepend the
 * chosen country code. "00" followed by a valid international number is read as "+". Returns
 * E.164, or null when the result is not a valid number.
 */
export function normalizePhone(input: string | undefined | null, countryCode?: string | null): string | null {
  if (typeof input !== 'string') return null;
  const kept = input.replace(/[^\d+]/g, '');
  if (!kept) return null;
  const candidates: string[] = [];
  if (kept.startsWith('+')) {
    candidates.push('+' + kept.slice(1).replace(/\+/g, ''));
  } else {
    if (kept.startsWith('00')) candidates.push('+' + kept.replace(/^00/, ''));
    const prefix = dialCode(countryCode);
    if (!prefix) return null;
    candidates.push(prefix + kept.replace(/^0+/, ''));
    // Some numbering plans keep a leading 0 after the country code (Côte d'Ivoire since 2021).
    if (kept.startsWith('0')) candidates.push(prefix + kept);
  }
  for (const candidate of candidates) {
    const parsed = parsePhoneNumberFromString(candidate);
    if (parsed?.isValid()) return parsed.number;
  }
  return null;
}

/** ISO country of an E.164 number ("FR"), or undefined. */
export function phoneCountry(e164: string): string | undefined {
  return parsePhoneNumberFromString(e164)?.country;
}
