import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { JobsService } from '../jobs/jobs.service';
import { USER_MESSENGER, UserMessenger } from '../messaging/user-messenger.port';
import { formatDate, premiumStartedMessage, renewalNoticeMessage, yearlyAmount } from './billing-messages';
import type { BillingNoticeKind } from './billing-notice.entity';
import type { BillingCycle } from './subscription.entity';

/** The job kind that sends one claimed billing notice (retried with the runner's backoff). */
export const BILLING_NOTICE_JOB = 'billing-notice';

export type NoticeSendResult = { ok: true } | { ok: false; error: string };

/**
 * The bot's billing messages: the thank-you when Premium starts and the notice before a yearly
 * renewal. Each is claimed once in billing_notices by (kind, key) and, in the same transaction,
 * handed to a "billing-notice" job, so several instances, replayed events and repeated checks
 * send it once, and a failed send is retried by the one job runner (BillingNoticesWorker). They
 * go through the UserMessenger port (the channel chooser and its proven-number rule decide where,
 * or whether, they go).
 */
@Injectable()
export class BillingNotices {
  private readonly logger = new Logger(BillingNotices.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(USER_MESSENGER) private readonly messenger: UserMessenger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsService,
  ) {}

  /** Claims the thank-you for this subscription; false when it was already claimed. */
  async premiumStarted(userId: number, subscriptionId: string): Promise<boolean> {
    return this.claim('premium_started', subscriptionId, userId);
  }

  /** Yearly subscriptions that renew within RENEWAL_NOTICE_DAYS: one notice per renewal (key: subscription + period end). Returns how many were newly claimed. */
  async sendRenewalNotices(now = new Date()): Promise<number> {
    const due: Array<{ user_id: number; subscription_id: string; current_period_end: Date }> = await this.dataSource.query(
      `SELECT user_id, subscription_id, current_period_end FROM subscriptions
       WHERE billing_cycle = 'yearly' AND status = 'active' AND NOT cancel_at_period_end
         AND current_period_end > $1 AND current_period_end <= $1 + make_interval(days => $2)`,
      [now, this.config.payments.renewalNoticeDays],
    );
    let claimed = 0;
    for (const d of due) {
      if (await this.claim('renewal', `${d.subscription_id}:${new Date(d.current_period_end).toISOString()}`, d.user_id)) claimed++;
    }
    return claimed;
  }

  /** Records the notice once by (kind, key) and enqueues its sending in the same transaction. */
  private claim(kind: BillingNoticeKind, key: string, userId: number): Promise<boolean> {
    return this.dataSource.transaction(async (m) => {
      const rows = await m.query(
        `INSERT INTO billing_notices (user_id, kind, key) VALUES ($1, $2, $3) ON CONFLICT (kind, key) DO NOTHING RETURNING id`,
        [userId, kind, key],
      );
      if (!rows.length) return false;
      const id = Number(rows[0].id);
      await this.jobs.enqueue(BILLING_NOTICE_JOB, { noticeId: id }, { key: `notice-${id}` }, m);
      return true;
    });
  }

  /**
   * Sends one claimed notice (the billing-notice job's work). Already sent: nothing to do. The
   * text is built now from the stored subscription, in the user's language and zone.
   */
  async deliver(noticeId: number): Promise<NoticeSendResult> {
    const [notice] = await this.dataSource.query(`SELECT id, user_id, kind, key, status FROM billing_notices WHERE id = $1`, [noticeId]);
    if (!notice || notice.status === 'sent') return { ok: true };
    const [user] = await this.dataSource.query(`SELECT id, phone_number, telegram_chat_id, language, timezone FROM users WHERE id = $1`, [notice.user_id]);
    try {
      if (!user) throw new Error('user not found');
      const language: 'fr' | 'en' = user.language === 'en' ? 'en' : 'fr';
      const recipient = { id: user.id, phoneNumber: user.phone_number, telegramChatId: user.telegram_chat_id, language };
      if (notice.kind === 'premium_started') {
        const [sub] = await this.dataSource.query(`SELECT billing_cycle, current_period_end FROM subscriptions WHERE user_id = $1`, [user.id]);
        const cycle: BillingCycle | null = sub?.billing_cycle ?? null;
        const until = sub?.current_period_end ? new Date(sub.current_period_end) : null;
        // Free-form inside WhatsApp's 24 h window, the approved premium template outside it.
        const renewsOn = until ? formatDate(until, user.timezone, language) : '—';
        await this.messenger.sendText(recipient, premiumStartedMessage(language, cycle, until, user.timezone), { purpose: 'premium-started', renewsOn });
      } else {
        const end = new Date(String(notice.key).slice(String(notice.key).indexOf(':') + 1));
        await this.messenger.sendText(recipient, renewalNoticeMessage(language, end, user.timezone), {
          purpose: 'renewal',
          renewsOn: formatDate(end, user.timezone, language),
          amount: yearlyAmount(language),
        });
      }
      await this.dataSource.query(`UPDATE billing_notices SET status = 'sent', last_error = NULL WHERE id = $1`, [noticeId]);
      return { ok: true };
    } catch (e) {
      const error = (e as Error).message;
      this.logger.warn(`Billing notice ${notice.kind} for user ${notice.user_id} not sent (will retry): ${error}`);
      await this.dataSource.query(`UPDATE billing_notices SET status = 'failed', last_error = $2 WHERE id = $1`, [noticeId, error.slice(0, 500)]);
      return { ok: false, error };
    }
  }
}
