import { BadRequestException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AccountsService } from '../accounts/accounts.service';
import { entitlement } from '../accounts/plan';
import type { Plan, User } from '../accounts/user.entity';
import { Actor, AuditService, diff } from '../audit/audit.service';
import { countSql, likePattern, PageQuery } from './paging';

export const PLANS: Plan[] = ['free', 'basic', 'standard', 'premium'];
const MAX_COUNT = 1_000_000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface AdminUserRow {
  id: number;
  username: string;
  displayName: string | null;
  email: string | null;
  phoneNumber: string | null;
  phoneVerified: boolean;
  role: string;
  language: string;
  plan: Plan;
  effectivePlan: Plan;
  reminderQuota: number;
  remindersUsed: number;
  optedOut: boolean;
  lastSeenAt: string | null;
  createdAt: string;
}

export interface AdminUserUpdate {
  email?: string | null;
  phoneNumber?: string | null;
  plan?: Plan;
  reminderQuota?: number;
  remindersUsed?: number;
}

export const USER_MESSAGES = {
  notFound: 'Utilisateur introuvable',
  plan: 'Le forfait doit être free, basic, standard ou premium',
  count: 'Le quota et le nombre de rappels utilisés sont des entiers positifs',
  email: 'Adresse e-mail invalide',
  self: 'Vous ne pouvez pas supprimer votre propre compte',
};

const COLUMNS = `id, username, display_name, email, phone_number, phone_verified_at, role, language, plan, trial_ends_at,
  subscription_ends_at, reminder_quota, reminders_used, opted_out_at, last_seen_at, created_at`;

/**
 * The back-office's users: search and paging on the server, edits through AccountsService (the
 * same phone and e-mail rules as the user's own profile) and every change in the audit log.
 */
