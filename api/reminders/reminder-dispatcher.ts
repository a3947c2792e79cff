import { randomUUID } from 'node:crypto';
import * as os from 'node:os';
import { BackoffPolicy, DEFAULT_BACKOFF, retryDelayMs } from './backoff';
import type { DeliveryOutcome, DueReminder, ReminderDeliveryPort } from './reminder-delivery.port';
import type { ReminderDispatchStore, SentItem } from './reminder-dispatch-store';
import { TokenBucket } from './token-bucket';

export interface DispatcherOptions {
  pollIntervalMs: number;
  batchSize: number;
  leaseSeconds: number;
  maxAttempts: number;
  /** Sends per second per channel, for this instance. */
  rates: Record<string, number>;
  /** Rate for a channel missing from `rates`. */
  defaultRate?: number;
  backoff?: BackoffPolicy;
  /** Reminders held (claimed, not yet settled) at once; default 2 × batchSize. */
  maxInFlight?: number;
  /** Lease owner id; default host-pid-random. */
  instanceId?: string;
}

export interface DispatcherLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

const silent: DispatcherLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };
const MAX_TIMER_MS = 60_000;
const SENT_FLUSH_SIZE = 200;
const SENT_FLUSH_MS = 5;

/**
 * The durable dispatcher, free of Nest so scripts (bench) can run it: claims due reminders
 * from Postgres under a lease (FOR UPDATE SKIP LOCKED), hands each to the delivery port at its
 * channel's rate, then records the outcome through the store. Postgres is the only truth; the
 * timers here are wake-up hints. Several instances may run side by side: a reminder is handed
 * over by the lease holder only, and a dead instance's leases expire and are claimed again.
 *
 * Sent marks are group-committed (a few ms) because one UPDATE per reminder caps throughput;
 * a crash between handing over and that commit means the reminder is delivered again after the
 * lease expires (at-least-once across crashes, exactly-once otherwise).
 */
export class ReminderDispatcher {
  readonly instanceId: string;
  private running = false;
  private loop?: Promise<void>;
  private readonly inFlight = new Map<number, { reminder: DueReminder; claimedAt: number }>();
  private readonly buckets = new Map<string, TokenBucket>();
  private pendingSent: SentItem[] = [];
  private flushTimer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  private renewTimer?: NodeJS.Timeout;
  private wakeTimer?: NodeJS.Timeout;
  private wakeAt = Infinity;
  private wakeUp?: () => void;
  /** A wake that arrived while the loop was busy: the next sleep is skipped. */
  private woken = false;
  private slotFreed?: () => void;
  private readonly maxInFlight: number;
  private readonly backoff: BackoffPolicy;
  /** Counters for logs and the bench. */
  readonly stats = { claimed: 0, sent: 0, retried: 0, failed: 0, lostLease: 0, released: 0 };

