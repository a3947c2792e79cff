import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * The 23 country prefixes offered at sign-in. US and Canada share +1, so they are coded
 * "+1-US"/"+1-CA" and the suffix is stripped before use (spec §3).
 */
export const COUNTRY_PREFIXES: ReadonlyArray<{ code: string; iso: string; name: { fr: string; en: string } }> = [
  { code: '+33', iso: 'FR', name: { fr: 'France', en: 'France' } },
  { code: '+32', iso: 'BE', name: { fr: 'Belgique', en: 'Belgium' } },
  { code: '+41', iso: 'CH', name: { fr: 'Suisse', en: 'Switzerland' } },
  { code: '+352', iso: 'LU', name: { fr: 'Luxembourg', en: 'Luxembourg' } },
  { code: '+377', iso: 'MC', name: { fr: 'Monaco', en: 'Monaco' } },
  { code: '+1-CA', iso: 'CA', name: { fr: 'Canada', en: 'Canada' } },
  { code: '+1-US', iso: 'US', name: { fr: 'États-Unis', en: 'United States' } },
  { code: '+44', iso: 'GB', name: { fr: 'Royaume-Uni', en: 'United Kingdom' } },
  { code: '+49', iso: 'DE', name: { fr: 'Allemagne', en: 'Germany' } },
  { code: '+34', iso: 'ES', name: { fr: 'Espagne', en: 'Spain' } },
  { code: '+39', iso: 'IT', name: { fr: 'Italie', en: 'Italy' } },
  { code: '+351', iso: 'PT', name: { fr: 'Portugal', en: 'Portugal' } },
  { code: '+31', iso: 'NL', name: { fr: 'Pays-Bas', en: 'Netherlands' } },
  { code: '+212', iso: 'MA', name: { fr: 'Maroc', en: 'Morocco' } },
  { code: '+213', iso: 'DZ', name: { fr: 'Algérie', en: 'Algeria' } },
  { code: '+216', iso: 'TN', name: { fr: 'Tunisie', en: 'Tunisia' } },
  { code: '+221', iso: 'SN', name: { fr: 'Sénégal', en: 'Senegal' } },
  { code: '+225', iso: 'CI', name: { fr: "Côte d'Ivoire", en: "Côte d'Ivoire" } },
  { code: '+237', iso: 'CM', name: { fr: 'Cameroun', en: 'Cameroon' } },
  { code: '+971', iso: 'AE', name: { fr: 'Émirats arabes unis', en: 'United Arab Emirates' } },
  { code: '+966', iso: 'SA', name: { fr: 'Arabie saoudite', en: 'Saudi Arabia' } },
  { code: '+974', iso: 'QA', name: { fr: 'Qatar', en: 'Qatar' } },
  { code: '+20', iso: 'EG', name: { fr: 'Égypte', en: 'Egypt' } },
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
