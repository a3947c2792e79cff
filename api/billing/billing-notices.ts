import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { USER_MESSENGER, UserMessenger } from '../messaging/user-messenger.port';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { premiumStartedMessage, renewalNoticeMessage } from './billing-messages';
import type { BillingNoticeKind } from './billing-notice.entity';
import type { BillingCycle } from './subscription.entity';

const SWEEP_MS = 60 * 60 * 1000;

/**
 * The bot's billing messages: the thank-you when Premium starts and the notice before a yearly
 * renewal. Each is claimed once in billing_notices by (kind, key) before it is sent, so several
 * instances, replayed events and repeated sweeps send it once. They go through the UserMessenger
 * port (the channel chooser and its proven-number rule decide where, or whether, they go).
 */
@Injectable()
export class BillingNotices implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(BillingNotices.name);
  private timer?: NodeJS.Timeout;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(USER_MESSENGER) private readonly messenger: UserMessenger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.payments.mode === 'off' || this.config.env === 'test') return;
    const sweep = () => this.sendRenewalNotices().catch((e) => this.logger.error(`Renewal sweep failed: ${(e as Error).message}`));
    this.timer = setInterval(sweep, SWEEP_MS);
    this.timer.unref();
    setTimeout(sweep, 30_000).unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async premiumStarted(userId: number, subscriptionId: string, cycle: BillingCycle | null, until: Date): Promise<boolean> {
    return this.send('premium_started', subscriptionId, userId, (u) => premiumStartedMessage(u.language, cycle, until, u.timezone));
  }

  /** Yearly subscriptions that renew within RENEWAL_NOTICE_DAYS: one notice per renewal (key: subscription + period end). */
  async sendRenewalNotices(now = new Date()): Promise<number> {
    const due: Array<{ user_id: number; subscription_id: string; current_period_end: Date }> = await this.dataSource.query(
      `SELECT user_id, subscription_id, current_period_end FROM subscriptions
       WHERE billing_cycle = 'yearly' AND status = 'active' AND NOT cancel_at_period_end
         AND current_period_end > $1 AND current_period_end <= $1 + make_interval(days => $2)`,
      [now, this.config.payments.renewalNoticeDays],
    );
    let sent = 0;
    for (const d of due) {
      const end = new Date(d.current_period_end);
      if (await this.send('renewal', `${d.subscription_id}:${end.toISOString()}`, d.user_id, (u) => renewalNoticeMessage(u.language, end, u.timezone))) sent++;
    }
    return sent;
  }

  private async send(kind: BillingNoticeKind, key: string, userId: number, text: (u: { language: 'fr' | 'en'; timezone: string }) => string): Promise<boolean> {
    const claimed = await this.dataSource.query(
      `INSERT INTO billing_notices (user_id, kind, key) VALUES ($1, $2, $3) ON CONFLICT (kind, key) DO NOTHING RETURNING id`,
      [userId, kind, key],
    );
    if (!claimed.length) return false;
    const id = claimed[0].id;
    const [user] = await this.dataSource.query(`SELECT id, phone_number, telegram_chat_id, language, timezone FROM users WHERE id = $1`, [userId]);
    try {
      if (!user) throw new Error('user not found');
      const language = user.language === 'en' ? 'en' : 'fr';
      await this.messenger.sendText({ id: user.id, phoneNumber: user.phone_number, telegramChatId: user.telegram_chat_id, language }, text({ language, timezone: user.timezone }));
      await this.dataSource.query(`UPDATE billing_notices SET status = 'sent' WHERE id = $1`, [id]);
      return true;
    } catch (e) {
      this.logger.warn(`Billing notice ${kind} for user ${userId} not sent: ${(e as Error).message}`);
      await this.dataSource.query(`UPDATE billing_notices SET status = 'failed', last_error = $2 WHERE id = $1`, [id, (e as Error).message.slice(0, 500)]);
      return false;
    }
  }
}
