import { TokenBucket } from './token-bucket';

/** Where a sender waits for its turn on a channel ('whatsapp', 'telegram', 'simulator'...). */
export interface SendRates {
  /**
   * Resolves when one message may go out on `channel` and, when the channel also limits each
   * recipient (Telegram: about one message a second per chat), to `recipient` (a user id: one
   * user is one chat on a channel).
   */
  take(channel: string, recipient?: string | number): Promise<void>;
}

/** The send_rates key of one recipient on a channel (at most 32 characters). */
export function recipientKey(channel: string, recipient: string | number): string {
  return `${channel}:u${recipient}`.slice(0, 32);
}

/** Token buckets in this process only: each instance sends at the full rate (tests, benches, one instance). */
export class LocalSendRates implements SendRates {
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly recipients = new Map<string, { bucket: TokenBucket; usedAt: number }>();

  constructor(
    private readonly rates: Record<string, number>,
    private readonly defaultRate = 10,
    /** Messages per second to one recipient, for the channels that limit it. */
    private readonly perRecipient: Record<string, number> = {},
  ) {}

  async take(channel: string, recipient?: string | number): Promise<void> {
    const perRecipient = this.perRecipient[channel];
    if (recipient !== undefined && perRecipient) {
      const key = recipientKey(channel, recipient);
      const now = performance.now();
      // Recipients idle for a minute are forgotten (their bucket is full again by then).
      if (this.recipients.size > 10_000) for (const [k, v] of this.recipients) if (now - v.usedAt > 60_000) this.recipients.delete(k);
      let r = this.recipients.get(key);
      if (!r) this.recipients.set(key, (r = { bucket: new TokenBucket(perRecipient, 1), usedAt: now }));
      r.usedAt = now;
      await r.bucket.take();
    }
    let b = this.buckets.get(channel);
    if (!b) {
      b = new TokenBucket(this.rates[channel] ?? this.defaultRate);
      this.buckets.set(channel, b);
    }
    return b.take();
  }
}
