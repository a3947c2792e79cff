import { getTimezone } from 'countries-and-timezones';

/** Countries whose English speakers write numeric dates month first. */
const MONTH_FIRST = new Set(['US', 'CA', 'PH', 'PR', 'GU', 'AS', 'VI', 'MP', 'UM', 'FM', 'MH', 'PW']);

const cache = new Map<string, boolean>();

/** Whether an English "3/4" written in this zone means 3 April (day first) rather than 4 March. */
export function dayFirstIn(zone: string): boolean {
  let v = cache.get(zone);
  if (v === undefined) {
    const countries = getTimezone(zone)?.countries ?? [];
    // Zones of no country (UTC, Etc/GMT+2) keep chrono's default, month first.
    v = countries.length > 0 && !countries.some((c) => MONTH_FIRST.has(c));
    cache.set(zone, v);
  }
  return v;
}
