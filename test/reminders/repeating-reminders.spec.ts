import { DateTime } from 'luxon';
import { Clock } from '../../api/reminders/clock';
import { QuotaExceededException } from '../../api/reminders/quota-exceeded.exception';
import { QuotaService } from '../../api/reminders/quota.service';
import { InvalidRepeatException, RepeatRequiresPremiumException } from '../../api/reminders/repeat-errors';
import { RemindersService } from '../../api/reminders/reminders.service';
import { repeatFields } from '../../api/reminders/reminder-view';
import { testDatabases } from '../support/test-db';
import { insertUser, scratchDb, ScratchDb } from './reminders-db';

const DAY = 86_400_000;
const PARIS = 'Europe/Paris';

class ManualClock implements Clock {
  constructor(public t: number) {}
  now() {
    return new Date(this.t);
  }
}

/** Wall-clock times of instants in a zone, so expectations read like a calendar. */
const wall = (d: Date | string, zone = PARIS) => DateTime.fromJSDate(new Date(d), { zone }).toFormat("ccc yyyy-LL-dd HH:mm");

describe.each(testDatabases())('repeating reminders in RemindersService (%s)', (kind) => {
  let db: ScratchDb;
  let reminders: RemindersService;
  const clock = new ManualClock(Date.now());

  beforeAll(async () => {
    db = await scratchDb(kind);
    reminders = new RemindersService(db.ds, new QuotaService(db.ds, clock), clock);
  });
  afterAll(async () => {
    await db?.close();
  });

  const premium = () => insertUser(db.ds, { plan: 'premium', language: 'fr', timezone: PARIS });
  const at = (iso: string, zone = PARIS) => DateTime.fromISO(iso, { zone }).toJSDate();
  const rowsOf = async (seriesId: number) =>
    (await db.ds.query(`SELECT id, status, due_at, rrule, series_start FROM reminders WHERE series_id = $1 ORDER BY due_at, id`, [seriesId])) as Array<{
      id: number;
      status: string;
      due_at: Date;
      rrule: string;
    }>;
  /** The dispatcher's way of recording a delivery: lease it (made due now), then mark it sent. */
  const deliver = async (id: number, owner = 'test-instance') => {
    await db.ds.query(`UPDATE reminders SET next_attempt_at = now() - interval '1 second' WHERE id = $1`, [id]);
    const claimed = await reminders.claimDue(owner, 1000, 30);
    const mine = claimed.filter((c) => c.id === id);
    expect(mine).toHaveLength(1);
    await reminders.releaseLeases(owner, claimed.filter((c) => c.id !== id).map((c) => c.id));
    expect(await reminders.markSent(owner, [{ id, at: new Date(), channel: 'simulator' }])).toEqual([id]);
    return mine[0];
  };
  const create = (user: any, input: Record<string, any>) => reminders.createForUser(user, { source: 'bot', ...input } as any);
  const pendingOf = async (seriesId: number) => (await rowsOf(seriesId)).filter((r) => r.status === 'pending');

  it('is Premium (the trial included): Basic is refused with a coded 403, nothing is stored or counted', async () => {
    const basic = await insertUser(db.ds, { plan: 'basic', timezone: PARIS });
    const err = await reminders
      .createForUser(basic as any, { subject: 'Poubelles', dueAt: new Date(clock.t + DAY), rrule: 'FREQ=WEEKLY;BYDAY=MO', source: 'bot' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(RepeatRequiresPremiumException);
    expect(err.code).toBe('repeat_requires_premium');
    expect(err.getStatus()).toBe(403);
    expect(err.getResponse()).toMatchObject({ statusCode: 403, code: 'repeat_requires_premium', upgradeUrl: '/pricing' });
    const [{ n }] = await db.ds.query(`SELECT count(*)::int AS n FROM reminders WHERE user_id = $1`, [basic.id]);
    expect(n).toBe(0);

    const trial = await insertUser(db.ds, { plan: 'basic', trialEndsAt: new Date(clock.t + 3 * DAY), timezone: PARIS });
    await expect(
      create(trial as any, { subject: 'Poubelles', dueAt: new Date(clock.t + DAY), rrule: 'FREQ=DAILY', source: 'bot' }),
    ).resolves.toMatchObject({ rrule: 'FREQ=DAILY' });
  });

  it('an unsupported rule is a coded 400', async () => {
    const user = await premium();
    const err = await create(user as any, { subject: 'Pill', dueAt: new Date(clock.t + DAY), rrule: 'FREQ=SECONDLY' }).catch((e) => e);
    expect(err).toBeInstanceOf(InvalidRepeatException);
    expect(err.getStatus()).toBe(400);
  });

  it('every 30 minutes (MINUTELY, 5 minutes and up): delivered, the next one follows 30 minutes later; described in words', async () => {
    const user = await premium();
    const tooShort = await create(user as any, { subject: 'Boire', dueAt: new Date(clock.t + DAY), rrule: 'FREQ=MINUTELY;INTERVAL=2' }).catch((e) => e);
    expect(tooShort).toBeInstanceOf(InvalidRepeatException);
    const r = await create(user as any, { subject: 'Boire', dueAt: new Date(clock.t + DAY), rrule: 'FREQ=MINUTELY;INTERVAL=30', languageCode: 'fr' });
    await deliver(r.id);
    const [next] = await pendingOf(r.id);
    expect(new Date(next.due_at).getTime() - new Date(r.dueAt).getTime()).toBe(30 * 60_000);
    const rows = await reminders.list(user);
    const pending = await reminders.pendingBySeries(rows);
    const view = repeatFields(rows.find((x) => x.id === next.id)!, pending);
    expect(view.repeatDescription).toBe('toutes les 30 minutes');
    expect(view.nextOccurrenceAt).toBe(new Date(next.due_at).toISOString());
  });

  it('the first occurrence fits the rule: a weekly Monday asked for a Wednesday starts the next Monday, same time', async () => {
    const user = await premium();
    const wednesday = DateTime.fromMillis(clock.t, { zone: PARIS }).plus({ weeks: 1 }).set({ weekday: 3, hour: 8, minute: 0, second: 0, millisecond: 0 });
    const r = await create(user as any, { subject: 'Poubelles', dueAt: wednesday.toJSDate(), rrule: 'FREQ=WEEKLY;BYDAY=MO' });
    expect(wall(r.dueAt)).toBe(`Mon ${wednesday.plus({ days: 5 }).toFormat('yyyy-LL-dd')} 08:00`);
    expect(r.seriesId).toBe(r.id);
    expect(new Date(r.seriesStart!)).toEqual(new Date(r.dueAt));
  });

  it('each recorded delivery inserts the next occurrence in the zone, 02:30 across the March change; COUNT ends it', async () => {
    const user = await premium();
    // Moved onto the next March change (delivered now, i.e. early: the next one follows its due time).
    const r = await create(user as any, { subject: 'Pilule', dueAt: new Date(clock.t + DAY), rrule: 'FREQ=DAILY;COUNT=4' });
    const start = at('2027-03-26T02:30');
    await db.ds.query(`UPDATE reminders SET due_at = $2, series_start = $2 WHERE id = $1`, [r.id, start]);
    let current = r.id;
    const delivered: string[] = [];
    for (let i = 0; i < 4; i++) {
      const due = await deliver(current);
      expect(due.rrule).toBe('FREQ=DAILY;COUNT=4');
      delivered.push(wall(due.dueAt));
      const pending = await pendingOf(r.id);
      if (i < 3) {
        expect(pending).toHaveLength(1);
        current = pending[0].id;
      } else expect(pending).toHaveLength(0);
    }
    expect(delivered).toEqual(['Fri 2027-03-26 02:30', 'Sat 2027-03-27 02:30', 'Sun 2027-03-28 03:30', 'Mon 2027-03-29 02:30']);
    expect((await rowsOf(r.id)).map((x) => x.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
  });

  it('a late delivery does not replay missed occurrences; UNTIL ends the series', async () => {
    const user = await premium();
    const r = await create(user as any, { subject: 'Arroser', dueAt: new Date(clock.t + DAY), rrule: 'FREQ=DAILY' });
    // Its due time was three days ago (the service was down): the next one is tomorrow-ish, not the day after the due time.
    const threeDaysAgo = new Date(Date.now() - 3 * DAY);
    await db.ds.query(`UPDATE reminders SET due_at = $2, series_start = $2 WHERE id = $1`, [r.id, threeDaysAgo]);
    await deliver(r.id);
    const [next] = await pendingOf(r.id);
    expect(new Date(next.due_at).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(next.due_at).getTime()).toBeLessThanOrEqual(Date.now() + DAY);

    const until = DateTime.fromMillis(clock.t, { zone: PARIS }).plus({ days: 1 }).toFormat('yyyyLLdd');
    const u = await create(user as any, { subject: 'Arroser', dueAt: new Date(clock.t + DAY), rrule: `FREQ=DAILY;UNTIL=${until}` });
    await deliver(u.id);
    expect(await pendingOf(u.id)).toHaveLength(0);
  });

  it('a weekly 08:00 in New York across November keeps 08:00', async () => {
    const user = await insertUser(db.ds, { plan: 'premium', timezone: 'America/New_York' });
    const r = await create(user as any, { subject: 'Trash out', dueAt: new Date(clock.t + DAY), rrule: 'FREQ=WEEKLY;BYDAY=MO' });
    const start = at('2027-11-01T08:00', 'America/New_York');
    await db.ds.query(`UPDATE reminders SET due_at = $2, series_start = $2 WHERE id = $1`, [r.id, start]);
    await deliver(r.id);
    const [next] = await pendingOf(r.id);
    expect(wall(next.due_at, 'America/New_York')).toBe('Mon 2027-11-08 08:00');
    expect(new Date(next.due_at).toISOString()).toBe('2027-11-08T13:00:00.000Z');
  });

  it('counts once against the quota, however many occurrences follow', async () => {
    const user = await insertUser(db.ds, { plan: 'premium', timezone: PARIS });
    const r = await create(user as any, { subject: 'Pill', dueAt: new Date(clock.t + DAY), rrule: 'FREQ=DAILY' });
    let id = r.id;
    for (let i = 0; i < 3; i++) {
      await deliver(id);
      id = (await pendingOf(r.id))[0].id;
    }
    const [{ n }] = await db.ds.query(`SELECT count(*)::int AS n FROM reminder_creations WHERE user_id = $1`, [user.id]);
    expect(n).toBe(1);
  });

  it('skip one occurrence: that one is cancelled, the series goes on at its time', async () => {
    const user = await premium();
    const r = await create(user as any, { subject: 'Sport', dueAt: at(DateTime.fromMillis(clock.t + DAY, { zone: PARIS }).toFormat("yyyy-LL-dd'T'18:00")), rrule: 'FREQ=DAILY' });
    const next = await reminders.skipOccurrence(user, r.id);
    expect((await reminders.get(user, r.id)).status).toBe('cancelled');
    expect(next!.seriesId).toBe(r.id);
    expect(new Date(next!.dueAt).getTime() - new Date(r.dueAt).getTime()).toBe(DAY);
    expect(wall(next!.dueAt).endsWith('18:00')).toBe(true);
  });

  it('stop the series from a delivered occurrence; cancel of the pending one ends it too', async () => {
    const user = await premium();
    const r = await create(user as any, { subject: 'Sport', dueAt: new Date(clock.t + DAY), rrule: 'FREQ=DAILY' });
    await deliver(r.id);
    expect(await pendingOf(r.id)).toHaveLength(1);
    const stopped = await reminders.stopSeries(user, r.id);
    expect(stopped!.status).toBe('cancelled');
    expect(await pendingOf(r.id)).toHaveLength(0);
    expect(await reminders.stopSeries(user, r.id)).toBeNull();

    const s = await create(user as any, { subject: 'Sport', dueAt: new Date(clock.t + DAY), rrule: 'FREQ=DAILY' });
    await reminders.cancel(user, s.id);
    expect(await pendingOf(s.id)).toHaveLength(0);
  });

  it('snoozing an occurrence does not move the series; editing the time does (COUNT keeps what is left)', async () => {
    const user = await premium();
    const day1 = DateTime.fromMillis(clock.t, { zone: PARIS }).plus({ days: 2 }).set({ hour: 8, minute: 0, second: 0, millisecond: 0 });
    const r = await create(user as any, { subject: 'Pilule', dueAt: day1.toJSDate(), rrule: 'FREQ=DAILY;COUNT=3' });
    // Snooze a delivered occurrence: a one-off copy, the series' next occurrence untouched.
    await deliver(r.id);
    const [second] = await pendingOf(r.id);
    expect(wall(second.due_at)).toBe(wall(day1.plus({ days: 1 }).toJSDate()));
    const copy = await reminders.snooze(user as any, r.id, day1.plus({ hours: 1 }).toJSDate());
    expect(copy.rrule).toBeNull();
    expect(copy.seriesId).toBeNull();
    expect((await pendingOf(r.id)).map((p) => p.id)).toEqual([second.id]);
    // Snooze the pending occurrence: only it moves; the one after stays at 08:00.
    const snoozed = await reminders.snooze(user as any, second.id, day1.plus({ days: 1, hours: 2 }).toJSDate());
    expect(wall(snoozed.dueAt)).toBe(wall(day1.plus({ days: 1, hours: 2 }).toJSDate()));
    expect(new Date(snoozed.seriesStart!)).toEqual(day1.toJSDate());
    await deliver(second.id);
    const [third] = await pendingOf(r.id);
    expect(wall(third.due_at)).toBe(wall(day1.plus({ days: 2 }).toJSDate()));
    // Edit the time of the third (last) occurrence to 18:00: the series moves, and still ends after it.
    const moved = await reminders.update(user, third.id, { time: day1.plus({ days: 2, hours: 10 }).toJSDate() });
    expect(wall(moved.dueAt).endsWith('18:00')).toBe(true);
    expect(moved.rrule).toBe('FREQ=DAILY;COUNT=1');
    await deliver(third.id);
    expect(await pendingOf(r.id)).toHaveLength(0);
  });

  it('editing the time of an endless series moves all the next ones', async () => {
    const user = await premium();
    const day1 = DateTime.fromMillis(clock.t, { zone: PARIS }).plus({ days: 2 }).set({ hour: 8, minute: 0, second: 0, millisecond: 0 });
    const r = await create(user as any, { subject: 'Pilule', dueAt: day1.toJSDate(), rrule: 'FREQ=WEEKLY;BYDAY=MO,TH' });
    const moved = await reminders.update(user, r.id, { time: day1.set({ hour: 18 }).toJSDate() });
    await deliver(moved.id);
    const [next] = await pendingOf(r.id);
    expect(wall(next.due_at).endsWith('18:00')).toBe(true);
    expect(['Mon', 'Thu']).toContain(wall(next.due_at).slice(0, 3));
  });

  it('the bot may make a pending reminder repeat (Premium) or stop repeating', async () => {
    const user = await premium();
    const r = await create(user as any, { subject: 'Pilule', dueAt: new Date(clock.t + DAY) });
    const repeating = await reminders.update(user, r.id, { rrule: 'FREQ=DAILY' });
    expect(repeating).toMatchObject({ rrule: 'FREQ=DAILY', seriesId: r.id });
    const once = await reminders.update(user, r.id, { rrule: null });
    expect(once).toMatchObject({ rrule: null, seriesId: null, seriesStart: null });
    const basic = await insertUser(db.ds, { plan: 'basic', timezone: PARIS });
    const b = await create(basic as any, { subject: 'Pilule', dueAt: new Date(clock.t + DAY) });
    await expect(reminders.update(basic, b.id, { rrule: 'FREQ=DAILY' })).rejects.toBeInstanceOf(RepeatRequiresPremiumException);
  });

  it('views: the rule, its words and the next occurrence, also on delivered occurrences', async () => {
    const user = await premium();
    const monday = DateTime.fromMillis(clock.t, { zone: PARIS }).plus({ weeks: 1 }).set({ weekday: 1, hour: 8, minute: 0, second: 0, millisecond: 0 });
    const r = await create(user as any, { subject: 'Poubelles', dueAt: monday.toJSDate(), rrule: 'FREQ=WEEKLY;BYDAY=MO', languageCode: 'fr' });
    await deliver(r.id);
    const rows = await reminders.list(user);
    const pending = await reminders.pendingBySeries(rows);
    const sent = rows.find((x) => x.id === r.id)!;
    const next = rows.find((x) => x.status === 'pending')!;
    expect(repeatFields(sent, pending)).toEqual({
      rrule: 'FREQ=WEEKLY;BYDAY=MO',
      repeatDescription: 'tous les lundis à 08:00',
      nextOccurrenceAt: new Date(next.dueAt).toISOString(),
    });
    expect(repeatFields(next, pending, 'en').repeatDescription).toBe('every Monday at 08:00');
  });

  it('one pending occurrence per series, enforced by the database', async () => {
    const user = await premium();
    const r = await create(user as any, { subject: 'Pilule', dueAt: new Date(clock.t + DAY), rrule: 'FREQ=DAILY' });
    await expect(
      db.ds.query(
        `INSERT INTO reminders (user_id, subject, reminder_text, due_at, next_attempt_at, timezone, status_changed_at, rrule, series_id, series_start)
         VALUES ($1, 'x', 'x', now(), now(), 'UTC', now(), 'FREQ=DAILY', $2, now())`,
        [user.id, r.id],
      ),
    ).rejects.toThrow();
  });

  it('several at once: the quota is checked for all of them together, all or none are stored', async () => {
    const basic = await insertUser(db.ds, { plan: 'basic', timezone: PARIS });
    for (let i = 0; i < 3; i++) await create(basic, { subject: `One ${i}`, dueAt: new Date(clock.t + DAY) });
    const three = [1, 2, 3].map((i) => ({ subject: `Many ${i}`, dueAt: new Date(clock.t + DAY), source: 'bot' as const }));
    await expect(reminders.createManyForUser(basic as any, three)).rejects.toBeInstanceOf(QuotaExceededException);
    const [{ n }] = await db.ds.query(`SELECT count(*)::int AS n FROM reminders WHERE user_id = $1`, [basic.id]);
    expect(n).toBe(3);
    const two = await reminders.createManyForUser(basic as any, three.slice(0, 2));
    expect(two.map((r) => r.subject)).toEqual(['Many 1', 'Many 2']);
    // One invalid among them: none is stored.
    const user = await premium();
    await expect(
      reminders.createManyForUser(user as any, [{ subject: 'Good one', dueAt: new Date(clock.t + DAY), source: 'bot' }, { subject: 'x', dueAt: new Date(clock.t + DAY), source: 'bot' }]),
    ).rejects.toThrow('Subject must be at least 3 characters.');
    const [{ m }] = await db.ds.query(`SELECT count(*)::int AS m FROM reminders WHERE user_id = $1`, [user.id]);
    expect(m).toBe(0);
  });

  it('quota still applies to a Basic one-off next to these rules', async () => {
    const basic = await insertUser(db.ds, { plan: 'basic', timezone: PARIS });
    for (let i = 0; i < 5; i++) await create(basic as any, { subject: `One ${i}`, dueAt: new Date(clock.t + DAY) });
    await expect(create(basic as any, { subject: 'Six', dueAt: new Date(clock.t + DAY) })).rejects.toBeInstanceOf(QuotaExceededException);
  });
});
