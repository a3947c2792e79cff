import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import type { User } from '../accounts/user.entity';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { JobsService } from '../jobs/jobs.service';
import { Clock, REMINDERS_CLOCK, systemClock } from './clock';
import { RENDER_JOB_KIND, renderJobKey } from './reminder-render';
import { QuotaService } from './quota.service';
import type { DueReminder } from './reminder-delivery.port';
import { ReminderDispatchStore, SentItem } from './reminder-dispatch-store';
import { isValidZone, parseFutureInstant, REMINDER_MESSAGES, subjectProblem, textProblem } from './reminder-rules';
import { ReminderWakeups } from './reminder-wakeups';
import { Reminder, ReminderStatus } from './reminder.entity';
import type { ReminderPart } from './reminder-part.entity';

type Owner = Pick<User, 'id' | 'plan' | 'trialEndsAt' | 'subscriptionEndsAt' | 'language' | 'timezone'>;

export interface CreateReminderInput {
  subject: string;
  /** Required (≥ 10 characters) from the portal; the bot may omit it (the subject is used). */
  reminderText?: string;
  /** ISO 8601 string or Date, strictly in the future. */
  dueAt: string | Date;
  timezone?: string;
  languageCode?: 'fr' | 'en';
  source?: 'portal' | 'bot' | 'admin' | 'api';
}

export interface UpdateReminderInput {
  subject?: string;
  reminderText?: string;
  time?: string | Date;
  status?: 'cancelled';
}

export interface AdminUpdateInput {
  subject?: string;
  reminderText?: string;
  status?: 'pending' | 'sent' | 'failed';
  languageCode?: 'fr' | 'en';
}

const MAX_DB_INT = 2_147_483_647;
const RETURNING_DUE = `r.id, r.user_id, r.subject, r.reminder_text, r.language_code, r.due_at, r.timezone, r.attempts`;
const NOT_LEASED = `(lease_until IS NULL OR lease_until < now())`;

/**
 * Every reminder rule: validation, quota, ownership (another user's reminder is a 404), and
 * status moves — pending → cancelled by the user, pending → sent | failed by the dispatcher
 * (through the ReminderDispatchStore half below), each stamped with its time and attempt count.
 * Used by the portal API, the bot and the admin screens.
 */
