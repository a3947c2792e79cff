import type { Language } from '../api/types';
import { localeOf } from './language';

/** Kept apart from the Luxon date helpers so the landing page does not load Luxon. */
export function formatPrice(amount: number, language: Language): string {
  return new Intl.NumberFormat(localeOf(language), { style: 'currency', currency: 'EUR' }).format(amount);
}
