/**
 * Per-channel send rate for one dispatcher instance. Callers reserve a token and wait the
 * returned delay; the balance may go negative (a queue of reservations), so waiters are served in
 * order at exactly `ratePerSecond` after an initial burst of `burst` tokens.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    readonly ratePerSecond: number,
    private readonly burst = Math.max(1, ratePerSecond),
    private readonly nowMs: () => number = () => performance.now(),
  ) {
    if (!(ratePerSecond > 0)) throw new Error('ratePerSecond must be positive');
    this.tokens = this.burst;
    this.updatedAt = this.nowMs();
  }

  /** Reserves one token; returns how many milliseconds the caller must wait before using it. */
  reserve(): number {
    const now = this.nowMs();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.updatedAt) / 1000) * this.ratePerSecond);
    this.updatedAt = now;
    this.tokens -= 1;
    return this.tokens >= 0 ? 0 : (-this.tokens / this.ratePerSecond) * 1000;
  }

  async take(): Promise<void> {
    const wait = this.reserve();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
}
