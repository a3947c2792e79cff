import { getCountry } from 'countries-and-timezones';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import metadata from 'libphonenumber-js/metadata.min.json';

export interface AmbiguousZone {
  ambiguous: true;
  /** ISO 3166-1 alpha-2 country of the number. */
  country: string;
  /** Zones to offer the user, the most populated first when known. */
  candidates: string[];
}

/**
 * Countries with several zones in the database where one holds nearly everybody (overseas
 * territories, islands, a few villages across a border), or where the database merges a
 * country's zone into a neighbour's identical one (Dakar into Abidjan): the zone people there
 * would recognise.
 */
const DOMINANT: Record<string, string> = {
  FR: 'Europe/Paris', DE: 'Europe/Berlin', ES: 'Europe/Madrid', PT: 'Europe/Lisbon', NL: 'Europe/Amsterdam',
  BE: 'Europe/Brussels', LU: 'Europe/Luxembourg', MC: 'Europe/Monaco', CH: 'Europe/Zurich', IT: 'Europe/Rome',
  GB: 'Europe/London', IE: 'Europe/Dublin', DK: 'Europe/Copenhagen', NO: 'Europe/Oslo', SE: 'Europe/Stockholm',
  UA: 'Europe/Kyiv', CY: 'Asia/Nicosia', CN: 'Asia/Shanghai', NZ: 'Pacific/Auckland', CL: 'America/Santiago',
  EC: 'America/Guayaquil', AR: 'America/Argentina/Buenos_Aires', MY: 'Asia/Kuala_Lumpur', UZ: 'Asia/Tashkent',
  MA: 'Africa/Casablanca', EH: 'Africa/El_Aaiun', TN: 'Africa/Tunis', DZ: 'Africa/Algiers', EG: 'Africa/Cairo',
  SN: 'Africa/Dakar', CI: 'Africa/Abidjan', ML: 'Africa/Bamako', BF: 'Africa/Ouagadougou', GN: 'Africa/Conakry',
  NE: 'Africa/Niamey', TG: 'Africa/Lome', BJ: 'Africa/Porto-Novo', CM: 'Africa/Douala', GA: 'Africa/Libreville',
  CG: 'Africa/Brazzaville', CD: 'Africa/Kinshasa', CF: 'Africa/Bangui', TD: 'Africa/Ndjamena', MR: 'Africa/Nouakchott',
  MG: 'Indian/Antananarivo', KM: 'Indian/Comoro', DJ: 'Africa/Djibouti', RW: 'Africa/Kigali', BI: 'Africa/Bujumbura',
  HT: 'America/Port-au-Prince', SC: 'Indian/Mahe', MU: 'Indian/Mauritius', RE: 'Indian/Reunion',
  GP: 'America/Guadeloupe', MQ: 'America/Martinique', GF: 'America/Cayenne', YT: 'Indian/Mayotte',
  PF: 'Pacific/Tahiti', NC: 'Pacific/Noumea', PM: 'America/Miquelon', KR: 'Asia/Seoul', PS: 'Asia/Hebron',
};

/** The main zones of large countries, most populated first; the rest follow in database order. */
const MAIN_CANDIDATES: Record<string, string[]> = {
  US: ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles', 'America/Anchorage', 'Pacific/Honolulu'],
  CA: ['America/Toronto', 'America/Vancouver', 'America/Edmonton', 'America/Winnipeg', 'America/Regina', 'America/Halifax', 'America/St_Johns'],
  AU: ['Australia/Sydney', 'Australia/Melbourne', 'Australia/Brisbane', 'Australia/Perth', 'Australia/Adelaide', 'Australia/Hobart', 'Australia/Darwin'],
  BR: ['America/Sao_Paulo', 'America/Bahia', 'America/Fortaleza', 'America/Recife', 'America/Manaus', 'America/Belem', 'America/Cuiaba'],
  RU: ['Europe/Moscow', 'Asia/Yekaterinburg', 'Asia/Novosibirsk', 'Asia/Krasnoyarsk', 'Asia/Irkutsk', 'Asia/Vladivostok', 'Europe/Samara', 'Europe/Kaliningrad'],
  MX: ['America/Mexico_City', 'America/Monterrey', 'America/Tijuana', 'America/Cancun', 'America/Hermosillo', 'America/Mazatlan'],
  ID: ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura'],
  KZ: ['Asia/Almaty', 'Asia/Aqtobe'],
};

/**
 * Guesses the user's IANA zone from an E.164 phone number's country. Returns the zone when the
 * country effectively has one, `{ ambiguous, candidates }` when the user must choose (US, CA,
 * AU, RU, BR...), or null when the number cannot be read.
 */
export function zoneFromPhone(phone: string): string | AmbiguousZone | null {
  const parsed = parsePhoneNumberFromString(phone.trim().startsWith('+') ? phone.trim() : `+${phone.trim()}`);
  // A number outside the known ranges still tells its calling code: take that code's main country.
  const country =
    parsed?.country ??
    (parsed ? (metadata.country_calling_codes as Record<string, string[]>)[parsed.countryCallingCode]?.[0] : undefined);
  if (!country) return null;
  if (DOMINANT[country]) return DOMINANT[country];
  const zones: string[] = getCountry(country as Parameters<typeof getCountry>[0])?.timezones ?? [];
  if (zones.length === 1) return zones[0];
  if (zones.length === 0) return null;
  const main = (MAIN_CANDIDATES[country] ?? []).filter((z) => zones.includes(z) || isKnownZone(z));
  const rest = zones.filter((z) => !main.includes(z) && zoneBelongsTo(z, country));
  return { ambiguous: true, country, candidates: [...main, ...rest] };
}

function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The database lists zones shared with a neighbour (Asia/Tokyo under AU); offer only local ones. */
function zoneBelongsTo(zone: string, country: string): boolean {
  const region = zone.split('/')[0];
  const foreignRegions: Record<string, string[]> = {
    AU: ['Australia', 'Antarctica'],
  };
  const allowed = foreignRegions[country];
  return !allowed || allowed.includes(region);
}
