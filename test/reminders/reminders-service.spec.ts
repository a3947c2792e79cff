import { ConflictException, NotFoundException } from '@nestjs/common';
import { Clock } from '../../api/reminders/clock';
import { QuotaExceededException } from '../../api/reminders/quota-exceeded.exception';
import { QuotaService } from '../../api/reminders/quota.service';
import { REMINDER_MESSAGES } from '../../api/reminders/reminder-rules';
import { RemindersService } from '../../api/reminders/reminders.service';
import { testDatabases } from '../support/test-db';
import { insertUser, scratchDb, ScratchDb } from './reminders-db';

const DAY = 86_400_000;

/** A clock the test moves by hand: quota windows are checked at exact instants. */
class ManualClock implements Clock {
  constructor(public t: number) {}
  now() {
    return new Date(this.t);
  }
  advance(ms: number) {
    this.t += ms;
  }
}

describe.each(testDatabases())('RemindersService and quota on %s', (kind) => {
  let db: ScratchDb;
  let clock: ManualClock;
  let quota: QuotaService;
  let reminders: RemindersService;

  beforeAll(async () => {
    db = await scratchDb(kind);
  });
  afterAll(async () => {
    await db?.close();
  });
  beforeEach(() => {
    clock = new ManualClock(Date.now());
    quota = new QuotaService(db.ds, clock);
    reminders = new RemindersService(db.ds, quota, clock);
  });

  const make = (user: { id: number } & Record<string, any>, n = 1) =>
    reminders.create(user as any, { subject: `Call ${n}`, reminderText: 'Call the plumber back', time: new Date(clock.t + DAY).toISOString() });

  it('Basic: the 5th is accepted, the 6th refused with when the oldest leaves the window', async () => {
    const user = await insertUser(db.ds, { plan: 'basic', language: 'fr', timezone: 'Europe/Paris' });
    const first = clock.t;
    for (let i = 1; i <= 5; i++) {
      await make(user, i);
      clock.advance(3600_000);
    }
    expect(await quota.usage(user as any)).toEqual({ limit: 5, used: 5, windowDays: 7, nextAvailableAt: new Date(first + 7 * DAY) });
    const refused = await make(user, 6).catch((e) => e);
    expect(refused).toBeInstanceOf(QuotaExceededException);
    const body = refused.getResponse();
    expect(body).toMatchObject({ statusCode: 403, error: 'Forbidden', upgradeUrl: '/pricing', nextAvailableAt: new Date(first + 7 * DAY).toISOString() });
    expect(body.message).toMatch(/^Vous avez atteint la limite de 5 rappels/);
    expect(body.message).toContain('/pricing');

    // One millisecond before the oldest leaves: still refused; at that instant: accepted.
    clock.t = first + 7 * DAY - 1;
    await expect(make(user, 7)).rejects.toBeInstanceOf(QuotaExceededException);
    clock.t = first + 7 * DAY;
    await expect(make(user, 8)).resolves.toMatchObject({ status: 'pending' });
  });

  it('cancelled and deleted reminders still count (no create/cancel gaming)', async () => {
    const user = await insertUser(db.ds, { plan: 'free' });
    for (let i = 1; i <= 5; i++) {
      const r = await make(user, i);
      if (i % 2) await reminders.cancel(user, r.id);
      else await reminders.delete(user, r.id);
    }
    await expect(make(user, 6)).rejects.toBeInstanceOf(QuotaExceededException);
  });

  it('trial is unlimited; legacy Standard allows 10', async () => {
    const trial = await insertUser(db.ds, { plan: 'basic', trialEndsAt: new Date(clock.t + 3 * DAY) });
    for (let i = 1; i <= 12; i++) await make(trial, i);
    expect(await quota.usage(trial as any)).toMatchObject({ limit: null, used: 12, nextAvailableAt: null });

    const standard = await insertUser(db.ds, { plan: 'standard' });
    for (let i = 1; i <= 10; i++) await make(standard, i);
    await expect(make(standard, 11)).rejects.toBeInstanceOf(QuotaExceededException);

    // After the trial ends the same account is Basic, and its 12 recent creations count.
    clock.advance(4 * DAY);
    await expect(make(trial, 13)).rejects.toBeInstanceOf(QuotaExceededException);
  });

  it('concurrent creations cannot both take the last slot', async () => {
    const user = await insertUser(db.ds, { plan: 'basic' });
    for (let i = 1; i <= 4; i++) await make(user, i);
    const results = await Promise.allSettled(Array.from({ length: 4 }, (_, i) => make(user, 10 + i)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await quota.usage(user as any)).used).toBe(5);
  });

  it("another user's reminder is a 404 for every action", async () => {
    const owner = await insertUser(db.ds, { plan: 'premium' });
    const other = await insertUser(db.ds, { plan: 'premium' });
    const r = await make(owner);
    await expect(reminders.get(other, r.id)).rejects.toBeInstanceOf(NotFoundException);
    await expect(reminders.update(other, r.id, { subject: 'Mine now' })).rejects.toBeInstanceOf(NotFoundException);
    await expect(reminders.cancel(other, r.id)).rejects.toBeInstanceOf(NotFoundException);
    await expect(reminders.delete(other, r.id)).rejects.toBeInstanceOf(NotFoundException);
    await expect(reminders.snooze(other as any, r.id, new Date(clock.t + DAY))).rejects.toBeInstanceOf(NotFoundException);
    expect((await reminders.get(owner, r.id)).subject).toBe('Call 1');
    expect(await reminders.list(other)).toEqual([]);
  });

  it('validates, defaults zone and language from the user, lists newest due first', async () => {
    const user = await insertUser(db.ds, { plan: 'premium', language: 'en', timezone: 'America/Chicago' });
    await expect(reminders.create(user as any, { subject: 'ok', reminderText: 'long enough text', time: new Date(clock.t + DAY).toISOString() })).rejects.toThrow(REMINDER_MESSAGES.subjectTooShort);
    await expect(reminders.create(user as any, { subject: 'Dentist', reminderText: 'long enough text', time: new Date(clock.t - 1).toISOString() })).rejects.toThrow(REMINDER_MESSAGES.futureDate);
    const a = await reminders.create(user as any, { subject: 'Early', reminderText: 'long enough text', time: new Date(clock.t + DAY).toISOString() });
    const b = await reminders.create(user as any, { subject: 'Late', reminderText: 'long enough text', time: new Date(clock.t + 2 * DAY).toISOString(), timezone: 'Asia/Tokyo' });
    expect(a).toMatchObject({ timezone: 'America/Chicago', languageCode: 'en', source: 'portal' });
    expect(b.timezone).toBe('Asia/Tokyo');
    expect((await reminders.list(user)).map((r) => r.subject)).toEqual(['Late', 'Early']);
    // The bot may omit the text (it becomes the subject) and pick the language.
    const c = await reminders.createForUser(user as any, { subject: 'gym', dueAt: new Date(clock.t + 3 * DAY), languageCode: 'fr', source: 'bot' });
    expect(c).toMatchObject({ reminderText: 'gym', languageCode: 'fr', source: 'bot' });
    expect((await reminders.listUpcoming(user)).map((r) => r.subject)).toEqual(['Early', 'Late', 'gym']);
  });

  it('status moves: reschedule resets attempts; cancel only from pending, stamped; snooze of a sent reminder makes a new one', async () => {
    const user = await insertUser(db.ds, { plan: 'premium' });
    const r = await make(user);
    await db.ds.query(`UPDATE reminders SET attempts = 3, last_error = 'x' WHERE id = $1`, [r.id]);
    const later = new Date(clock.t + 5 * DAY);
    const moved = await reminders.reschedule(user, r.id, later);
    expect(moved).toMatchObject({ attempts: 0, lastError: null });
    expect(moved.dueAt.getTime()).toBe(later.getTime());
    expect(moved.nextAttemptAt.getTime()).toBe(later.getTime());

    const cancelled = await reminders.update(user, r.id, { status: 'cancelled' });
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.cancelledAt).toBeInstanceOf(Date);
    expect(cancelled.statusChangedAt).toBeInstanceOf(Date);
    await expect(reminders.update(user, r.id, { subject: 'Changed subject' })).rejects.toBeInstanceOf(ConflictException);

    const s = await make(user, 2);
    // The dispatcher's path: claim under a lease, then mark sent.
    await db.ds.query(`UPDATE reminders SET next_attempt_at = now() - interval '1 second' WHERE id = $1`, [s.id]);
    const claimed = await reminders.claimDue('test-owner', 10, 30);
    expect(claimed.map((c) => c.id)).toContain(s.id);
    // While leased (in delivery) the user cannot move it.
    await expect(reminders.cancel(user, s.id)).rejects.toThrow(REMINDER_MESSAGES.inDelivery);
    expect(await reminders.markSent('someone-else', [{ id: s.id, at: new Date(), channel: 'simulator' }])).toEqual([]);
    expect(await reminders.markSent('test-owner', [{ id: s.id, at: new Date(), channel: 'simulator' }])).toEqual([s.id]);
    const sent = await reminders.get(user, s.id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, channel: 'simulator', leaseOwner: null });
    expect(sent.sentAt).toBeInstanceOf(Date);

    const again = await reminders.snooze(user as any, s.id, new Date(clock.t + DAY));
    expect(again.id).not.toBe(s.id);
    expect(again).toMatchObject({ status: 'pending', subject: sent.subject, source: 'snooze' });
    expect((await reminders.get(user, s.id)).status).toBe('sent');
  });

  it('admin trigger: pending only, due now', async () => {
    const user = await insertUser(db.ds, { plan: 'premium' });
    const r = await make(user);
    const t = await reminders.triggerNow(r.id);
    expect(t.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await reminders.claimDue('admin-test', 1000, 30)).map((c) => c.id)).toContain(r.id);
    await reminders.markSent('admin-test', [{ id: r.id, at: new Date(), channel: 'simulator' }]);
    await expect(reminders.triggerNow(r.id)).rejects.toThrow(REMINDER_MESSAGES.triggerOnlyPending);
    await expect(reminders.triggerNow(999_999)).rejects.toBeInstanceOf(NotFoundException);
  });
});
