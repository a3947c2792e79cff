import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DateTime } from 'luxon';
import { DataSource } from 'typeorm';
import { effectivePlanSql } from '../accounts/plan';

export type TimeRange = 'today' | 'week' | 'month' | 'year';
export const TIME_RANGES: TimeRange[] = ['today', 'week', 'month', 'year'];
/** The back-office reads calendar ranges in the team's zone. */
export const STATS_ZONE = 'Europe/Paris';

export interface AdminStats {
  totalUsers: number;
  activeUsers: number;
  newUsers: number;
  premiumUsers: number;
  standardUsers: number;
  basicUsers: number;
  freeUsers: number;
  pendingReminders: number;
  completedReminders: number;
  totalReminders: number;
  timeRange: TimeRange;
  since: string;
}

/** Start of the current day / ISO week (Monday) / month / year in STATS_ZONE. */
export function rangeStart(range: TimeRange, now: Date): Date {
  const unit = range === 'today' ? 'day' : range;
  return DateTime.fromJSDate(now, { zone: STATS_ZONE }).startOf(unit).toJSDate();
}

/**
 * The dashboard's figures. Users are accounts with the role `user` (staff are not counted).
 * - newUsers: accounts created since the start of the range.
 * - activeUsers: users who, since the start of the range, wrote to the bot (an incoming message,
 *   any channel) or had a reminder delivered (marked sent). Read from user_activity (the last such
 *   moment per user, kept with every message and delivery): every range runs from its start to
 *   now, so "last active at or after the start" is exactly "active in the range".
 * - users per plan: the effective plan (entitlement(): a running trial counts as Premium, an ended
 *   subscription as Basic), not the stored column.
 * - reminders: all-time counts by status (pending; completed = sent; total = every status).
 */
@Injectable()
export class AdminStatsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async stats(timeRange: unknown, now = new Date()): Promise<AdminStats> {
    const range = (timeRange === undefined || timeRange === '' ? 'week' : timeRange) as TimeRange;
    if (!TIME_RANGES.includes(range)) throw new BadRequestException('timeRange doit être today, week, month ou year');
    const since = rangeStart(range, now);
    const plan = effectivePlanSql('$2');
    const [[users], [active], [reminders]] = await Promise.all([
      this.dataSource.query(
        `SELECT count(*)::int AS total,
                count(*) FILTER (WHERE created_at >= $1)::int AS new,
                count(*) FILTER (WHERE ${plan} = 'premium')::int AS premium,
                count(*) FILTER (WHERE ${plan} = 'standard')::int AS standard,
                count(*) FILTER (WHERE ${plan} = 'basic')::int AS basic,
                count(*) FILTER (WHERE ${plan} = 'free')::int AS free
           FROM users WHERE role = 'user'`,
        [since, now],
      ),
      // Everyone active since the start (one index range), less the few staff among them.
      this.dataSource.query(
        `SELECT ((SELECT count(*) FROM user_activity WHERE last_active_at >= $1)
               - (SELECT count(*) FROM users u JOIN user_activity a ON a.user_id = u.id WHERE u.role <> 'user' AND a.last_active_at >= $1))::int AS n`,
        [since],
      ),
      // One index-only pass over ix_reminders_status gives every status's count and the total.
      this.dataSource.query(
        `SELECT coalesce(sum(n) FILTER (WHERE status = 'pending'), 0)::int AS pending, coalesce(sum(n) FILTER (WHERE status = 'sent'), 0)::int AS sent,
                coalesce(sum(n), 0)::int AS total
           FROM (SELECT status, count(*) AS n FROM reminders GROUP BY status) s`,
      ),
    ]);
    return {
      totalUsers: users.total,
      activeUsers: active.n,
      newUsers: users.new,
      premiumUsers: users.premium,
      standardUsers: users.standard,
      basicUsers: users.basic,
      freeUsers: users.free,
      pendingReminders: reminders.pending,
      completedReminders: reminders.sent,
      totalReminders: reminders.total,
      timeRange: range,
      since: since.toISOString(),
    };
  }
}
