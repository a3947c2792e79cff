import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { entitlement } from '../accounts/plan';
import { recordActivitySql } from '../accounts/user-activity';
import type { User } from '../accounts/user.entity';
import { TooManyRequests } from '../common/rate-limit.service';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { GroupCommit } from '../database/group-commit';
import { JobsService } from '../jobs/jobs.service';
import { Clock, REMINDERS_CLOCK, systemClock } from './clock';
import { reminderError } from './reminder-errors';
import { RENDER_JOB_KIND, renderJobKey } from './reminder-render';
import { QuotaService } from './quota.service';
import type { DueReminder, ReminderWait } from './reminder-delivery.port';
import { ReminderDispatchStore, SentItem } from './reminder-dispatch-store';
import { isValidZone, parseFutureInstant, REMINDER_MESSAGES, subjectProblem, textProblem } from './reminder-rules';
import { PARKED_UNTIL, releaseWaitingReminders } from './reminder-waiting';
import { ReminderWakeups } from './reminder-wakeups';
import { Reminder, ReminderStatus } from './reminder.entity';
import { nextOccurrence, occurrencesAfter, parseRrule, RecurrenceError } from './recurrence';
import { RepeatChoice, ruleFromRepeat, WeekdayCode } from './repeat-choice';
import { InvalidRepeatException, RepeatRequiresPremiumException } from './repeat-errors';
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
  /** RRULE read in the zone (no DTSTART): the reminder repeats, `dueAt` being its first occurrence (Premium). */
  rrule?: string | null;
}

export interface UpdateReminderInput {
  subject?: string;
  reminderText?: string;
  time?: string | Date;
  status?: 'cancelled';
  /** Makes it repeat (Premium) or, with null, a one-off; the series then starts at the (new) time. */
  rrule?: string | null;
}

export interface AdminUpdateInput {
  subject?: string;
  reminderText?: string;
  status?: 'pending' | 'sent' | 'failed';
  languageCode?: 'fr' | 'en';
}

const MAX_DB_INT = 2_147_483_647;
/** A delivered reminder may be snoozed this many times (each snooze makes a new copy). */
export const MAX_SNOOZES = 10;
/** Reminder creations allowed per user, whatever the plan. */
export const CREATION_LIMITS = { perMinute: 30, perDay: 200 };

/** Too many creations in a short time (429 with Retry-After). */
export class ReminderRateLimited extends TooManyRequests {
  readonly code = 'reminder_rate_limited';
  constructor(retryAfterSeconds: number) {
    super('Too many reminders created in a short time. Please wait a little and try again.', retryAfterSeconds);
  }
}

/** The reminder was already snoozed MAX_SNOOZES times. */
export class SnoozeLimitReached extends ConflictException {
  readonly code = 'snooze_limit';
  constructor() {
    super(`This reminder was already snoozed ${MAX_SNOOZES} times.`);
  }
}
const RETURNING_DUE = `r.id, r.user_id, r.subject, r.reminder_text, r.language_code, r.due_at, r.timezone, r.attempts, r.rrule`;
const NOT_LEASED = `(lease_until IS NULL OR lease_until < now())`;
/**
 * pending → sent for the items still leased by $1 (`condition` narrows them, `returning` lists
 * what comes back), and their users marked active, in one statement.
 */
