import { phoneCountry } from './phone';

/**
 * The zone to assume for a new account from its phone number's country. Countries with one
 * zone give a certain answer; for the others the bot asks the user to confirm.
 * (bot/understanding/zone-from-phone.ts holds the complete country table; this is the
 * fallback used when it is unavailable.)
 */
const SINGLE_ZONE: Record<string, string> = {
  FR: 'Europe/Paris', BE: 'Europe/Brussels', CH: 'Europe/Zurich', LU: 'Europe/Luxembourg', MC: 'Europe/Monaco',
  GB: 'Europe/London', DE: 'Europe/Berlin', IT: 'Europe/Rome', NL: 'Europe/Amsterdam', MA: 'Africa/Casablanca',
  DZ: 'Africa/Algiers', TN: 'Africa/Tunis', SN: 'Africa/Dakar', CI: 'Africa/Abidjan', CM: 'Africa/Douala',
  AE: 'Asia/Dubai', SA: 'Asia/Riyadh', QA: 'Asia/Qatar', EG: 'Africa/Cairo', NG: 'Africa/Lagos', JP: 'Asia/Tokyo',
  CN: 'Asia/Shanghai',
};
const MAIN_ZONE: Record<string, string> = {
  US: 'America/New_York', CA: 'America/Toronto', ES: 'Europe/Madrid', PT: 'Europe/Lisbon', RU: 'Europe/Moscow',
  AU: 'Australia/Sydney', BR: 'America/Sao_Paulo', MX: 'America/Mexico_City', NZ: 'Pacific/Auckland',
};

export function guessZoneForPhone(e164: string): { zone: string; certain: boolean } {
  const country = phoneCountry(e164);
  if (country && SINGLE_ZONE[country]) return { zone: SINGLE_ZONE[country], certain: true };
  if (country && MAIN_ZONE[country]) return { zone: MAIN_ZONE[country], certain: false };
  return { zone: 'UTC', certain: false };
}
