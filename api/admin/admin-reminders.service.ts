import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Actor, AuditService, diff } from '../audit/audit.service';
import { repeatFields, type RepeatFields } from '../reminders/reminder-view';
import { Reminder } from '../reminders/reminder.entity';
import { AdminUpdateInput, RemindersService } from '../reminders/reminders.service';
import { countSql, likePattern, PageQuery } from './paging';

export interface AdminReminderRow extends RepeatFields {
  id: number;
  userId: number;
  username: string | null;
  subject: string;
  reminderText: string;
  reminderTime: string;
  timezone: string;
  status: string;
  languageCode: string;
  channel: string | null;
  lastError: string | null;
  createdAt: string;
}

const STATUSES = ['pending', 'sent', 'failed', 'cancelled'];

/** The back-office's reminders: search and paging here, every rule in RemindersService, every change audited. */
@Injectable()
export class AdminRemindersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(RemindersService) private readonly reminders: RemindersService,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  /** Newest first; `q` matches subject or text (case-insensitive substring); optional `status` and `userId` filters. */
  async search(page: PageQuery, filters: { status?: unknown; userId?: unknown } = {}): Promise<{ rows: AdminReminderRow[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (page.q) {
      params.push(likePattern(page.q));
      // search_text is lower(subject ␟ text), stored and trigram-indexed: see the Reminder entity.
      where.push(`r.search_text LIKE lower($${params.length})`);
    }
    if (typeof filters.status === 'string' && STATUSES.includes(filters.status)) {
      params.push(filters.status);
      where.push(`r.status = $${params.length}`);
    }
    const userId = Number(filters.userId);
    if (filters.userId !== undefined && Number.isSafeInteger(userId) && userId > 0) {
      params.push(userId);
      where.push(`r.user_id = $${params.length}`);
    }
    const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const pageParams = [...params];
    let pageFilter = filter;
    if (page.cursor) {
      pageParams.push(Number(page.cursor));
      pageFilter = `${filter ? `${filter} AND` : 'WHERE'} r.id < $${pageParams.length}`;
    }
    pageParams.push(page.limit);
    const [rows, [count]] = await Promise.all([
      this.dataSource.query(
        `SELECT r.*, u.username FROM (SELECT * FROM reminders r ${pageFilter} ORDER BY r.id DESC LIMIT $${pageParams.length}) r
           LEFT JOIN users u ON u.id = r.user_id ORDER BY r.id DESC`,
        pageParams,
      ),
      this.dataSource.query(countSql(`FROM reminders r ${filter}`, Boolean(page.q)), params),
    ]);
    const pending = await this.reminders.pendingBySeries(rows.map((r: Record<string, any>) => ({ seriesId: r.series_id ?? null })));
    return { rows: rows.map((r: Record<string, any>) => toRow(r, pending)), total: count.n };
  }

  async update(actor: Actor, id: number, input: AdminUpdateInput): Promise<AdminReminderRow> {
    const before = await this.one(id);
    const after = await this.reminders.adminUpdate(id, input);
    const changes = diff(pick(before), pick(after));
    if (Object.keys(changes).length) await this.audit.record(actor, 'reminder.update', { type: 'reminder', id }, changes);
    return this.one(id);
  }

  /** Due now instead of at its time: the dispatcher delivers it on the user's channel like any other. */
  async trigger(actor: Actor, id: number): Promise<AdminReminderRow> {
    const r = await this.reminders.triggerNow(id);
    await this.audit.record(actor, 'reminder.trigger', { type: 'reminder', id }, { subject: r.subject, plannedFor: new Date(r.dueAt).toISOString() });
    return this.one(id);
  }

  async delete(actor: Actor, id: number): Promise<void> {
    const r = await this.reminders.adminDelete(id);
    await this.audit.record(actor, 'reminder.delete', { type: 'reminder', id }, { userId: r.userId, subject: r.subject, status: r.status });
  }

  private async one(id: number): Promise<AdminReminderRow> {
    const [row] = await this.dataSource.query(`SELECT r.*, u.username FROM reminders r LEFT JOIN users u ON u.id = r.user_id WHERE r.id = $1`, [id]);
    if (!row) await this.reminders.adminDelete(-1); // throws the service's 404
    return toRow(row, await this.reminders.pendingBySeries([{ seriesId: row.series_id ?? null }]));
  }
}

function pick(r: Pick<Reminder, 'subject' | 'reminderText' | 'status' | 'languageCode'> | AdminReminderRow) {
  return { subject: r.subject, reminderText: r.reminderText, status: r.status, languageCode: r.languageCode };
}

function toRow(r: Record<string, any>, pendingBySeries: Map<number, Date>): AdminReminderRow {
  // The back-office is in French: the repetition is described in French whatever the reminder's language.
  const series = { rrule: r.rrule ?? null, timezone: r.timezone, seriesStart: r.series_start ?? null, dueAt: r.due_at, status: r.status, seriesId: r.series_id ?? null, languageCode: r.language_code };
  return {
    ...repeatFields(series as Reminder, pendingBySeries, 'fr'),
    id: r.id,
    userId: r.user_id,
    username: r.username ?? null,
    subject: r.subject,
    reminderText: r.reminder_text,
    reminderTime: new Date(r.due_at).toISOString(),
    timezone: r.timezone,
    status: r.status,
    languageCode: r.language_code,
    channel: r.channel,
    lastError: r.last_error,
    createdAt: new Date(r.created_at).toISOString(),
  };
}
