export const QUOTA_WINDOW_DAYS = 7;
export const QUOTA_WINDOW_MS = QUOTA_WINDOW_DAYS * 86_400_000;

export interface QuotaState {
  limit: number | null;
  used: number;
  allowed: boolean;
  /** When the next reminder becomes possible; null while one can be created now. */
  nextAvailableAt: Date | null;
}

/** Start of the rolling window: an entry counts while createdAt > now − 7 days. */
export function windowStart(now: Date): Date {
  return new Date(now.getTime() - QUOTA_WINDOW_MS);
}

/**
 * Rolling-window arithmetic. `createdAts` are the counted creations inside the window, in any
 * order. With `used` ≥ `limit`, a slot frees when the (used − limit + 1)-th oldest entry leaves
 * the window, i.e. 7 days after it was made (usually the oldest, unless the limit was lowered).
 */
export function quotaState(limit: number | null, createdAts: Date[], now: Date): QuotaState {
  const start = windowStart(now).getTime();
  const inWindow = createdAts.map((d) => d.getTime()).filter((t) => t > start).sort((a, b) => a - b);
  const used = inWindow.length;
  if (limit === null || used < limit) return { limit, used, allowed: true, nextAvailableAt: null };
  const freeing = inWindow[used - limit];
  return { limit, used, allowed: false, nextAvailableAt: new Date(freeing + QUOTA_WINDOW_MS) };
}