const markSentSql = (condition: string, returning: string) => `WITH sent AS (
  UPDATE reminders r
     SET status = 'sent', sent_at = v.at, status_changed_at = v.at, channel = v.channel, provider_message_id = v.pmid,
         lease_owner = NULL, lease_until = NULL, last_error = NULL, updated_at = now()
    FROM unnest($2::int[], $3::timestamptz[], $4::text[], $5::text[]) AS v(id, at, channel, pmid)
   WHERE r.id = v.id AND r.lease_owner = $1 AND r.status = 'pending' ${condition}
  RETURNING ${returning}, r.user_id AS activity_user_id, v.at AS activity_at),
  active AS (${recordActivitySql('(SELECT activity_user_id AS user_id, activity_at AS at FROM sent) delivered')})
SELECT * FROM sent`;
const markSentParams = (owner: string, items: SentItem[]) => [
  owner,
  items.map((i) => i.id),
  items.map((i) => i.at),
  items.map((i) => i.channel),
  items.map((i) => i.providerMessageId?.slice(0, 128) ?? null),
];
/** What computing a series' next occurrence needs from a row (RETURNING of r.* columns). */
const SERIES_COLUMNS = `r.id, r.user_id, r.subject, r.reminder_text, r.due_at, r.timezone, r.language_code, r.source, r.rrule, r.series_id, r.series_start`;

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
  /** Parts sent by every delivery in flight, written a few ms apart as one INSERT (each caller still waits for its row). */
  private readonly partWrites: GroupCommit<{ id: number; dueAt: Date; part: ReminderPart; providerMessageId: string | null }>;

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
    this.partWrites = new GroupCommit(async (parts) => {
      await this.dataSource.query(
        `INSERT INTO reminder_parts (reminder_id, due_at, part, provider_message_id)
         SELECT * FROM unnest($1::int[], $2::timestamptz[], $3::varchar[], $4::varchar[]) ON CONFLICT DO NOTHING`,
        [parts.map((p) => p.id), parts.map((p) => p.dueAt), parts.map((p) => p.part), parts.map((p) => p.providerMessageId)],
      );
    });
  }

  // ---- users (portal and bot) ----

  /**
   * Portal/API creation: the spec's payload `{subject, reminderText, time, timezone?}`, plus an
   * optional `repeat` (and `repeatDays` for weekly) that becomes the rule, anchored on `time`.
   */
  create(
    user: Owner,
    input: { subject: string; reminderText: string; time: string; timezone?: string; repeat?: RepeatChoice; repeatDays?: WeekdayCode[]; rrule?: string },
  ): Promise<Reminder> {
    let rrule: string | null = null;
    if (input.rrule !== undefined && input.repeat !== undefined && input.repeat !== 'none') throw new InvalidRepeatException('Give either repeat or rrule, not both.');
    if (input.rrule) rrule = input.rrule;
    else if (input.repeat && input.repeat !== 'none') {
      const at = parseFutureInstant(input.time, this.clock.now());
      if (!at) throw reminderError('futureDate');
      const zone = input.timezone ?? (isValidZone(user.timezone) ? user.timezone : 'UTC');
      if (!isValidZone(zone)) throw reminderError('timezone');
      rrule = ruleFromRepeat(input.repeat, at, zone, input.repeatDays);
    }
    return this.createForUser(user, { subject: input.subject, reminderText: input.reminderText, dueAt: input.time, timezone: input.timezone, source: 'portal', rrule });
  }

  async createForUser(user: Owner, input: CreateReminderInput): Promise<Reminder> {
    const [saved] = await this.createManyForUser(user, [input]);
    return saved;
  }

  /**
   * Several reminders at once (the bot's "2 reminders: …; … — shall I confirm?"): every one is
   * validated first, then the quota is checked for all of them together and they are stored in
   * one transaction: all or none.
   */
  async createManyForUser(user: Owner, inputs: CreateReminderInput[]): Promise<Reminder[]> {
    if (!inputs.length) return [];
    const rows = inputs.map((input) => this.prepare(user, input));
    const saved = await this.dataSource.transaction(async (m) => {
      // Serialises a user's concurrent creations so two requests cannot both take the last slot.
      await m.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [user.id]);
      await this.assertCreationRate(user.id, m, rows.length);
      await this.quota.assertCanCreate(user, m, rows.length);
      const out: Reminder[] = [];
      for (const fields of rows) {
        const row = await m.save(m.create(Reminder, fields));
        if (row.rrule) {
          row.seriesId = row.id;
          await m.update(Reminder, { id: row.id }, { seriesId: row.id });
        }
        // A repeating reminder counts once, here: its later occurrences are not creations.
        await this.quota.record(user.id, row.id, m);
        out.push(row);
      }
      return out;
    });
    for (const r of saved) this.wakeups?.emit(r.dueAt);
    for (const r of saved) await this.scheduleRender(r);
    return saved;
  }

  /** Validates one creation and returns the row to insert. */
  private prepare(user: Owner, input: CreateReminderInput): Partial<Reminder> {
    const source = input.source ?? 'api';
    const fromForm = source !== 'bot';
    const problem = subjectProblem(input.subject) ?? (fromForm || input.reminderText !== undefined ? textProblem(input.reminderText ?? '', fromForm) : null);
    if (problem) throw new BadRequestException(problem);
    const dueAt = parseFutureInstant(input.dueAt, this.clock.now());
    if (!dueAt) throw reminderError('futureDate');
    if (input.timezone !== undefined && !isValidZone(input.timezone)) throw reminderError('timezone');
    const timezone = input.timezone ?? (isValidZone(user.timezone) ? user.timezone : 'UTC');
    const languageCode = input.languageCode === 'en' || input.languageCode === 'fr' ? input.languageCode : user.language === 'en' ? 'en' : 'fr';
    const subject = input.subject.trim();
    let first = dueAt;
    const rrule = input.rrule ? this.checkRule(input.rrule) : null;
    if (rrule) {
      if (entitlement(user, this.clock.now()).plan !== 'premium') throw new RepeatRequiresPremiumException();
      first = this.firstFitting(rrule, timezone, dueAt);
    }
    return {
      userId: user.id,
      subject,
      reminderText: (input.reminderText ?? subject).trim(),
      dueAt: first,
      nextAttemptAt: first,
      timezone,
      languageCode,
      source,
      status: 'pending' as ReminderStatus,
      statusChangedAt: this.clock.now(),
      rrule,
      seriesStart: rrule ? first : null,
    };
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
    if (!r) throw reminderError('notFound');
    return r;
  }

  /**
   * PATCH: edit subject/text, reschedule (pending only; resets attempts), or cancel. Rescheduling
   * an occurrence of a repeating reminder moves the whole series to the new time (its COUNT keeps
   * the occurrences left); `rrule` makes it repeat or stop repeating.
   */
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
      // A reminder whose text is its subject (the bot's) keeps speaking its subject.
      if (input.reminderText === undefined) set('reminder_text = CASE WHEN reminder_text = subject THEN ? ELSE reminder_text END', input.subject.trim());
    }
    if (input.reminderText !== undefined) {
      const p = textProblem(input.reminderText);
      if (p) throw new BadRequestException(p);
      set('reminder_text = ?', input.reminderText.trim());
    }
    let dueAt: Date | null = null;
    if (input.time !== undefined) {
      dueAt = parseFutureInstant(input.time, this.clock.now());
      if (!dueAt) throw reminderError('futureDate');
    }
    if (input.rrule !== undefined || dueAt) {
      const current = await this.get(user, id);
      const rule = input.rrule !== undefined ? (input.rrule ? this.checkRule(input.rrule) : null) : current.rrule;
      if (rule && input.rrule) await this.assertPremium(user.id);
      if (rule) {
        const moved = this.firstFitting(rule, current.timezone, dueAt ?? new Date(current.dueAt));
        dueAt = moved;
        set('rrule = ?', this.ruleFromHere(rule, current, input.rrule !== undefined));
        set('series_id = ?', current.seriesId ?? current.id);
        set('series_start = ?', moved);
      } else if (input.rrule === null) {
        sets.push('rrule = NULL', 'series_id = NULL', 'series_start = NULL');
      }
    }
    if (dueAt) {
      set('due_at = ?', dueAt);
      set('next_attempt_at = ?', dueAt);
      sets.push('attempts = 0', 'last_error = NULL', 'waiting_for = NULL');
    }
    if (!sets.length) return this.get(user, id);
    const updated = await this.updatePending(user, id, sets.join(', '), params);
    if (dueAt) this.wakeups?.emit(updated.dueAt);
    await this.scheduleRender(updated);
    return updated;
  }

  reschedule(user: Pick<User, 'id'>, id: number, dueAt: Date | string): Promise<Reminder> {
    return this.update(user, id, { time: dueAt });
  }

  /**
   * pending → cancelled; cancelling a cancelled reminder again is a no-op. For a repeating reminder
   * this ends the series (its pending occurrence is its only live row); skipOccurrence cancels one.
   */
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

  /**
   * Cancels this pending occurrence of a repeating reminder and schedules the next one, in one
   * transaction. Returns the next occurrence, or null when COUNT/UNTIL leave none (or it was a one-off).
   */
  async skipOccurrence(user: Pick<User, 'id'>, id: number): Promise<Reminder | null> {
    const current = await this.get(user, id);
    if (!current.rrule) {
      await this.cancel(user, id);
      return null;
    }
    const nextId = await this.dataSource.transaction(async (m) => {
      const [rows]: [Array<Record<string, any>>, number] = await m.query(
        `UPDATE reminders r SET status = 'cancelled', cancelled_at = now(), status_changed_at = now(), lease_owner = NULL, lease_until = NULL, updated_at = now()
          WHERE id = $1 AND user_id = $2 AND status = 'pending' AND ${NOT_LEASED} RETURNING ${SERIES_COLUMNS}`,
        [id, user.id],
      );
      if (!rows.length) {
        throw new ConflictException(current.status === 'pending' ? REMINDER_MESSAGES.inDelivery : REMINDER_MESSAGES.onlyPending);
      }
      const [next] = await this.insertNextOccurrences(m, rows, this.clock.now());
      return next ?? null;
    });
    if (nextId === null) return null;
    const next = await this.get(user, nextId);
    this.wakeups?.emit(next.dueAt);
    return next;
  }

  /**
   * "Stop repeating": cancels whatever occurrence of this reminder's series is still pending (from
   * the delivered one's button or any row of it). Returns the cancelled occurrence, or null if none was left.
   */
  async stopSeries(user: Pick<User, 'id'>, id: number): Promise<Reminder | null> {
    const current = await this.get(user, id);
    if (current.seriesId === null) return current.status === 'pending' ? this.cancel(user, id) : null;
    const [rows]: [Array<{ id: number }>, number] = await this.dataSource.query(
      `UPDATE reminders SET status = 'cancelled', cancelled_at = now(), status_changed_at = now(), lease_owner = NULL, lease_until = NULL, updated_at = now()
        WHERE series_id = $1 AND user_id = $2 AND status = 'pending' AND ${NOT_LEASED} RETURNING id`,
      [current.seriesId, user.id],
    );
    if (rows.length) return this.get(user, rows[0].id);
    const [busy] = await this.dataSource.query(`SELECT id FROM reminders WHERE series_id = $1 AND user_id = $2 AND status = 'pending'`, [current.seriesId, user.id]);
    if (busy) throw reminderError('inDelivery');
    return null;
  }

  /**
   * When each series among `rows` is next due (its pending occurrence), keyed by series id: the
   * list and the admin screens show it beside delivered occurrences.
   */
  async pendingBySeries(rows: Array<Pick<Reminder, 'seriesId'>>): Promise<Map<number, Date>> {
    const ids = [...new Set(rows.map((r) => r.seriesId).filter((x): x is number => x !== null))];
    const out = new Map<number, Date>();
    if (!ids.length) return out;
    const found: Array<{ series_id: number; due_at: Date }> = await this.dataSource.query(
      `SELECT series_id, due_at FROM reminders WHERE series_id = ANY($1::int[]) AND status = 'pending'`,
      [ids],
    );
    for (const f of found) out.set(f.series_id, new Date(f.due_at));
    return out;
  }

  /** Removes it for good; its quota entry stays. Refused only while a delivery is in flight. */
  async delete(user: Pick<User, 'id'>, id: number): Promise<void> {
    await this.get(user, id);
    const res: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM reminders WHERE id = $1 AND user_id = $2 AND NOT (status = 'pending' AND lease_until IS NOT NULL AND lease_until >= now()) RETURNING id`,
      [id, user.id],
    );
    if (!res[1]) throw reminderError('inDelivery');
  }

  /**
   * Snooze: a pending reminder is simply rescheduled; a delivered (or failed) one stays in the
   * history as it is and a new pending copy is scheduled — statuses never move backwards. The
   * copy is not counted against the quota: it is the same reminder, deferred.
   */
  async snooze(user: Owner, id: number, dueAt: Date | string): Promise<Reminder> {
    const current = await this.get(user, id);
    if (current.status === 'pending') {
      if (!current.rrule) return this.reschedule(user, id, dueAt);
      // This occurrence only: the series keeps its start, so the next ones stay where they were.
      const at = parseFutureInstant(dueAt, this.clock.now());
      if (!at) throw reminderError('futureDate');
      const moved = await this.updatePending(user, id, `due_at = $3, next_attempt_at = $3, attempts = 0, last_error = NULL`, [id, user.id, at]);
      this.wakeups?.emit(at);
      await this.scheduleRender(moved);
      return moved;
    }
    if (current.status === 'cancelled') throw reminderError('onlySent');
    if ((current.snoozes ?? 0) >= MAX_SNOOZES) throw new SnoozeLimitReached();
    const at = parseFutureInstant(dueAt, this.clock.now());
    if (!at) throw reminderError('futureDate');
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
        snoozes: (current.snoozes ?? 0) + 1,
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
      throw exists ? reminderError('triggerOnlyPending') : reminderError('notFound');
    }
    this.wakeups?.emit(new Date(0));
    return this.repo.findOneByOrFail({ id });
  }

  /**
   * Admin edit: fields and any of pending/sent/failed, each move stamped like the dispatcher's.
   * A conditional UPDATE on the status read and on no live delivery lease: an edit racing the
   * dispatcher (which moves pending → sent under its lease) is refused, never overwritten.
   */
  async adminUpdate(id: number, input: AdminUpdateInput): Promise<Reminder> {
    const r = await this.repo.findOne({ where: { id: this.checkId(id) } });
    if (!r) throw reminderError('notFound');
    const sets: string[] = [];
    const params: unknown[] = [id, r.status];
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
    if (input.languageCode !== undefined) {
      if (input.languageCode !== 'fr' && input.languageCode !== 'en') throw reminderError('language');
      set('language_code = ?', input.languageCode);
    }
    if (input.status !== undefined && input.status !== r.status) {
      if (!['pending', 'sent', 'failed'].includes(input.status)) throw reminderError('adminStatus');
      const now = this.clock.now();
      set('status = ?', input.status);
      set('status_changed_at = ?', now);
      sets.push('lease_owner = NULL', 'lease_until = NULL');
      if (input.status === 'sent') set('sent_at = ?', now);
      if (input.status === 'failed') set('failed_at = ?', now);
      if (input.status === 'pending') {
        sets.push('attempts = 0');
        set('next_attempt_at = ?', new Date(Math.max(now.getTime(), new Date(r.dueAt).getTime())));
      }
    }
    if (!sets.length) return r;
    // Marked sent by an admin counts as delivered (the user becomes active), in the same statement.
    const changed: Array<{ id: number }> = await this.dataSource.query(
      `WITH changed AS (
         UPDATE reminders SET ${sets.join(', ')}, updated_at = now()
          WHERE id = $1 AND status = $2 AND NOT (status = 'pending' AND lease_until IS NOT NULL AND lease_until >= now())
         RETURNING id, user_id, CASE WHEN status = 'sent' THEN sent_at END AS at),
       active AS (${recordActivitySql('changed')})
       SELECT id FROM changed`,
      params,
    );
    if (!changed.length) throw reminderError('changedMeanwhile');
    const saved = await this.repo.findOneByOrFail({ id });
    if (saved.status === 'pending') {
      this.wakeups?.emit(saved.nextAttemptAt);
      await this.scheduleRender(saved);
    }
    return saved;
  }

  /** Admin delete: any status, refused only while a delivery is in flight. */
  async adminDelete(id: number): Promise<Reminder> {
    const r = await this.repo.findOne({ where: { id: this.checkId(id) } });
    if (!r) throw reminderError('notFound');
    const res: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM reminders WHERE id = $1 AND NOT (status = 'pending' AND lease_until IS NOT NULL AND lease_until >= now()) RETURNING id`,
      [id],
    );
    if (!res[1]) throw reminderError('inDelivery');
    return r;
  }

  /**
   * Creations per user per minute and per day, on every plan (Premium included): a script or a
   * runaway client cannot fill the dispatcher. Counted from the quota ledger under the user's
   * row lock, so parallel requests cannot slip past.
   */
  private async assertCreationRate(userId: number, m: { query: DataSource['query'] }, adding: number): Promise<void> {
    const [row]: Array<{ minute: number; day: number }> = await m.query(
      `SELECT count(*) FILTER (WHERE created_at > now() - interval '1 minute')::int AS minute,
              count(*)::int AS day
         FROM reminder_creations WHERE user_id = $1 AND created_at > now() - interval '1 day'`,
      [userId],
    );
    if (row.minute + adding > CREATION_LIMITS.perMinute) throw new ReminderRateLimited(60);
    if (row.day + adding > CREATION_LIMITS.perDay) throw new ReminderRateLimited(3600);
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
      rrule: row.rrule ?? null,
    }));
  }

  /**
   * Records deliveries; for a repeating reminder the next occurrence is computed in its zone and
   * inserted in the same transaction, so a crash can neither skip nor double an occurrence.
   * One-off reminders (the bulk) are marked by a single statement; only the rest (repeating ones,
   * or leases lost meanwhile) go through the transaction.
   */
  async markSent(owner: string, items: SentItem[]): Promise<number[]> {
    if (!items.length) return [];
    const plain: Array<{ id: number }> = await this.dataSource.query(markSentSql('AND r.rrule IS NULL', 'r.id'), markSentParams(owner, items));
    const done = new Set(plain.map((r) => r.id));
    const rest = items.filter((i) => !done.has(i.id));
    if (!rest.length) return [...done];
    const { ids, next } = await this.dataSource.transaction(async (m) => {
      const rows: Array<Record<string, any>> = await m.query(markSentSql('', `${SERIES_COLUMNS}, v.at AS sent_at`), markSentParams(owner, rest));
      const repeating = rows.filter((r) => r.rrule);
      return { ids: rows.map((r) => r.id as number), next: repeating.length ? await this.insertNextOccurrences(m, repeating) : [] };
    });
    if (next.length) this.wakeups?.emit(new Date(0));
    return [...done, ...ids];
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

  /**
   * Parks a due reminder whose user cannot be reached yet: still pending, marked with why, its
   * next attempt pushed past any real date so the claim query (ordered by next_attempt_at) never
   * returns it until `releaseWaiting`. The attempt is not counted.
   */
  async markWaiting(owner: string, id: number, reason: ReminderWait, error: string): Promise<boolean> {
    const res: [unknown[], number] = await this.dataSource.query(
      `UPDATE reminders SET waiting_for = $3, next_attempt_at = $5, last_error = $4, attempts = 0,
              lease_owner = NULL, lease_until = NULL, updated_at = now()
        WHERE id = $1 AND lease_owner = $2 AND status = 'pending' RETURNING id`,
      [id, owner, reason, error.slice(0, 2000), PARKED_UNTIL],
    );
    return res[1] > 0;
  }

  /** See releaseWaitingReminders: the user can be reached now; their waiting reminders go out. */
  async releaseWaiting(userId: number): Promise<number> {
    const n = await releaseWaitingReminders(this.dataSource, userId);
    if (n > 0) this.wakeups?.emit(new Date(0));
    return n;
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

  /**
   * Records a part as sent, before the next part is attempted: resolves once its row is
   * committed (rows of concurrent deliveries share one INSERT).
   */
  recordPartSent(id: number, dueAt: Date, part: ReminderPart, providerMessageId?: string): Promise<void> {
    return this.partWrites.add({ id, dueAt, part, providerMessageId: providerMessageId?.slice(0, 128) ?? null });
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

  /**
   * Inserts the occurrence after each of `rows` (repeating rows just sent or skipped), due after
   * the later of their due time and `now` (a late delivery does not replay the missed ones).
   * Returns the new ids. The partial unique index on pending rows per series makes a second
   * insert for the same series fail rather than double an occurrence.
   */
  private async insertNextOccurrences(m: EntityManager, rows: Array<Record<string, any>>, now?: Date): Promise<number[]> {
    const next: Array<{ row: Record<string, any>; at: Date }> = [];
    for (const row of rows) {
      const dueAt = new Date(row.due_at);
      const sentAt = row.sent_at ? new Date(row.sent_at) : (now ?? dueAt);
      const after = new Date(Math.max(dueAt.getTime(), sentAt.getTime()));
      let at: Date | null = null;
      try {
        at = nextOccurrence(row.rrule, row.timezone, new Date(row.series_start ?? row.due_at), after);
      } catch {
        at = null; // a rule stored before a parser change: the series ends rather than the batch failing
      }
      if (at) next.push({ row, at });
    }
    if (!next.length) return [];
    const inserted: Array<{ id: number }> = await m.query(
      `INSERT INTO reminders (user_id, subject, reminder_text, due_at, next_attempt_at, timezone, language_code, source, status, status_changed_at, rrule, series_id, series_start)
       SELECT v.user_id, v.subject, v.reminder_text, v.at, v.at, v.timezone, v.language_code, v.source, 'pending', now(), v.rrule, v.series_id, v.series_start
         FROM unnest($1::int[], $2::text[], $3::text[], $4::timestamptz[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int[], $10::timestamptz[])
              AS v(user_id, subject, reminder_text, at, timezone, language_code, source, rrule, series_id, series_start)
       RETURNING id`,
      [
        next.map((n) => n.row.user_id),
        next.map((n) => n.row.subject),
        next.map((n) => n.row.reminder_text),
        next.map((n) => n.at),
        next.map((n) => n.row.timezone),
        next.map((n) => n.row.language_code),
        next.map((n) => n.row.source),
        next.map((n) => n.row.rrule),
        next.map((n) => n.row.series_id ?? n.row.id),
        next.map((n) => n.row.series_start ?? n.row.due_at),
      ],
    );
    return inserted.map((r) => r.id);
  }

  private checkRule(rule: string): string {
    try {
      parseRrule(rule);
      return rule.trim().replace(/^RRULE:/i, '').toUpperCase();
    } catch (e) {
      if (e instanceof RecurrenceError) throw new InvalidRepeatException();
      throw e;
    }
  }

  /** The first occurrence of the series starting at `from` (itself when it fits the rule). */
  private firstFitting(rule: string, zone: string, from: Date): Date {
    const [first] = occurrencesAfter(rule, zone, from, new Date(from.getTime() - 1), 1);
    if (!first) throw new InvalidRepeatException('This repetition has no occurrence left.');
    return first;
  }

  /**
   * The rule for a series restarted from `current`'s occurrence: COUNT becomes the occurrences left, so moving the
   * series neither adds nor removes occurrences. A newly given rule is taken as it is.
   */
  private ruleFromHere(rule: string, current: Reminder, newRule: boolean): string {
    const parsed = parseRrule(rule);
    if (newRule || parsed.count === null || !current.seriesStart) return rule;
    const start = new Date(current.seriesStart);
    const before = occurrencesAfter(rule, current.timezone, start, new Date(start.getTime() - 1), parsed.count).filter(
      (d) => d.getTime() < new Date(current.dueAt).getTime(),
    ).length;
    const left = Math.max(1, parsed.count - before);
    return rule.replace(/COUNT=\d+/i, `COUNT=${left}`);
  }

  private async assertPremium(userId: number): Promise<void> {
    const [u] = await this.dataSource.query(`SELECT plan, trial_ends_at, subscription_ends_at FROM users WHERE id = $1`, [userId]);
    if (!u || entitlement({ plan: u.plan, trialEndsAt: u.trial_ends_at, subscriptionEndsAt: u.subscription_ends_at }, this.clock.now()).plan !== 'premium') {
      throw new RepeatRequiresPremiumException();
    }
  }

  private checkId(id: number): number {
    if (!Number.isSafeInteger(id) || id <= 0 || id > MAX_DB_INT) throw reminderError('notFound');
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
