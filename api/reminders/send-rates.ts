import { TokenBucket } from './token-bucket';

/** Where a sender waits for its turn on a channel ('whatsapp', 'telegram', 'simulator'...). */
export interface SendRates {
  /** Resolves when one message may go out on `channel`. */
  take(channel: string): Promise<void>;
}

/** Token buckets in this process only: each instance sends at the full rate (tests, benches, one instance). */
export class LocalSendRates implements SendRates {
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(
    private readonly rates: Record<string, number>,
    private readonly defaultRate = 10,
  ) {}

  take(channel: string): Promise<void> {
    let b = this.buckets.get(channel);
    if (!b) {
      b = new TokenBucket(this.rates[channel] ?? this.defaultRate);
      this.buckets.set(channel, b);
    }
    return b.take();
  }
}
