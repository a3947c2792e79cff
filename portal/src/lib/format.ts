import { DateTime } from 'luxon';
import type { Language } from '../api/types';
import { localeOf } from './language';

export function formatDateTime(iso: string, language: Language, zone?: string | null): string {
  const dt = DateTime.fromISO(iso, { zone: zone || undefined });
  if (!dt.isValid) return iso;
  return dt.setLocale(localeOf(language)).toLocaleString({
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
}

export function formatDate(iso: string, language: Language): string {
  const dt = DateTime.fromISO(iso);
  return dt.isValid ? dt.setLocale(localeOf(language)).toLocaleString(DateTime.DATE_MED) : iso;
}