@Injectable()
export class AdminUsersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(AccountsService) private readonly accounts: AccountsService,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  /** Newest first; `q` matches username, e-mail or phone (case-insensitive substring). */
  async search(page: PageQuery): Promise<{ rows: AdminUserRow[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (page.q) {
      const phoneish = /^[+\d\s().-]+$/.test(page.q) ? page.q.replace(/[^\d+]/g, '') : null;
      params.push(likePattern(page.q));
      const terms = [`username ILIKE $${params.length}`, `email ILIKE $${params.length}`];
      if (phoneish) {
        params.push(likePattern(phoneish));
        terms.push(`phone_number LIKE $${params.length}`);
      } else terms.push(`phone_number ILIKE $${params.length}`);
      where.push(`(${terms.join(' OR ')})`);
    }
    const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const pageParams = [...params];
    let pageFilter = filter;
    if (page.cursor) {
      pageParams.push(page.cursor);
      pageFilter = `${filter ? `${filter} AND` : 'WHERE'} id < $${pageParams.length}`;
    }
    pageParams.push(page.limit);
    const [rows, [count]] = await Promise.all([
      this.dataSource.query(`SELECT ${COLUMNS} FROM users ${pageFilter} ORDER BY id DESC LIMIT $${pageParams.length}`, pageParams),
      this.dataSource.query(countSql(`FROM users ${filter}`, Boolean(page.q)), params),
    ]);
    const now = new Date();
    return { rows: rows.map((r: Record<string, any>) => toRow(r, now)), total: count.n };
  }

  async get(id: number): Promise<AdminUserRow> {
    const [row] = await this.dataSource.query(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [checkId(id)]);
    if (!row) throw new NotFoundException(USER_MESSAGES.notFound);
    return toRow(row, new Date());
  }

  async update(actor: Actor, id: number, input: AdminUserUpdate): Promise<AdminUserRow> {
    const before = await this.get(id);
    const user = (await this.accounts.findById(before.id)) as User;
    if (input.plan !== undefined && !PLANS.includes(input.plan)) throw new BadRequestException(USER_MESSAGES.plan);
    for (const v of [input.reminderQuota, input.remindersUsed]) {
      if (v !== undefined && (!Number.isInteger(v) || v < 0 || v > MAX_COUNT)) throw new BadRequestException(USER_MESSAGES.count);
    }
    if (input.email !== undefined && input.email !== null && input.email.trim() !== '' && !EMAIL.test(input.email.trim())) {
      throw new BadRequestException(USER_MESSAGES.email);
    }
    // The same rules as the user's own profile: phone normalised and unique, e-mail optional.
    if (input.phoneNumber !== undefined && input.phoneNumber !== null && input.phoneNumber.trim() !== '' && input.phoneNumber.trim() !== before.phoneNumber) {
      await this.accounts.setPhone(user, input.phoneNumber.trim());
    } else if ((input.phoneNumber === null || input.phoneNumber?.trim() === '') && before.phoneNumber) {
      await this.dataSource.query(`UPDATE users SET phone_number = NULL, phone_verified_at = NULL, updated_at = now() WHERE id = $1`, [id]);
    }
    if (input.email !== undefined && (input.email ?? '').trim() !== (before.email ?? '')) {
      await this.accounts.setProfile(user, { email: (input.email ?? '').trim() });
    }
    const sets: string[] = [];
    const params: unknown[] = [id];
    const set = (column: string, value: unknown) => {
      params.push(value);
      sets.push(`${column} = $${params.length}`);
    };
    if (input.plan !== undefined) set('plan', input.plan);
    if (input.reminderQuota !== undefined) set('reminder_quota', input.reminderQuota);
    if (input.remindersUsed !== undefined) set('reminders_used', input.remindersUsed);
    if (sets.length) await this.dataSource.query(`UPDATE users SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, params);
    const after = await this.get(id);
    const changes = diff(
      { email: before.email, phoneNumber: before.phoneNumber, plan: before.plan, reminderQuota: before.reminderQuota, remindersUsed: before.remindersUsed },
      { email: after.email, phoneNumber: after.phoneNumber, plan: after.plan, reminderQuota: after.reminderQuota, remindersUsed: after.remindersUsed },
    );
    if (Object.keys(changes).length) await this.audit.record(actor, 'user.update', { type: 'user', id }, changes);
    return after;
  }

  /** Irreversible: the user's reminders, sessions and conversation go with the account (foreign keys cascade). */
  async delete(actor: Actor, id: number): Promise<void> {
    if (id === actor.id) throw new ForbiddenException(USER_MESSAGES.self);
    const before = await this.get(id);
    await this.dataSource.transaction(async (m) => {
      const [, reminders] = await m.query(`DELETE FROM reminders WHERE user_id = $1`, [id]);
      const [, n] = await m.query(`DELETE FROM users WHERE id = $1`, [id]);
      if (!n) throw new NotFoundException(USER_MESSAGES.notFound);
      await this.audit.record(actor, 'user.delete', { type: 'user', id }, { username: before.username, phoneNumber: before.phoneNumber, email: before.email, remindersDeleted: reminders }, m);
    });
  }
}

function checkId(id: number): number {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw new NotFoundException(USER_MESSAGES.notFound);
  return id;
}

function toRow(r: Record<string, any>, now: Date): AdminUserRow {
  const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
  return {
    id: r.id,
    username: r.username,
    displayName: r.display_name,
    email: r.email,
    phoneNumber: r.phone_number,
    phoneVerified: Boolean(r.phone_verified_at),
    role: r.role,
    language: r.language,
    plan: r.plan,
    effectivePlan: entitlement({ plan: r.plan, trialEndsAt: r.trial_ends_at, subscriptionEndsAt: r.subscription_ends_at }, now).plan,
    reminderQuota: r.reminder_quota,
    remindersUsed: r.reminders_used,
    optedOut: Boolean(r.opted_out_at),
    lastSeenAt: iso(r.last_seen_at),
    createdAt: iso(r.created_at)!,
  };
}