@Injectable()
export class RemindersService implements ReminderDispatchStore {
  private readonly clock: Clock;
  private readonly repo: Repository<Reminder>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(QuotaService) private readonly quota: QuotaService,
    @Optional() @Inject(REMINDERS_CLOCK) clock?: Clock,
    @Optional() @Inject(ReminderWakeups) private readonly wakeups?: ReminderWakeups,
    @Optional() @Inject(JobsService) private readonly jobs?: JobsService,
    @Optional() @Inject(APP_CONFIG) private readonly config?: AppConfig,
  ) {
    this.clock = clock ?? systemClock;
    this.repo = dataSource.getRepository(Reminder);
  }

  // ---- users (portal and bot) ----

  /** Portal/API creation: the spec's payload `{subject, reminderText, time, timezone?}`. */
  create(user: Owner, input: { subject: string; reminderText: string; time: string; timezone?: string }): Promise<Reminder> {
    return this.createForUser(user, { subject: input.subject, reminderText: input.reminderText, dueAt: input.time, timezone: input.timezone, source: 'portal' });
  }

  async createForUser(user: Owner, input: CreateReminderInput): Promise<Reminder> {
    const source = input.source ?? 'api';
    const fromForm = source !== 'bot';
    const problem = subjectProblem(input.subject) ?? (fromForm || input.reminderText !== undefined ? textProblem(input.reminderText ?? '', fromForm) : null);
    if (problem) throw new BadRequestException(problem);
    const dueAt = parseFutureInstant(input.dueAt, this.clock.now());
    if (!dueAt) throw new BadRequestException(REMINDER_MESSAGES.futureDate);
    if (input.timezone !== undefined && !isValidZone(input.timezone)) throw new BadRequestException(REMINDER_MESSAGES.timezone);
    const timezone = input.timezone ?? (isValidZone(user.timezone) ? user.timezone : 'UTC');
    const languageCode = input.languageCode === 'en' || input.languageCode === 'fr' ? input.languageCode : user.language === 'en' ? 'en' : 'fr';
    const subject = input.subject.trim();

    const saved = await this.dataSource.transaction(async (m) => {
      // Serialises a user's concurrent creations so two requests cannot both take the last slot.
      await m.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [user.id]);
      await this.quota.assertCanCreate(user, m);
      const reminder = m.create(Reminder, {
        userId: user.id,
        subject,
        reminderText: (input.reminderText ?? subject).trim(),
        dueAt,
        nextAttemptAt: dueAt,
        timezone,
        languageCode,
        source,
        status: 'pending' as ReminderStatus,
        statusChangedAt: this.clock.now(),
      });
      const row = await m.save(reminder);
      await this.quota.record(user.id, row.id, m);
      return row;
    });
    this.wakeups?.emit(saved.dueAt);
    await this.scheduleRender(saved);
    return saved;
  }

  /** The user's reminders, newest due first. */
  list(user: Pick<User, 'id'>): Promise<Reminder[]> {
    return this.repo.find({ where: { userId: user.id }, order: { dueAt: 'DESC', id: 'DESC' }, take: 1000 });
  }

  /** Pending reminders, soonest first (the bot's "list" command). */
  listUpcoming(user: Pick<User, 'id'>): Promise<Reminder[]> {
    return this.repo.find({ where: { userId: user.id, status: 'pending' }, order: { dueAt: 'ASC', id: 'ASC' }, take: 100 });
  }

  async get(user: Pick<User, 'id'>, id: number): Promise<Reminder> {
    const r = Number.isSafeInteger(id) && id > 0 && id <= MAX_DB_INT ? await this.repo.findOne({ where: { id, userId: user.id } }) : null;
    if (!r) throw new NotFoundException(REMINDER_MESSAGES.notFound);
    return r;
  }

  /** PATCH: edit subject/text, reschedule (pending only; resets attempts), or cancel. */
  async update(user: Pick<User, 'id'>, id: number, input: UpdateReminderInput): Promise<Reminder> {
    if (input.status === 'cancelled') return this.cancel(user, id);
    const sets: string[] = [];
    const params: unknown[] = [id, user.id];
    const set = (sql: string, value: unknown) => {
      params.push(value);
      sets.push(sql.replace('?', `$${params.length}`));
    };
    if (input.subject !== undefined) {
      const p = subjectProblem(input.subject);
      if (p) throw new BadRequestException(p);
      set('subject = ?', input.subject.trim());
    }
    if (input.reminderText !== undefined) {
      const p = textProblem(input.reminderText);
      if (p) throw new BadRequestException(p);
      set('reminder_text = ?', input.reminderText.trim());
    }
    if (input.time !== undefined) {
      const dueAt = parseFutureInstant(input.time, this.clock.now());
      if (!dueAt) throw new BadRequestException(REMINDER_MESSAGES.futureDate);
      set('due_at = ?', dueAt);
      set('next_attempt_at = ?', dueAt);
      sets.push('attempts = 0', 'last_error = NULL');
    }
    if (!sets.length) return this.get(user, id);
    const updated = await this.updatePending(user, id, sets.join(', '), params);
    if (input.time !== undefined) this.wakeups?.emit(updated.dueAt);
    await this.scheduleRender(updated);
    return updated;
  }

  reschedule(user: Pick<User, 'id'>, id: number, dueAt: Date | string): Promise<Reminder> {
    return this.update(user, id, { time: dueAt });
  }

  /** pending → cancelled; cancelling a cancelled reminder again is a no-op. */
  async cancel(user: Pick<User, 'id'>, id: number): Promise<Reminder> {
    const current = await this.get(user, id);
    if (current.status === 'cancelled') return current;
    return this.updatePending(
      user,
      id,
      `status = 'cancelled', cancelled_at = now(), status_changed_at = now(), lease_owner = NULL, lease_until = NULL`,
      [id, user.id],
    );
  }

  /** Removes it for good; its quota entry stays. Refused only while a delivery is in flight. */
  async delete(user: Pick<User, 'id'>, id: number): Promise<void> {
    await this.get(user, id);
    const res: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM reminders WHERE id = $1 AND user_id = $2 AND NOT (status = 'pending' AND lease_until IS NOT NULL AND lease_until >= now()) RETURNING id`,
      [id, user.id],
    );
    if (!res[1]) throw new ConflictException(REMINDER_MESSAGES.inDelivery);
  }

  /**
   * Snooze: a pending reminder is simply rescheduled; a delivered (or failed) one stays in the
   * history as it is and a new pending copy is scheduled — statuses never move backwards. The
   * copy is not counted against the quota: it is the same reminder, deferred.
   */
  async snooze(user: Owner, id: number, dueAt: Date | string): Promise<Reminder> {
    const current = await this.get(user, id);
    if (current.status === 'pending') return this.reschedule(user, id, dueAt);
    if (current.status === 'cancelled') throw new ConflictException(REMINDER_MESSAGES.onlySent);
    const at = parseFutureInstant(dueAt, this.clock.now());
    if (!at) throw new BadRequestException(REMINDER_MESSAGES.futureDate);
    const copy = await this.repo.save(
      this.repo.create({
        userId: user.id,
        subject: current.subject,
        reminderText: current.reminderText,
        dueAt: at,
        nextAttemptAt: at,
        timezone: current.timezone,
        languageCode: current.languageCode,
        voiceNoteUrl: current.voiceNoteUrl,
        source: 'snooze',
        status: 'pending',
        statusChangedAt: this.clock.now(),
      }),
    );
    this.wakeups?.emit(at);
    await this.scheduleRender(copy);
    return copy;
  }

  // ---- admin ----

  /** Admin "trigger": due now instead of at the planned time; only pending reminders. */
  async triggerNow(id: number): Promise<Reminder> {
    const rows: [Reminder[], number] = await this.dataSource.query(
      `UPDATE reminders SET next_attempt_at = now(), updated_at = now() WHERE id = $1 AND status = 'pending' RETURNING id`,
      [this.checkId(id)],
    );
    if (!rows[1]) {
      const exists = await this.repo.exist({ where: { id } });
      throw exists ? new ConflictException(REMINDER_MESSAGES.triggerOnlyPending) : new NotFoundException(REMINDER_MESSAGES.notFound);
    }
    this.wakeups?.emit(new Date(0));
    return this.repo.findOneByOrFail({ id });
  }

  /** Admin edit: fields and any of pending/sent/failed, each move stamped like the dispatcher's. */
  async adminUpdate(id: number, input: AdminUpdateInput): Promise<Reminder> {
    const r = await this.repo.findOne({ where: { id: this.checkId(id) } });
    if (!r) throw new NotFoundException(REMINDER_MESSAGES.notFound);
    if (input.subject !== undefined) {
      const p = subjectProblem(input.subject);
      if (p) throw new BadRequestException(p);
      r.subject = input.subject.trim();
    }
    if (input.reminderText !== undefined) {
      const p = textProblem(input.reminderText);
      if (p) throw new BadRequestException(p);
      r.reminderText = input.reminderText.trim();
    }
    if (input.languageCode !== undefined) r.languageCode = input.languageCode;
    if (input.status !== undefined && input.status !== r.status) {
      const now = this.clock.now();
      r.status = input.status;
      r.statusChangedAt = now;
      r.leaseOwner = null;
      r.leaseUntil = null;
      if (input.status === 'sent') r.sentAt = now;
      if (input.status === 'failed') r.failedAt = now;
      if (input.status === 'pending') {
        r.attempts = 0;
        r.nextAttemptAt = new Date(Math.max(now.getTime(), new Date(r.dueAt).getTime()));
      }
    }
    const saved = await this.repo.save(r);
    if (saved.status === 'pending') {
      this.wakeups?.emit(saved.nextAttemptAt);
      await this.scheduleRender(saved);
    }
    return saved;
  }

  // ---- dispatcher (ReminderDispatchStore) ----

  /**
   * Fair between users: the batch takes each due user's oldest reminder first, then each one's
   * second, and so on (users in the order of their oldest due reminder), so one user's 100,000
   * due reminders take one slot per round, not the whole batch, and cannot delay everyone
   * else's. Candidates are chosen without locks, then locked with SKIP LOCKED: a row another
   * instance is claiming at that moment is left to it.
   */
  async claimDue(owner: string, limit: number, leaseSeconds: number): Promise<DueReminder[]> {
    const claimable = `status = 'pending' AND next_attempt_at <= now() AND ${NOT_LEASED}`;
    const [rows]: [Array<Record<string, any>>, number] = await this.dataSource.query(
      `WITH due_users AS (
              SELECT user_id, min(next_attempt_at) AS first_due FROM reminders
               WHERE ${claimable}
               GROUP BY user_id ORDER BY first_due LIMIT $2),
            candidates AS (
              SELECT c.id, row_number() OVER (ORDER BY c.turn, u.first_due, u.user_id) AS ord FROM due_users u
               CROSS JOIN LATERAL (
                 SELECT x.id, row_number() OVER (ORDER BY x.next_attempt_at) AS turn
                   FROM (SELECT id, next_attempt_at FROM reminders
                          WHERE user_id = u.user_id AND ${claimable}
                          ORDER BY next_attempt_at LIMIT $2) x) c
               ORDER BY c.turn, u.first_due, u.user_id
               LIMIT $2),
            due AS (
              SELECT r.id, c.ord FROM reminders r JOIN candidates c ON c.id = r.id
               WHERE ${claimable}
               FOR UPDATE OF r SKIP LOCKED)
       UPDATE reminders r
          SET lease_owner = $1, lease_until = now() + make_interval(secs => $3), attempts = r.attempts + 1, updated_at = now()
         FROM due
        WHERE r.id = due.id
      RETURNING ${RETURNING_DUE}, due.ord`,
      [owner, limit, leaseSeconds],
    );
    // Handed over in the fair order (the runner starts them in this order; the send rate serves them so).
    rows.sort((a, b) => Number(a.ord) - Number(b.ord));
    return rows.map((row) => ({
      id: row.id,
      userId: row.user_id,
      subject: row.subject,
      reminderText: row.reminder_text,
      languageCode: row.language_code,
      dueAt: new Date(row.due_at),
      timezone: row.timezone,
      attempt: row.attempts,
    }));
  }

  async markSent(owner: string, items: SentItem[]): Promise<number[]> {
    if (!items.length) return [];
    const [rows]: [Array<{ id: number }>, number] = await this.dataSource.query(
      `UPDATE reminders r
          SET status = 'sent', sent_at = v.at, status_changed_at = v.at, channel = v.channel, provider_message_id = v.pmid,
              lease_owner = NULL, lease_until = NULL, last_error = NULL, updated_at = now()
         FROM unnest($2::int[], $3::timestamptz[], $4::text[], $5::text[]) AS v(id, at, channel, pmid)
        WHERE r.id = v.id AND r.lease_owner = $1 AND r.status = 'pending'
      RETURNING r.id`,
      [owner, items.map((i) => i.id), items.map((i) => i.at), items.map((i) => i.channel), items.map((i) => i.providerMessageId?.slice(0, 128) ?? null)],
    );
    return rows.map((r) => r.id);
  }

  async scheduleRetry(owner: string, id: number, delayMs: number, error: string, channel: string | null): Promise<boolean> {
    const res: [unknown[], number] = await this.dataSource.query(
      `UPDATE reminders SET next_attempt_at = now() + make_interval(secs => $3), last_error = $4, channel = COALESCE($5, channel),
              lease_owner = NULL, lease_until = NULL, updated_at = now()
        WHERE id = $1 AND lease_owner = $2 AND status = 'pending' RETURNING id`,
      [id, owner, delayMs / 1000, error.slice(0, 2000), channel],
    );
    return res[1] > 0;
  }

  async markFailed(owner: string, id: number, error: string, channel: string | null): Promise<boolean> {
    const res: [unknown[], number] = await this.dataSource.query(
      `UPDATE reminders SET status = 'failed', failed_at = now(), status_changed_at = now(), last_error = $3, channel = COALESCE($4, channel),
              lease_owner = NULL, lease_until = NULL, updated_at = now()
        WHERE id = $1 AND lease_owner = $2 AND status = 'pending' RETURNING id`,
      [id, owner, error.slice(0, 2000), channel],
    );
    return res[1] > 0;
  }

  async renewLeases(owner: string, ids: number[], leaseSeconds: number): Promise<number> {
    if (!ids.length) return 0;
    const res: [unknown[], number] = await this.dataSource.query(
      `UPDATE reminders SET lease_until = now() + make_interval(secs => $3)
        WHERE id = ANY($2::int[]) AND lease_owner = $1 AND status = 'pending' RETURNING id`,
      [owner, ids, leaseSeconds],
    );
    return res[1];
  }

  async releaseLeases(owner: string, ids: number[]): Promise<number> {
    if (!ids.length) return 0;
    const res: [unknown[], number] = await this.dataSource.query(
      `UPDATE reminders SET lease_owner = NULL, lease_until = NULL, attempts = GREATEST(attempts - 1, 0), updated_at = now()
        WHERE id = ANY($2::int[]) AND lease_owner = $1 AND status = 'pending' RETURNING id`,
      [owner, ids],
    );
    return res[1];
  }

  async nextDueInMs(): Promise<number | null> {
    const [row] = await this.dataSource.query(
      `SELECT (extract(epoch FROM (next_attempt_at - now())) * 1000)::float8 AS ms FROM reminders
        WHERE status = 'pending' AND ${NOT_LEASED} ORDER BY next_attempt_at LIMIT 1`,
    );
    return row ? Number(row.ms) : null;
  }

  // ---- parts of a delivery (voice note, text, template) ----

  /** The parts of this occurrence already accepted by the provider (a retry sends only the rest). */
  async sentParts(id: number, dueAt: Date): Promise<Set<ReminderPart>> {
    const rows: Array<{ part: ReminderPart }> = await this.dataSource.query(`SELECT part FROM reminder_parts WHERE reminder_id = $1 AND due_at = $2`, [id, dueAt]);
    return new Set(rows.map((r) => r.part));
  }

  /** Records a part as sent, before the next part is attempted. */
  async recordPartSent(id: number, dueAt: Date, part: ReminderPart, providerMessageId?: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO reminder_parts (reminder_id, due_at, part, provider_message_id) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
      [id, dueAt, part, providerMessageId?.slice(0, 128) ?? null],
    );
  }

  // ---- helpers ----

  /**
   * Has the reminder's voice note made ahead: when it enters the look-ahead window, or at once.
   * One open render job per reminder; an edit moves it. Only an optimisation: a note missing at
   * send time is made then, so a failure here is not the caller's.
   */
  private async scheduleRender(r: Pick<Reminder, 'id' | 'dueAt'>): Promise<void> {
    if (!this.jobs) return;
    const aheadMs = (this.config?.dispatcher.renderAheadSeconds ?? 21_600) * 1000;
    const runAt = new Date(Math.max(this.clock.now().getTime(), new Date(r.dueAt).getTime() - aheadMs));
    await this.jobs.enqueue(RENDER_JOB_KIND, { reminderId: r.id }, { key: renderJobKey(r.id), runAt, replace: true }).catch(() => undefined);
  }

  private checkId(id: number): number {
    if (!Number.isSafeInteger(id) || id <= 0 || id > MAX_DB_INT) throw new NotFoundException(REMINDER_MESSAGES.notFound);
    return id;
  }

  /** A conditional UPDATE so a concurrent delivery or status change cannot be overwritten. */
  private async updatePending(user: Pick<User, 'id'>, id: number, sets: string, params: unknown[]): Promise<Reminder> {
    await this.get(user, id);
    const res: [unknown[], number] = await this.dataSource.query(
      `UPDATE reminders SET ${sets}, updated_at = now()
        WHERE id = $1 AND user_id = $2 AND status = 'pending' AND ${NOT_LEASED} RETURNING id`,
      params,
    );
    if (!res[1]) {
      const now = await this.get(user, id);
      throw new ConflictException(now.status === 'pending' ? REMINDER_MESSAGES.inDelivery : REMINDER_MESSAGES.onlyPending);
    }
    return this.get(user, id);
  }
}
