export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 15_000, maxMs: 3_600_000 };

/**
 * Delay before the next try after the `attempt`-th failed one (1-based): base·2^(attempt−1),
 * capped, with "equal jitter" (half fixed, half random) so a burst of failures does not retry in
 * lockstep. A provider's Retry-After wins when it asks for longer.
 */
export function retryDelayMs(attempt: number, policy: BackoffPolicy, retryAfterMs?: number, random: () => number = Math.random): number {
  const exp = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  const jittered = exp / 2 + random() * (exp / 2);
  const floor = retryAfterMs !== undefined && Number.isFinite(retryAfterMs) && retryAfterMs > 0 ? retryAfterMs : 0;
  return Math.round(Math.max(jittered, floor));
}
