import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { BillingError } from './billing.errors';
import { BillingService } from './billing.service';
import { PAYMENTS_GATEWAY, PaymentsGateway } from './payments.port';

const LEASE_SECONDS = 60;
const MAX_ATTEMPTS = 8;
const POLL_MS = 5000;

/**
 * Webhook events: recorded once by id before the 2xx, then processed from Postgres by whichever
 * instance claims them (lease + FOR UPDATE SKIP LOCKED), retried with backoff on failure.
 * (To become a job kind of the shared job runner when it lands on main.)
 */
@Injectable()
export class StripeEventsWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(StripeEventsWorker.name);
  private timer?: NodeJS.Timeout;
  private draining: Promise<number> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(PAYMENTS_GATEWAY) private readonly gateway: PaymentsGateway | null,
    private readonly billing: BillingService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.gateway) return;
    this.timer = setInterval(() => this.kick(), this.config.env === 'test' ? 500 : POLL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.draining?.catch(() => undefined);
  }

  /**
   * Records a verified event once; false when its id was already recorded (a replay).
   */
  async record(event: { id: string; type: string; livemode: boolean; object: Record<string, unknown> }): Promise<boolean> {
    const rows = await this.dataSource.query(
      `INSERT INTO stripe_events (id, type, payload, livemode, received_at) VALUES ($1, $2, $3, $4, now()) ON CONFLICT (id) DO NOTHING RETURNING id`,
      [event.id, event.type, JSON.stringify(event.object), event.livemode],
    );
    return rows.length > 0;
  }

  kick(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain()
      .catch((e) => {
        this.logger.error(`Stripe events drain failed: ${(e as Error).message}`);
        return 0;
      })
      .finally(() => {
        this.draining = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Processes every claimable event now; returns how many were handled. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const events: Array<{ id: string; type: string; payload: Record<string, unknown>; attempts: number }> = await this.dataSource.query(
        `UPDATE stripe_events SET lease_until = now() + make_interval(secs => $1), attempts = attempts + 1
         WHERE id IN (SELECT id FROM stripe_events WHERE status = 'pending' AND next_attempt_at <= now() AND (lease_until IS NULL OR lease_until < now())
                      ORDER BY received_at LIMIT 10 FOR UPDATE SKIP LOCKED)
         RETURNING id, type, payload, attempts`,
        [LEASE_SECONDS],
      ).then(([rows]) => rows); // an UPDATE answers [rows, affected count]
      if (!events.length) return total;
      for (const e of events) {
        try {
          await this.billing.handleEvent({ id: e.id, type: e.type, object: e.payload as Record<string, any> });
          await this.dataSource.query(`UPDATE stripe_events SET status = 'done', processed_at = now(), lease_until = NULL, last_error = NULL WHERE id = $1`, [e.id]);
          total++;
        } catch (err) {
          const giveUp = e.attempts >= MAX_ATTEMPTS || (err instanceof BillingError && err.code === 'payments_off');
          const delay = Math.min(3600, 5 * 2 ** e.attempts);
          this.logger.warn(`Stripe event ${e.id} (${e.type}) attempt ${e.attempts} failed: ${(err as Error).message}${giveUp ? '; giving up' : ''}`);
          await this.dataSource.query(
            `UPDATE stripe_events SET status = $2, lease_until = NULL, last_error = $3, next_attempt_at = now() + make_interval(secs => $4) WHERE id = $1`,
            [e.id, giveUp ? 'failed' : 'pending', (err as Error).message.slice(0, 1000), delay],
          );
        }
      }
    }
  }
}
