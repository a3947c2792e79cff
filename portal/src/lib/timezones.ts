/** SPEC §9 timezone choices; UTC is the fallback. */
export const TIMEZONES: readonly string[] = [
  'Africa/Lagos',
  'Africa/Tunis',
  'Africa/Cairo',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'Asia/Tokyo',
  'Asia/Dubai',
  'Asia/Shanghai',
  'Australia/Sydney',
  'Europe/London',
  'Europe/Paris',
  'Europe/Berlin',
  'Europe/Moscow',
  'Pacific/Auckland',
  'UTC',
];

export const FALLBACK_TIMEZONE = 'UTC';

export function detectBrowserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || FALLBACK_TIMEZONE;
  } catch {
    return FALLBACK_TIMEZONE;
  }
}

/** The choices, plus the browser's zone when it is not one of them (so it can be saved). */
export function timezoneChoices(detected: string, current?: string | null): string[] {
  const list = [...TIMEZONES];
  for (const extra of [detected, current]) if (extra && !list.includes(extra)) list.unshift(extra);
  return list;
}
