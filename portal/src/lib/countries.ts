// The country list is written once, in the server's phone module, and imported here.
import { COUNTRY_PREFIXES, DEFAULT_COUNTRY_CODE, type Country } from '../../../api/accounts/phone';

export type { Country };
export { DEFAULT_COUNTRY_CODE };
export const COUNTRIES: readonly Country[] = COUNTRY_PREFIXES;

/** `+1-US` → `+1`: the suffix only tells the two +1 countries apart in the select. */
export function dialPrefix(code: string): string {
  return code.replace(/-[A-Z]+$/, '');
}
