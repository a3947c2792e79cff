export interface Country {
  /** Value of the select; `+1-US` / `+1-CA` disambiguate the shared +1 prefix. */
  code: string;
  iso: string;
  flag: string;
  name: { fr: string; en: string };
}

export const DEFAULT_COUNTRY_CODE = '+33';

export const COUNTRIES: readonly Country[] = [
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

/** `+1-US` → `+1`: the suffix only tells the two +1 countries apart in the select. */
export function dialPrefix(code: string): string {
  return code.replace(/-[A-Z]+$/, '');
}
