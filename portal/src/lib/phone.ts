import { normalizePhone as normalizeE164 } from '../../../api/accounts/phone';
import { COUNTRIES, DEFAULT_COUNTRY_CODE, dialPrefix } from './countries';

const MIN_DIGITS = 8;
const MAX_DIGITS = 15;

/**
 * Register rule (SPEC §5), with the server's own code (libphonenumber-js): the number as the
 * server will store it, in E.164. A number already typed in international form keeps its own
 * prefix; a national number keeps a leading 0 where the country's plan needs it (Côte d'Ivoire).
 * When the number is not valid, the SPEC's plain stripping is returned, so the form can say so
 * (isValidInternationalPhone / the server answers "Please enter a valid phone number.").
 */
export function normalizePhone(input: string, countryCode: string): string {
  const valid = normalizeE164(input, countryCode);
  if (valid) return valid;
  const compact = input.replace(/\s+/g, '');
  if (compact.startsWith('+')) return '+' + compact.slice(1).replace(/\D/g, '');
  if (compact.startsWith('00')) return '+' + compact.slice(2).replace(/\D/g, '');
  const national = compact.replace(/\D/g, '').replace(/^0+/, '');
  return dialPrefix(countryCode) + national;
}

/** Whether the server will accept this number (same libphonenumber-js rules). */
export function isValidPhone(input: string, countryCode: string): boolean {
  return normalizeE164(input, countryCode) !== null;
}

/** An E.164-looking number: a plus and 8 to 15 digits. */
export function isValidInternationalPhone(phone: string): boolean {
  const digits = phone.replace(/^\+/, '');
  return phone.startsWith('+') && /^\d+$/.test(digits) && digits.length >= MIN_DIGITS && digits.length <= MAX_DIGITS;
}

/** Anything made only of digits and phone punctuation is a phone number, else a username. */
export function looksLikePhone(input: string): boolean {
  return /^[\d\s+().-]+$/.test(input.trim()) && /\d/.test(input);
}

/**
 * Login rule (SPEC §5): spaces removed from the identifier; a phone number keeps only digits
 * and plus, and without a leading plus gets the country code with leading zeros stripped.
 * A username is sent as typed (minus spaces).
 */
export function normalizeLoginIdentifier(input: string, countryCode: string): string {
  const compact = input.replace(/\s+/g, '');
  if (!looksLikePhone(compact)) return compact;
  const valid = normalizeE164(compact, countryCode);
  if (valid) return valid;
  const kept = compact.replace(/[^\d+]/g, '');
  if (kept.startsWith('+')) return kept;
  return dialPrefix(countryCode) + kept.replace(/^0+/, '');
}

/**
 * An international number split into the select's country and the national part, so a number
 * handed over in a link shows the way the visitor would have typed it. The longest matching
 * prefix wins (+352 before +35…); a number from no listed country stays whole in the input.
 */
export function splitInternationalPhone(input: string, fallbackCountry = DEFAULT_COUNTRY_CODE): { country: string; national: string } {
  const compact = input.replace(/[^\d+]/g, '');
  if (!compact.startsWith('+')) return { country: fallbackCountry, national: input.trim() };
  const match = [...COUNTRIES]
    .filter((c) => compact.startsWith(dialPrefix(c.code)))
    .sort((a, b) => dialPrefix(b.code).length - dialPrefix(a.code).length)[0];
  if (!match) return { country: fallbackCountry, national: compact };
  return { country: match.code, national: compact.slice(dialPrefix(match.code).length) };
}
