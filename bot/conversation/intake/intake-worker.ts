import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../../api/config/app-config';
import { DATABASE_URL } from '../../../api/database/database.module';
import { PgListener } from '../../../api/database/pg-listener';
import { InboundProcessor, TransientIntakeError } from './inbound-processor';
import { IntakeWakeups } from './intake-wakeups';

const LEASE_SECONDS = 120;
const BATCH = 16;
const MAX_ATTEMPTS = 5;
/** Embedded PGlite does not forward NOTIFY over its socket: poll it often; real Postgres wakes us. */
const POLL_MS_EMBEDDED = 250;
const POLL_MS = 2000;

interface ClaimedEvent {
  id: string;
  payload: Record<string, unknown>;
  attempts: number;
  effects_started_at: Date | null;
}

/**
 * Processes recorded inbound events from Postgres, on every instance: claims them under a lease
 * with FOR UPDATE SKIP LOCKED, only the oldest pending event of each sender (so a sender's
 * messages are handled in order, one at a time), retries transient failures with backoff, and
 * never replays an event whose effects had started (a crash mid-turn would otherwise answer twice).
 */
@Injectable()
export class IntakeWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(IntakeWorker.name);
  readonly instanceId = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  private running = false;
  private loop?: Promise<void>;
  private wake?: () => void;
  private pendingKick = false;
  private listener?: PgListener;
  private timer?: NodeJS.Timeout;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(InboundProcessor) private readonly processor: InboundProcessor,
    @Inject(IntakeWakeups) wakeups: IntakeWakeups,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
  ) {
    wakeups.subscribe(() => this.kick());
  }

  async onApplicationBootstrap(): Promise<void> {
    this.running = true;
    if (this.config.database.url) {
      this.listener = new PgListener(this.databaseUrl, 'inbound_events', () => this.kick(), this.logger, () => this.kick());
      await this.listener.start();
    }
    this.loop = this.run();
  }

  async onApplicationShutdown(): Promise<void> {
    this.running = false;
    this.kick();
    clearTimeout(this.timer);
    await this.listener?.stop();
    await this.loop;
  }

  kick(): void {
    this.pendingKick = true;
    this.wake?.();
  }

  /** Processes everything claimable now; used by the loop and by tests. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const events = await this.claim(BATCH);
      if (!events.length) return total;
      total += events.length;
      await Promise.all(events.map((e) => this.process(e)));
    }
  }

  private async run(): Promise<void> {
    const pollMs = this.config.database.url ? POLL_MS : POLL_MS_EMBEDDED;
    while (this.running) {
      this.pendingKick = false;
      try {
        await this.drain();
      } catch (e) {
        if (this.running) this.logger.error(`Intake loop: ${(e as Error).message}`);
      }
      if (!this.running) break;
      if (this.pendingKick) continue;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        this.timer = setTimeout(resolve, pollMs);
      });
      this.wake = undefined;
      clearTimeout(this.timer);
    }
  }

  private async claim(limit: number): Promise<ClaimedEvent[]> {
    const [rows]: [ClaimedEvent[], number] = await this.dataSource.query(
      `UPDATE inbound_events e
          SET lease_owner = $1, lease_until = now() + make_interval(secs => $3), attempts = e.attempts + 1
         FROM (SELECT i.id FROM inbound_events i
                WHERE i.status = 'pending' AND i.next_attempt_at <= now()
                  AND (i.lease_until IS NULL OR i.lease_until < now())
                  AND NOT EXISTS (SELECT 1 FROM inbound_events p
                                   WHERE p.channel = i.channel AND p.sender_id = i.sender_id AND p.status = 'pending' AND p.id < i.id)
                ORDER BY i.id
                LIMIT $2
                FOR UPDATE SKIP LOCKED) c
        WHERE e.id = c.id
      RETURNING e.id, e.payload, e.attempts, e.effects_started_at`,
      [this.instanceId, limit, LEASE_SECONDS],
    );
    return rows;
  }

  private async process(event: ClaimedEvent): Promise<void> {
    if (event.effects_started_at) {
      // A previous holder crashed mid-turn: its replies may have gone out, so do not replay.
      await this.finish(event.id, 'failed', 'Interrupted while being processed; not replayed');
      return;
    }
    let prepared;
    try {
      prepared = await this.processor.prepare(event.payload);
    } catch (e) {
      const transient = e instanceof TransientIntakeError;
      const message = (e as Error).message;
      if (transient && event.attempts < MAX_ATTEMPTS) {
        const delaySeconds = Math.min(60, 2 ** event.attempts);
        await this.dataSource.query(
          `UPDATE inbound_events SET next_attempt_at = now() + make_interval(secs => $3), last_error = $4, lease_owner = NULL, lease_until = NULL
            WHERE id = $1 AND lease_owner = $2`,
          [event.id, this.instanceId, delaySeconds, message.slice(0, 2000)],
        );
        return;
      }
      this.logger.warn(`Inbound event ${event.id} failed for good: ${message}`);
      await this.processor.giveUp(event.payload, message).catch(() => undefined);
      await this.finish(event.id, 'failed', message);
      return;
    }
    const res: [unknown[], number] = await this.dataSource.query(
      `UPDATE inbound_events SET effects_started_at = now() WHERE id = $1 AND lease_owner = $2 AND status = 'pending' RETURNING id`,
      [event.id, this.instanceId],
    );
    if (!res[1]) return; // lease lost to another instance: it owns the event now
    try {
      await this.processor.act(prepared);
      await this.finish(event.id, 'done', null);
    } catch (e) {
      this.logger.error(`Inbound event ${event.id}: ${(e as Error).stack}`);
      await this.finish(event.id, 'failed', (e as Error).message);
    }
  }

  private async finish(id: string, status: 'done' | 'failed', error: string | null): Promise<void> {
    await this.dataSource.query(
      `UPDATE inbound_events SET status = $3, processed_at = now(), last_error = COALESCE($4, last_error), lease_owner = NULL, lease_until = NULL
        WHERE id = $1 AND lease_owner = $2`,
      [id, this.instanceId, status, error],
    );
  }
}
