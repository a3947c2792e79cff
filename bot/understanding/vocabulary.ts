/** Word lists shared by the parsers. Keys are lower-case and accent-free. */

export function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

export const EN_WEEKDAYS: Record<string, number> = {
  monday: 1, mon: 1, tuesday: 2, tues: 2, tue: 2, wednesday: 3, weds: 3, wed: 3, thursday: 4, thurs: 4, thur: 4,
  thu: 4, friday: 5, fri: 5, saturday: 6, sat: 6, sunday: 7, sun: 7,
};
export const EN_WEEKDAY_RE =
  'monday|tuesday|wednesday|thursday|friday|saturday|sunday|tues|thurs|thur|mon|tue|weds|wed|thu|fri|sat|sun';

export const FR_WEEKDAYS: Record<string, number> = {
  lundi: 1, lun: 1, mardi: 2, mar: 2, mercredi: 3, mer: 3, jeudi: 4, jeu: 4, vendredi: 5, ven: 5,
  samedi: 6, sam: 6, dimanche: 7, dim: 7,
};
// Short forms only with their dot: "mar" and "mer" are ordinary words too.
/**
 * "working day", "business day", "weekday" / "jour ouvré", "jour ouvrable": Monday to Friday as one
 * set, counted within a month ("the last working day of the month" is its last Monday-to-Friday day).
 */
export const EN_WORKDAY_RE = String.raw`(?:working|business|work)[\s-]?days?|week[\s-]?days?`;
export const FR_WORKDAY_RE = String.raw`jours?\s+(?:ouvr[ée]s?|ouvrables?|travaill[ée]s?|de\s+(?:travail|semaine))`;
/** The weekday number that stands for "a working day" where a weekday (1–7) is expected. */
export const WORKDAY = 8;
export const FR_WEEKDAY_RE = 'lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|lun\\.|mar\\.|mer\\.|jeu\\.|ven\\.|sam\\.|dim\\.';

export const EN_MONTHS: Record<string, number> = {
  january: 1, jan: 1, february: 2, feb: 2, march: 3, mar: 3, april: 4, apr: 4, may: 5, june: 6, jun: 6,
  july: 7, jul: 7, august: 8, aug: 8, september: 9, sept: 9, sep: 9, october: 10, oct: 10,
  november: 11, nov: 11, december: 12, dec: 12,
};
export const EN_MONTH_RE =
  'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec';

export const FR_MONTHS: Record<string, number> = {
  janvier: 1, janv: 1, jan: 1, fevrier: 2, fevr: 2, fev: 2, mars: 3, avril: 4, avr: 4, mai: 5, juin: 6,
  juillet: 7, juil: 7, aout: 8, septembre: 9, sept: 9, octobre: 10, oct: 10, novembre: 11, nov: 11,
  decembre: 12, dec: 12,
};
export const FR_MONTH_RE =
  'janvier|f[ée]vrier|mars|avril|mai|juin|juillet|ao[uû]t|septembre|octobre|novembre|d[ée]cembre|janv|f[ée]vr|f[ée]v|avr|juil|sept|oct|nov|d[ée]c';

export const EN_ORDINALS: Record<string, number> = {
  first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4, fifth: 5, '5th': 5,
};
export const FR_ORDINALS: Record<string, number> = {
  premier: 1, premiere: 1, '1er': 1, '1re': 1, '1ere': 1, deuxieme: 2, second: 2, seconde: 2, '2e': 2,
  '2eme': 2, troisieme: 3, '3e': 3, '3eme': 3, quatrieme: 4, '4e': 4, '4eme': 4, cinquieme: 5, '5e': 5,
  '5eme': 5,
};

/**
 * Places and zone names people say after a time ("3pm New York time", "15h heure de Montréal").
 * Montreal maps to America/Toronto, the canonical zone it links to.
 */
