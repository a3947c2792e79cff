import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { entitlement, WEEKLY_LIMITS } from '../accounts/plan';
import type { User } from '../accounts/user.entity';
import { Clock, REMINDERS_CLOCK, systemClock } from './clock';
import { QuotaExceededException } from './quota-exceeded.exception';
import { quotaExceededMessage } from './quota-messages';
import { QUOTA_WINDOW_DAYS, quotaState, QuotaState, windowStart } from './quota-window';

export interface QuotaUsage {
  limit: number | null;
  used: number;
  windowDays: number;
  nextAvailableAt: Date | null;
}

type QuotaUser = Pick<User, 'id' | 'plan' | 'trialEndsAt' | 'subscriptionEndsAt' | 'language' | 'timezone'>;

/**
 * The reminder quota, for the API and the bot alike: Basic/free 5, legacy Standard 10 per rolling
 * 7 days, trial and Premium unlimited (the effective plan from entitlement()). It counts the
 * reminder_creations ledger, so cancelled and deleted reminders still count: a user cannot free
 * a slot by create-then-delete. Snoozes of a delivered reminder do not count.
 */
@Injectable()
export class QuotaService {
  private readonly clock: Clock;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Optional() @Inject(REMINDERS_CLOCK) clock?: Clock,
  ) {
    this.clock = clock ?? systemClock;
  }

  async state(user: QuotaUser, manager: EntityManager = this.dataSource.manager): Promise<QuotaState> {
    const now = this.clock.now();
    const limit = limitFor(entitlement(user, now).plan);
    if (limit === null) {
      const used = await this.countSince(user.id, now, manager);
      return { limit, used, allowed: true, nextAvailableAt: null };
    }
    // Only the entries that decide when a slot frees are needed: the newest `limit` plus a count.
    const rows: Array<{ created_at: Date }> = await manager.query(
      `SELECT created_at FROM reminder_creations WHERE user_id = $1 AND created_at > $2 ORDER BY created_at DESC LIMIT $3`,
      [user.id, windowStart(now), limit],
    );
    const used = rows.length < limit ? rows.length : await this.countSince(user.id, now, manager);
    const state = quotaState(limit, rows.map((r) => new Date(r.created_at)), now);
    return { ...state, used, allowed: used < limit };
  }

  async usage(user: QuotaUser): Promise<QuotaUsage> {
    const s = await this.state(user);
    return { limit: s.limit, used: s.used, windowDays: QUOTA_WINDOW_DAYS, nextAvailableAt: s.nextAvailableAt };
  }

  /** Throws QuotaExceededException (403) when the user may not create `count` more reminders now (all of them or none). */
  async assertCanCreate(user: QuotaUser, manager?: EntityManager, count = 1): Promise<void> {
    const s = await this.state(user, manager);
    if (s.limit === null || s.used + count <= s.limit) return;
    const next = s.nextAvailableAt ?? (await this.slotFreedAt(user.id, manager));
    throw new QuotaExceededException(quotaExceededMessage(user.language, s.limit, next, user.timezone), next, s.limit);
  }

  /** When the oldest creation in the window leaves it (the next slot), for a refusal that still had some slots. */
  private async slotFreedAt(userId: number, manager: EntityManager = this.dataSource.manager): Promise<Date> {
    const now = this.clock.now();
    const [row] = await manager.query(`SELECT min(created_at) AS at FROM reminder_creations WHERE user_id = $1 AND created_at > $2`, [userId, windowStart(now)]);
    return row?.at ? new Date(new Date(row.at).getTime() + QUOTA_WINDOW_DAYS * 86_400_000) : now;
  }

  /** Called in the creating transaction, after assertCanCreate. */
  async record(userId: number, reminderId: number, manager: EntityManager): Promise<void> {
    await manager.query(`INSERT INTO reminder_creations (user_id, reminder_id, created_at) VALUES ($1, $2, $3)`, [userId, reminderId, this.clock.now()]);
  }

  private async countSince(userId: number, now: Date, manager: EntityManager): Promise<number> {
    const [row] = await manager.query(`SELECT count(*)::int AS n FROM reminder_creations WHERE user_id = $1 AND created_at > $2`, [userId, windowStart(now)]);
    return row.n;
  }
}

/** From the effective plan (Entitlement.weeklyLimit turns Premium's null into 5 with `?? 5`). */
function limitFor(plan: string): number | null {
  return plan in WEEKLY_LIMITS ? WEEKLY_LIMITS[plan as keyof typeof WEEKLY_LIMITS] : 5;
}
