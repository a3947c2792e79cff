import { BadRequestException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { effectivePlanSql } from '../accounts/plan';
import { DataSource, EntityManager } from 'typeorm';
import { STAFF_MESSENGER, type StaffMessenger } from '../admin/staff-messenger.port';
import { Actor, AuditService } from '../audit/audit.service';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { JobsService } from '../jobs/jobs.service';
import type { CampaignAudience, CampaignStatus } from './campaign.entity';

export const CAMPAIGN_MESSAGES = {
  empty: 'Le message ne peut pas être vide',
  tooLong: 'Le message ne peut pas dépasser 1000 caractères',
  language: 'La langue doit être fr ou en',
  audience: 'La cible doit être all, active ou premium',
  notFound: 'Campagne introuvable',
  scheduled: (n: number, size: number, interval: number) =>
    `Notification programmée pour ${n} utilisateur${n > 1 ? 's' : ''} : envoi par lots de ${size} toutes les ${interval === 60 ? 'minutes' : `${interval} secondes`}.`,
};

/** The spec's campaign as the history shows it; counts come from the recipient rows. */
export interface CampaignView {
  id: number;
  message: string;
  language: 'fr' | 'en';
  targetUsers: CampaignAudience;
  status: CampaignStatus;
  totalUsers: number;
  sentCount: number;
  failedCount: number;
  progress: number;
  createdBy: string;
  createdAt: string;
  completedAt: string | null;
}

export interface BatchResult {
  sent: number;
  failed: number;
  remaining: number;
  status: CampaignStatus;
}

/** The job kind that sends a campaign's batches (shared jobs table, api/jobs). */
export const CAMPAIGN_BATCH_JOB = 'campaign-batch';
export interface CampaignBatchPayload {
  campaignId: number;
  batch: number;
}

/** Active = wrote to the bot or had a reminder delivered in the last 30 days (the dashboard's definition). */
const ACTIVE_DAYS = 30;

/** Users whose effective plan is Premium (paid, or on the trial): plan.ts's entitlement() in SQL. */
const PREMIUM_SQL = `${effectivePlanSql('now()', 'u')} = 'premium'`;


/**
 * Broadcasts: one campaign row, one row per recipient, sent in batches of CAMPAIGN_BATCH_SIZE
 * every CAMPAIGN_BATCH_INTERVAL_S. A batch claims its recipients (pending → sending) with
 * FOR UPDATE SKIP LOCKED, sends each through the StaffMessenger port (ChannelChooser + Outbox:
 * proven numbers only, logged with the campaign id), and marks it sent or failed. After a crash,
 * a recipient still "sending" counts as sent when the message log holds its broadcast and goes
 * back to pending otherwise, so a restart resumes without sending anyone twice.
 */
@Injectable()
export class CampaignsService {
  private readonly logger = new Logger(CampaignsService.name);
  private readonly scheduled = new Set<(at: Date) => void>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STAFF_MESSENGER) private readonly messenger: StaffMessenger,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(JobsService) private readonly jobs: JobsService,
  ) {}

  async create(actor: Actor, input: { message?: unknown; language?: unknown; targetUsers?: unknown }): Promise<{ message: string; campaign: CampaignView }> {
    const message = typeof input.message === 'string' ? input.message.trim() : '';
    if (!message) throw new BadRequestException(CAMPAIGN_MESSAGES.empty);
    if (message.length > 1000) throw new BadRequestException(CAMPAIGN_MESSAGES.tooLong);
    const language = input.language ?? 'fr';
    if (language !== 'fr' && language !== 'en') throw new BadRequestException(CAMPAIGN_MESSAGES.language);
    const audience = (input.targetUsers ?? 'all') as CampaignAudience;
    if (!['all', 'active', 'premium'].includes(audience)) throw new BadRequestException(CAMPAIGN_MESSAGES.audience);

    const id = await this.dataSource.transaction(async (m) => {
      const [row] = await m.query(
        `INSERT INTO campaigns (message, language, audience, status, created_by_id, created_by_name) VALUES ($1, $2, $3, 'pending', $4, $5) RETURNING id`,
        [message, language, audience, actor.id, (actor.displayName || actor.username).slice(0, 64)],
      );
      const filters = [`u.role = 'user'`, `u.opted_out_at IS NULL`, `u.language = $2`];
      if (audience === 'premium') filters.push(PREMIUM_SQL);
      if (audience === 'active') {
        // Wrote to the bot or had a reminder delivered in the last ACTIVE_DAYS (the dashboard's "active").
        filters.push(`u.id IN (SELECT user_id FROM user_activity WHERE last_active_at >= now() - interval '${ACTIVE_DAYS} days')`);
      }
      await m.query(
        `INSERT INTO campaign_recipients (campaign_id, user_id, status) SELECT $1, u.id, 'pending' FROM users u WHERE ${filters.join(' AND ')}`,
        [row.id, language],
      );
      const [{ total }] = await m.query(`SELECT count(*)::int AS total FROM campaign_recipients WHERE campaign_id = $1`, [row.id]);
      await this.audit.record(actor, 'campaign.create', { type: 'campaign', id: row.id }, { message, language, audience, recipients: total }, m);
      // Its first batch, in the same transaction: a campaign is never stored without its job.
      await this.scheduleBatch(row.id, 1, new Date(), m);
      return row.id as number;
    });
    const campaign = await this.get(id);
    const { batchSize, batchIntervalS } = this.config.campaigns;
    return { message: CAMPAIGN_MESSAGES.scheduled(campaign.totalUsers, batchSize, batchIntervalS), campaign };
  }

  async list(limit = 50): Promise<CampaignView[]> {
    const rows = await this.dataSource.query(`${VIEW_SQL} ORDER BY c.id DESC LIMIT $1`, [limit]);
    return rows.map(toView);
  }

  async get(id: number): Promise<CampaignView> {
    const [row] = await this.dataSource.query(`${VIEW_SQL} WHERE c.id = $1`, [id]);
    if (!row) throw new NotFoundException(CAMPAIGN_MESSAGES.notFound);
    return toView(row);
  }

  /** Enqueues batch `batch` of a campaign (idempotent: one open job per campaign and batch number). */
  async scheduleBatch(campaignId: number, batch: number, runAt: Date, manager?: EntityManager): Promise<string | null> {
    const payload: CampaignBatchPayload = { campaignId, batch };
    const id = await this.jobs.enqueue(CAMPAIGN_BATCH_JOB, { ...payload }, { runAt, key: `campaign:${campaignId}:${batch}` }, manager);
    // This instance's runner need not wait for its poll (a wake-up hint; Postgres stays the truth).
    const wake = () => this.scheduled.forEach((l) => l(runAt));
    if (manager?.queryRunner?.isTransactionActive) setTimeout(wake, 50);
    else wake();
    return id;
  }

  /** The batch worker's wake-up hook. */
  onScheduled(listener: (at: Date) => void): void {
    this.scheduled.add(listener);
  }

  /**
   * Batch number `batch` of a campaign: up to CAMPAIGN_BATCH_SIZE recipients, then, while some
   * remain, the next batch is enqueued CAMPAIGN_BATCH_INTERVAL_S after this one started. Run again
   * after a crash (the job runner retries a job whose holder died), it first settles the rows the
   * dead run left "sending" (sent when the message log has their broadcast, pending otherwise)
   * and, if this batch had already taken its rows, takes no new ones.
   */
  async runBatch(campaignId: number, batch = 1): Promise<BatchResult> {
    const startedAt = Date.now();
    const [campaign] = await this.dataSource.query(`SELECT id, message, status FROM campaigns WHERE id = $1`, [campaignId]);
    if (!campaign) return { sent: 0, failed: 0, remaining: 0, status: 'failed' };
    if (campaign.status === 'completed' || campaign.status === 'failed') return { sent: 0, failed: 0, remaining: 0, status: campaign.status };
    await this.reconcile(campaignId);
    await this.dataSource.query(`UPDATE campaigns SET status = 'in_progress' WHERE id = $1 AND status = 'pending'`, [campaignId]);
    const [already] = await this.dataSource.query(`SELECT count(*)::int AS n FROM campaign_recipients WHERE campaign_id = $1 AND batch = $2`, [campaignId, batch]);
    const [claimed]: [Array<{ user_id: number; opted_out: boolean }>, number] = already.n
      ? [[], 0]
      : await this.dataSource.query(
          `UPDATE campaign_recipients r SET status = 'sending', claimed_at = now(), batch = $3
             FROM (SELECT user_id FROM campaign_recipients WHERE campaign_id = $1 AND status = 'pending'
                    ORDER BY user_id LIMIT $2 FOR UPDATE SKIP LOCKED) pick
            WHERE r.campaign_id = $1 AND r.user_id = pick.user_id
          RETURNING r.user_id, EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id AND u.opted_out_at IS NOT NULL) AS opted_out`,
          [campaignId, this.config.campaigns.batchSize, batch],
        );
    let sent = 0;
    let failed = 0;
    for (const r of claimed) {
      if (r.opted_out) {
        // Said STOP after the campaign was created: nothing goes out.
        await this.finish(campaignId, r.user_id, 'failed', null, null, 'opted_out');
        failed += 1;
        continue;
      }
      try {
        const out = await this.messenger.sendBroadcast(r.user_id, campaign.message, String(campaignId));
        await this.finish(campaignId, r.user_id, 'sent', out.channel, out.via, null);
        sent += 1;
      } catch (e) {
        await this.finish(campaignId, r.user_id, 'failed', null, null, (e as Error).message.slice(0, 500));
        failed += 1;
      }
    }
    const [counts] = await this.dataSource.query(
      `SELECT count(*) FILTER (WHERE status IN ('pending', 'sending'))::int AS remaining, count(*) FILTER (WHERE status = 'sent')::int AS sent,
              count(*)::int AS total FROM campaign_recipients WHERE campaign_id = $1`,
      [campaignId],
    );
    let status: CampaignStatus = 'in_progress';
    if (counts.remaining === 0) {
      status = counts.sent === 0 && counts.total > 0 ? 'failed' : 'completed';
      await this.dataSource.query(`UPDATE campaigns SET status = $2, completed_at = now() WHERE id = $1 AND status IN ('pending', 'in_progress')`, [campaignId, status]);
    } else await this.scheduleBatch(campaignId, batch + 1, new Date(startedAt + this.config.campaigns.batchIntervalS * 1000));
    if (claimed.length) this.logger.log(`Campaign ${campaignId}: batch ${batch} sent ${sent}, failed ${failed}, ${counts.remaining} remaining`);
    return { sent, failed, remaining: counts.remaining, status };
  }

  /**
   * Recipients left "sending" by a dead run: sent if the log has their broadcast, else pending
   * again. Batches of one campaign run one after another (each enqueues the next), under the job
   * runner's lease, so a row still "sending" when a batch starts belongs to a run that died.
   */
  private async reconcile(campaignId: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE campaign_recipients r SET status = CASE WHEN v.logged THEN 'sent' ELSE 'pending' END,
              done_at = CASE WHEN v.logged THEN now() ELSE NULL END, claimed_at = NULL
         FROM (SELECT s.user_id, EXISTS (SELECT 1 FROM message_log m WHERE m.user_id = s.user_id AND m.direction = 'outgoing'
                                          AND m.details->>'purpose' = 'broadcast' AND m.details->>'campaignId' = $2) AS logged
                 FROM campaign_recipients s
                WHERE s.campaign_id = $1 AND s.status = 'sending') v
        WHERE r.campaign_id = $1 AND r.user_id = v.user_id AND r.status = 'sending'`,
      [campaignId, String(campaignId)],
    );
  }

  private async finish(campaignId: number, userId: number, status: 'sent' | 'failed', channel: string | null, via: string | null, error: string | null): Promise<void> {
    await this.dataSource.query(
      `UPDATE campaign_recipients SET status = $3, done_at = now(), channel = $4, via = $5, error = $6 WHERE campaign_id = $1 AND user_id = $2`,
      [campaignId, userId, status, channel, via, error],
    );
  }
}

const VIEW_SQL = `SELECT c.*, coalesce(k.total, 0) AS total, coalesce(k.sent, 0) AS sent, coalesce(k.failed, 0) AS failed
  FROM campaigns c LEFT JOIN LATERAL (
    SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'sent')::int AS sent, count(*) FILTER (WHERE status = 'failed')::int AS failed
      FROM campaign_recipients WHERE campaign_id = c.id) k ON true`;

function toView(r: Record<string, any>): CampaignView {
  const done = r.sent + r.failed;
  return {
    id: r.id,
    message: r.message,
    language: r.language,
    targetUsers: r.audience,
    status: r.status,
    totalUsers: r.total,
    sentCount: r.sent,
    failedCount: r.failed,
    progress: r.total ? Math.round((done / r.total) * 100) : r.status === 'completed' ? 100 : 0,
    createdBy: r.created_by_name,
    createdAt: new Date(r.created_at).toISOString(),
    completedAt: r.completed_at ? new Date(r.completed_at).toISOString() : null,
  };
}