export const PLACE_ZONES: Record<string, string> = {
  'new york': 'America/New_York', nyc: 'America/New_York', boston: 'America/New_York',
  washington: 'America/New_York', miami: 'America/New_York', atlanta: 'America/New_York',
  eastern: 'America/New_York', 'east coast': 'America/New_York', chicago: 'America/Chicago',
  central: 'America/Chicago', dallas: 'America/Chicago', houston: 'America/Chicago',
  denver: 'America/Denver', mountain: 'America/Denver', phoenix: 'America/Phoenix',
  'los angeles': 'America/Los_Angeles', 'san francisco': 'America/Los_Angeles',
  seattle: 'America/Los_Angeles', pacific: 'America/Los_Angeles', 'west coast': 'America/Los_Angeles',
  'las vegas': 'America/Los_Angeles', toronto: 'America/Toronto', montreal: 'America/Toronto',
  quebec: 'America/Toronto', ottawa: 'America/Toronto', vancouver: 'America/Vancouver',
  calgary: 'America/Edmonton', halifax: 'America/Halifax', 'mexico city': 'America/Mexico_City',
  mexico: 'America/Mexico_City', 'sao paulo': 'America/Sao_Paulo', rio: 'America/Sao_Paulo',
  'buenos aires': 'America/Argentina/Buenos_Aires', bogota: 'America/Bogota', lima: 'America/Lima',
  london: 'Europe/London', londres: 'Europe/London', uk: 'Europe/London', british: 'Europe/London',
  'royaume-uni': 'Europe/London', dublin: 'Europe/Dublin', lisbon: 'Europe/Lisbon', lisbonne: 'Europe/Lisbon',
  paris: 'Europe/Paris', france: 'Europe/Paris', french: 'Europe/Paris', francaise: 'Europe/Paris',
  lyon: 'Europe/Paris', marseille: 'Europe/Paris', berlin: 'Europe/Berlin', germany: 'Europe/Berlin',
  allemagne: 'Europe/Berlin', madrid: 'Europe/Madrid', barcelona: 'Europe/Madrid', barcelone: 'Europe/Madrid',
  rome: 'Europe/Rome', milan: 'Europe/Rome', brussels: 'Europe/Brussels', bruxelles: 'Europe/Brussels',
  belgique: 'Europe/Brussels', amsterdam: 'Europe/Amsterdam', geneva: 'Europe/Zurich', geneve: 'Europe/Zurich',
  zurich: 'Europe/Zurich', suisse: 'Europe/Zurich', luxembourg: 'Europe/Luxembourg', vienna: 'Europe/Vienna',
  vienne: 'Europe/Vienna', athens: 'Europe/Athens', athenes: 'Europe/Athens', istanbul: 'Europe/Istanbul',
  moscow: 'Europe/Moscow', moscou: 'Europe/Moscow', kyiv: 'Europe/Kyiv', kiev: 'Europe/Kyiv',
  casablanca: 'Africa/Casablanca', rabat: 'Africa/Casablanca', maroc: 'Africa/Casablanca',
  morocco: 'Africa/Casablanca', marocaine: 'Africa/Casablanca', tunis: 'Africa/Tunis', tunisie: 'Africa/Tunis',
  tunisia: 'Africa/Tunis', tunisienne: 'Africa/Tunis', alger: 'Africa/Algiers', algiers: 'Africa/Algiers',
  algerie: 'Africa/Algiers', dakar: 'Africa/Dakar', abidjan: 'Africa/Abidjan', lagos: 'Africa/Lagos',
  cairo: 'Africa/Cairo', 'le caire': 'Africa/Cairo', caire: 'Africa/Cairo', nairobi: 'Africa/Nairobi',
  johannesburg: 'Africa/Johannesburg', kinshasa: 'Africa/Kinshasa', douala: 'Africa/Douala',
  dubai: 'Asia/Dubai', 'abu dhabi': 'Asia/Dubai', riyadh: 'Asia/Riyadh', doha: 'Asia/Qatar',
  'tel aviv': 'Asia/Jerusalem', jerusalem: 'Asia/Jerusalem', beirut: 'Asia/Beirut', beyrouth: 'Asia/Beirut',
  mumbai: 'Asia/Kolkata', bombay: 'Asia/Kolkata', delhi: 'Asia/Kolkata', 'new delhi': 'Asia/Kolkata',
  india: 'Asia/Kolkata', bangalore: 'Asia/Kolkata', bangkok: 'Asia/Bangkok', singapore: 'Asia/Singapore',
  singapour: 'Asia/Singapore', 'hong kong': 'Asia/Hong_Kong', shanghai: 'Asia/Shanghai', beijing: 'Asia/Shanghai',
  pekin: 'Asia/Shanghai', china: 'Asia/Shanghai', chine: 'Asia/Shanghai', tokyo: 'Asia/Tokyo',
  japan: 'Asia/Tokyo', japon: 'Asia/Tokyo', seoul: 'Asia/Seoul', sydney: 'Australia/Sydney',
  melbourne: 'Australia/Melbourne', brisbane: 'Australia/Brisbane', perth: 'Australia/Perth',
  auckland: 'Pacific/Auckland', 'new zealand': 'Pacific/Auckland', honolulu: 'Pacific/Honolulu',
  hawaii: 'Pacific/Honolulu', reunion: 'Indian/Reunion', 'la reunion': 'Indian/Reunion',
  martinique: 'America/Martinique', guadeloupe: 'America/Guadeloupe', utc: 'UTC', gmt: 'UTC',
};

export const ZONE_ABBREVIATIONS: Record<string, string> = {
  EST: 'America/New_York', EDT: 'America/New_York', ET: 'America/New_York', CST: 'America/Chicago',
  CDT: 'America/Chicago', MST: 'America/Denver', MDT: 'America/Denver', PST: 'America/Los_Angeles',
  PDT: 'America/Los_Angeles', PT: 'America/Los_Angeles', GMT: 'UTC', UTC: 'UTC', BST: 'Europe/London',
  CET: 'Europe/Paris', CEST: 'Europe/Paris', JST: 'Asia/Tokyo', AEST: 'Australia/Sydney',
  AEDT: 'Australia/Sydney',
};

/** Regex alternation of the place names, longest first so "new york" beats "york". */
export function placeAlternation(): string {
  const names = new Set<string>();
  for (const key of Object.keys(PLACE_ZONES)) names.add(key);
  return [...names]
    .sort((a, b) => b.length - a.length)
    .map((n) =>
      n
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        .replace(/e/g, '[eéèêë]')
        .replace(/a/g, '[aàâä]')
        .replace(/i/g, '[iîï]')
        .replace(/o/g, '[oôö]')
        .replace(/u/g, '[uûü]')
        .replace(/c/g, '[cç]')
        .replace(/ /g, '[\\s-]+'),
    )
    .join('|');
}
