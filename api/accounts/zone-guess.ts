import { zoneFromPhone } from './zone-from-phone';

/**
 * The zone to assume for a new account from its phone number's country. Countries with one zone
 * (or one that holds nearly everybody) give a certain answer; for the others the most populated
 * zone is a provisional guess and `certain` is false, so the bot asks the user to confirm.
 */
export function guessZoneForPhone(e164: string): { zone: string; certain: boolean; candidates?: string[] } {
  const z = zoneFromPhone(e164);
  if (typeof z === 'string') return { zone: z, certain: true };
  if (z && z.candidates.length) return { zone: z.candidates[0], certain: false, candidates: z.candidates };
  return { zone: 'UTC', certain: false };
}
