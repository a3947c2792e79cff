import { recipientKey, type SendRates } from './send-rates';

interface Sql {
  query(sql: string, params?: unknown[]): Promise<any>;
}

interface ChannelQueue {
  waiters: Array<{ resolve: () => void; reject: (e: Error) => void }>;
  reserving: boolean;
}

/** At most this much sending time is reserved in one round trip (a tenth of a second's worth). */
const RESERVE_SECONDS = 0.1;

/**
 * Send rates shared by every instance through Postgres: the send_rates row of a channel holds
 * its next free slot; an instance reserves a run of consecutive slots (as many as it has senders
 * waiting, up to a tenth of a second's worth) in one UPDATE and releases its senders one per slot.
 * Runs reserved by different instances never overlap, so together they never send faster than
 * the channel's rate. Slot times come from the database clock. A channel that also limits each
 * recipient (`perRecipient`) has a row per recipient too ("telegram:u42"), taken first, one slot
 * per statement: a user's reminders due together go out a second apart on Telegram, whichever
 * instances send them.
 */
export class PgSendRates implements SendRates {
  private readonly queues = new Map<string, ChannelQueue>();

  constructor(
    private readonly sql: Sql,
    private readonly rates: Record<string, number>,
    private readonly defaultRate = 10,
    /** Messages per second to one recipient, for the channels that limit it. */
    private readonly perRecipient: Record<string, number> = {},
  ) {}

  async take(channel: string, recipient?: string | number): Promise<void> {
    const perRecipient = this.perRecipient[channel];
    if (recipient !== undefined && perRecipient) await this.takeSlot(recipientKey(channel, recipient), perRecipient);
    await this.takeSlot(channel, this.rates[channel] ?? this.defaultRate);
  }

  private takeSlot(key: string, rate: number): Promise<void> {
    let q = this.queues.get(key);
    if (!q) {
      q = { waiters: [], reserving: false };
      this.queues.set(key, q);
    }
    const queue = q;
    return new Promise<void>((resolve, reject) => {
      queue.waiters.push({ resolve, reject });
      void this.reserve(key, rate, queue);
    });
  }

  private async reserve(channel: string, rate: number, q: ChannelQueue): Promise<void> {
    if (q.reserving || !q.waiters.length) {
      if (!q.reserving && !q.waiters.length && channel.includes(':')) this.queues.delete(channel);
      return;
    }
    q.reserving = true;
    const n = Math.min(q.waiters.length, Math.max(1, Math.floor(rate * RESERVE_SECONDS)));
    const batch = q.waiters.splice(0, n);
    try {
      const rows: Array<{ wait_ms: number }> = await this.sql.query(
        `INSERT INTO send_rates AS s (channel, next_slot_at) VALUES ($1, clock_timestamp() + make_interval(secs => $2::float8 / $3::float8))
         ON CONFLICT (channel) DO UPDATE
           SET next_slot_at = GREATEST(s.next_slot_at, clock_timestamp()) + make_interval(secs => $2::float8 / $3::float8)
         RETURNING (extract(epoch FROM (next_slot_at - clock_timestamp())) * 1000)::float8 - ($2::float8 / $3::float8) * 1000 AS wait_ms`,
        [channel, n, rate],
      );
      const first = Math.max(0, Number(rows[0].wait_ms));
      const spacing = 1000 / rate;
      batch.forEach((w, i) => {
        const at = first + i * spacing;
        if (at < 1) w.resolve();
        else setTimeout(w.resolve, at);
      });
      // The next run starts where this one ends: ask for it just before it is needed.
      if (q.waiters.length) await new Promise((r) => setTimeout(r, Math.max(0, first + n * spacing - 50)));
    } catch (e) {
      for (const w of batch) w.reject(e as Error);
    } finally {
      q.reserving = false;
      void this.reserve(channel, rate, q);
    }
  }
}
