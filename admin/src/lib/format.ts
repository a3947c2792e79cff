/** Dates as the back-office shows them: French short date with time (SPEC §2, §9). */
export function frDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

export function frTime(iso: string): string {
  return new Date(iso).toLocaleString('fr-FR', { day: '2-digit', month: 'short', hour: '2-digit', minute: '2-digit' });
}

/** Euros with 2 decimals, French style ("4,99 €"). */
export function euros(value: number | string): string {
  return `${Number(value).toLocaleString('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;
}

export const PLAN_LABELS: Record<string, string> = { free: 'Gratuit', basic: 'Basic', standard: 'Standard', premium: 'Premium' };
export const PLAN_TONES: Record<string, 'info' | 'neutral' | 'warning' | 'success'> = { free: 'info', basic: 'neutral', standard: 'warning', premium: 'success' };
export const STATUS_LABELS: Record<string, string> = { pending: 'En attente', sent: 'Envoyé', failed: 'Échec', cancelled: 'Annulé' };
export const CHANNEL_LABELS: Record<string, string> = { whatsapp: 'WhatsApp', telegram: 'Telegram', simulator: 'Simulateur' };

/** A referral code: 6 characters from an unambiguous uppercase alphabet (SPEC §5). */
export function generateReferralCode(random: () => number = Math.random): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let code = '';
  for (let i = 0; i < 6; i++) code += alphabet[Math.floor(random() * alphabet.length)];
  return code;
}

/** The error text a screen shows: the server's own wording for a 4xx, else the screen's fallback. */
export function errorText(err: unknown, fallback: string): string {
  const e = err as { status?: number; serverMessage?: string | null };
  return e && typeof e.status === 'number' && e.status < 500 && e.serverMessage ? e.serverMessage : fallback;
}