  constructor(
    private readonly store: ReminderDispatchStore,
    private readonly delivery: ReminderDeliveryPort,
    private readonly options: DispatcherOptions,
    private readonly logger: DispatcherLogger = silent,
  ) {
    this.instanceId = (options.instanceId ?? `${os.hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`).slice(0, 64);
    this.maxInFlight = options.maxInFlight ?? options.batchSize * 2;
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
  }

  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    const renewEvery = Math.max(1000, (this.options.leaseSeconds * 1000) / 3);
    this.renewTimer = setInterval(() => void this.renewLeases(), renewEvery);
    this.renewTimer.unref?.();
    this.loop = this.run();
  }

  /**
   * Stops claiming, lets in-flight deliveries finish for up to `graceMs`, then gives the
   * remaining leases back so another instance takes them at once.
   */
  async stop(graceMs = 5000): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.kick();
    await this.loop;
    const deadline = Date.now() + graceMs;
    while (this.inFlight.size && Date.now() < deadline) await sleep(20);
    await this.flushSent();
    clearInterval(this.renewTimer);
    clearTimeout(this.wakeTimer);
    const left = [...this.inFlight.keys()];
    if (left.length) {
      this.stats.released += await this.store.releaseLeases(this.instanceId, left).catch(() => 0);
      this.logger.warn(`Released ${left.length} lease(s) still in flight at stop`);
    }
  }

  /** Something is (or will be) due at `dueAtMs` (epoch ms): wake then instead of at the next poll. */
  hint(dueAtMs: number): void {
    if (!this.running) return;
    this.scheduleWake(dueAtMs - Date.now());
  }

  private async run(): Promise<void> {
    while (this.running) {
      let claimedFull = false;
      this.woken = false;
      try {
        const room = this.maxInFlight - this.inFlight.size;
        if (room <= 0) {
          await new Promise<void>((r) => (this.slotFreed = r));
          continue;
        }
        const want = Math.min(this.options.batchSize, room);
        const batch = await this.store.claimDue(this.instanceId, want, this.options.leaseSeconds);
        this.stats.claimed += batch.length;
        const now = Date.now();
        for (const r of batch) {
          this.inFlight.set(r.id, { reminder: r, claimedAt: now });
          void this.handle(r);
        }
        claimedFull = batch.length === want;
        if (!claimedFull) {
          const next = await this.store.nextDueInMs();
          if (next !== null) this.scheduleWake(next);
        }
      } catch (e) {
        this.logger.error(`Dispatcher cycle failed: ${(e as Error).message}`);
      }
      if (!this.running) break;
      if (claimedFull) continue;
      await this.sleepUntilWoken(this.options.pollIntervalMs);
    }
  }

  private async handle(r: DueReminder): Promise<void> {
    let channel: string | null = null;
    try {
      if (r.attempt > this.options.maxAttempts) {
        // Its lease expired that many times (instances died while holding it): stop trying.
        await this.settleFailed(r, 'Gave up: delivery never completed within the lease', null);
        return;
      }
      channel = await this.delivery.channelFor(r);
      await this.bucket(channel).take();
      let outcome: DeliveryOutcome;
      try {
        outcome = await this.delivery.deliver(r);
      } catch (e) {
        outcome = { ok: false, retryable: true, error: (e as Error)?.message ?? String(e) };
      }
      if (outcome.ok) {
        this.pendingSent.push({ id: r.id, at: new Date(), channel, providerMessageId: outcome.providerMessageId });
        this.scheduleFlush();
        return; // settled when the flush commits
      }
      if ('waitFor' in outcome) {
        if (!(await this.store.markWaiting(this.instanceId, r.id, outcome.waitFor, outcome.error))) this.stats.lostLease++;
      } else if (outcome.retryable && r.attempt < this.options.maxAttempts) {
        const delay = retryDelayMs(r.attempt, this.backoff, outcome.retryAfterMs);
        if (await this.store.scheduleRetry(this.instanceId, r.id, delay, outcome.error, channel)) this.stats.retried++;
        else this.stats.lostLease++;
        this.hint(Date.now() + delay);
      } else {
        await this.settleFailed(r, outcome.error, channel);
        return;
      }
    } catch (e) {
      // Store unreachable: keep nothing in memory; the lease expires and the reminder is retried.
      this.logger.error(`Reminder ${r.id}: ${(e as Error).message}`);
    }
    this.settle(r.id);
  }

  private async settleFailed(r: DueReminder, error: string, channel: string | null): Promise<void> {
    try {
      if (await this.store.markFailed(this.instanceId, r.id, error, channel)) this.stats.failed++;
      else this.stats.lostLease++;
    } finally {
      this.settle(r.id);
    }
  }

  private settle(id: number): void {
    this.inFlight.delete(id);
    const freed = this.slotFreed;
    this.slotFreed = undefined;
    freed?.();
  }

  private scheduleFlush(): void {
    if (this.pendingSent.length >= SENT_FLUSH_SIZE) {
      void this.flushSent();
      return;
    }
    if (!this.flushTimer) this.flushTimer = setTimeout(() => void this.flushSent(), SENT_FLUSH_MS);
  }

  private flushSent(): Promise<void> {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const items = this.pendingSent;
    this.pendingSent = [];
    if (!items.length) return this.flushing;
    // Flushes run one after another so a slow one does not pile up connections.
    this.flushing = this.flushing.then(async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          const marked = new Set(await this.store.markSent(this.instanceId, items));
          this.stats.sent += marked.size;
          this.stats.lostLease += items.length - marked.size;
          break;
        } catch (e) {
          if (attempt >= 3) {
            this.logger.error(`Could not record ${items.length} sent reminder(s): ${(e as Error).message}`);
            break;
          }
          await sleep(100 * attempt);
        }
      }
      for (const i of items) this.settle(i.id);
    });
    return this.flushing;
  }

  private async renewLeases(): Promise<void> {
    const threshold = Date.now() - (this.options.leaseSeconds * 1000) / 3;
    const ids = [...this.inFlight.entries()].filter(([, v]) => v.claimedAt <= threshold).map(([id]) => id);
    if (!ids.length) return;
    try {
      await this.store.renewLeases(this.instanceId, ids, this.options.leaseSeconds);
      const now = Date.now();
      for (const id of ids) {
        const f = this.inFlight.get(id);
        if (f) f.claimedAt = now;
      }
    } catch (e) {
      this.logger.warn(`Lease renewal failed: ${(e as Error).message}`);
    }
  }

  private bucket(channel: string): TokenBucket {
    let b = this.buckets.get(channel);
    if (!b) {
      b = new TokenBucket(this.options.rates[channel] ?? this.options.defaultRate ?? 10);
      this.buckets.set(channel, b);
    }
    return b;
  }

  private scheduleWake(inMs: number): void {
    const delay = Math.max(0, Math.min(MAX_TIMER_MS, inMs));
    const at = Date.now() + delay;
    if (at >= this.wakeAt) return;
    clearTimeout(this.wakeTimer);
    this.wakeAt = at;
    this.wakeTimer = setTimeout(() => {
      this.wakeAt = Infinity;
      this.kick();
    }, delay);
    this.wakeTimer.unref?.();
  }

  private kick(): void {
    const w = this.wakeUp;
    this.wakeUp = undefined;
    if (w) w();
    else this.woken = true;
    const f = this.slotFreed;
    this.slotFreed = undefined;
    f?.();
  }

  private sleepUntilWoken(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const t = setTimeout(done, ms);
      t.unref?.();
      this.wakeUp = done;
      function done() {
        clearTimeout(t);
        resolve();
      }
    });
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
