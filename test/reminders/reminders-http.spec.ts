import { REMINDER_DELIVERY } from '../../api/reminders/reminder-delivery.port';
import { RecordingReminderDelivery } from '../../api/reminders/recording-reminder-delivery';
import { createTestApp, TestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
let phones = Math.floor(Math.random() * 500_000);
/** French mobiles in the 0612 range (every one valid for libphonenumber), unique per call. */
const phone = () => `+33612${String(++phones).padStart(6, '0')}`;
const valid = (n = 1) => ({ subject: `Dentist ${n}`, reminderText: 'Call the dentist to confirm', time: inHours(24 + n) });

describe.each(testDatabases())('/api/reminders over HTTP (%s database)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ db: kind });
  });
  afterAll(async () => {
    await t?.close();
    await t?.db.drop();
  });

  it('needs a session', async () => {
    const res = await t.agent().get('/api/reminders');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });

  it('create, list newest due first, patch, cancel, delete', async () => {
    const { agent } = await t.registerUser({ language: 'en', phoneNumber: phone() });
    const a = await agent.post('/api/reminders').send(valid(1));
    expect(a.status).toBe(201);
    expect(Object.keys(a.body).sort()).toEqual(
      ['createdAt', 'id', 'languageCode', 'reminderText', 'reminderTime', 'status', 'subject', 'timezone', 'voiceNoteUrl', 'rrule', 'repeatDescription', 'nextOccurrenceAt', 'waitingFor'].sort(),
    );
    expect(a.body).toMatchObject({ rrule: null, repeatDescription: null, nextOccurrenceAt: a.body.reminderTime });
    expect(a.body).toMatchObject({ subject: 'Dentist 1', status: 'pending', languageCode: 'en', voiceNoteUrl: null });
    const b = await agent.post('/api/reminders').send({ ...valid(2), timezone: 'Asia/Tokyo' });
    expect(b.body.timezone).toBe('Asia/Tokyo');

    const list = await agent.get('/api/reminders?phone=%2B33600000000');
    expect(list.status).toBe(200);
    expect(list.body.map((r: { id: number }) => r.id)).toEqual([b.body.id, a.body.id]);

    const later = inHours(72);
    const p = await agent.patch(`/api/reminders/${a.body.id}`).send({ subject: 'Dentist moved', time: later });
    expect(p.status).toBe(200);
    expect(p.body).toMatchObject({ subject: 'Dentist moved', reminderTime: later });

    const c = await agent.patch(`/api/reminders/${a.body.id}`).send({ status: 'cancelled' });
    expect(c.body.status).toBe('cancelled');
    const again = await agent.patch(`/api/reminders/${a.body.id}`).send({ time: inHours(80) });
    expect(again.status).toBe(409);

    const d = await agent.delete(`/api/reminders/${b.body.id}?phone=%2B33600000000`);
    expect(d.status).toBe(200);
    expect((await agent.get('/api/reminders')).body.map((r: { id: number }) => r.id)).toEqual([a.body.id]);
  });

  it.each([
    [{ subject: 'ab' }, 'Subject must be at least 3 characters.'],
    [{ reminderText: 'short' }, 'Reminder text must be at least 10 characters.'],
    [{ time: new Date(Date.now() - 60_000).toISOString() }, 'Please select a future date.'],
    [{ time: 'not a date' }, 'Please select a future date.'],
    [{ subject: { $gt: '' } }, 'Subject must be at least 3 characters.'],
    [{ subject: 'x'.repeat(100_000) }, 'Subject must be at most 200 characters.'],
    [{ timezone: 'Nowhere/Land' }, 'Timezone must be a valid IANA zone such as Europe/Paris.'],
  ])('400 on %#', async (patch, message) => {
    const { agent } = await t.registerUser({ phoneNumber: phone() });
    const res = await agent.post('/api/reminders').send({ ...valid(), ...patch });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', message });
    // The one error shape, plus the rule's code where the refusal is a reminder rule's.
    expect(Object.keys(res.body).filter((k) => !['statusCode', 'error', 'message', 'code'].includes(k))).toEqual([]);
  });

  it('odd ids are 404, never 500; another user’s reminder is 404', async () => {
    const owner = await t.registerUser({ phoneNumber: phone() });
    const other = await t.registerUser({ phoneNumber: phone() });
    const r = await owner.agent.post('/api/reminders').send(valid());
    for (const id of ['abc', '0', '-5', '99999999999999', '1e3']) {
      expect((await owner.agent.patch(`/api/reminders/${id}`).send({ subject: 'Anything' })).status).toBe(404);
      expect((await owner.agent.delete(`/api/reminders/${id}`)).status).toBe(404);
    }
    expect((await other.agent.patch(`/api/reminders/${r.body.id}`).send({ status: 'cancelled' })).status).toBe(404);
    expect((await other.agent.delete(`/api/reminders/${r.body.id}`)).status).toBe(404);
    expect((await owner.agent.patch(`/api/reminders/${r.body.id}`).send({ status: 'sent' })).status).toBe(400);
  });

  it('403 over quota with when and where to upgrade, in the user language', async () => {
    const { agent, user } = await t.registerUser({ language: 'fr', phoneNumber: phone() });
    // New accounts start on a Premium trial; end it so the Basic quota applies.
    await t.dataSource.query(`UPDATE users SET trial_ends_at = now() - interval '1 day', plan = 'basic' WHERE id = $1`, [user.id]);
    const created: string[] = [];
    for (let i = 1; i <= 5; i++) {
      const res = await agent.post('/api/reminders').send(valid(i));
      expect(res.status).toBe(201);
      created.push(res.body.createdAt);
    }
    const res = await agent.post('/api/reminders').send(valid(6));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ statusCode: 403, error: 'Forbidden', upgradeUrl: '/pricing' });
    expect(res.body.message).toMatch(/^Vous avez atteint la limite de 5 rappels sur 7 jours/);
    const expected = new Date(created[0]).getTime() + 7 * 86_400_000;
    expect(Math.abs(new Date(res.body.nextAvailableAt).getTime() - expected)).toBeLessThan(1000);
  });
});

describe.each(testDatabases())('repeating reminders over HTTP (%s database)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ db: kind });
  });
  afterAll(async () => {
    await t?.close();
    await t?.db.drop();
  });

  /** The next Monday 08:00 in Paris, at least a day away. */
  const nextMonday8 = () => {
    const d = new Date(Date.now() + 2 * 86_400_000);
    const monday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + ((8 - d.getUTCDay()) % 7), 7, 0, 0));
    return monday;
  };

  it('repeat becomes the rule, described in the page language (else the reminder\'s); weekly days; stop repeating', async () => {
    const { agent } = await t.registerUser({ language: 'fr', phoneNumber: phone() });
    const time = nextMonday8().toISOString();
    const res = await agent.post('/api/reminders').send({ ...valid(1), time, timezone: 'Europe/Paris', repeat: 'weekly' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ rrule: 'FREQ=WEEKLY;BYDAY=MO', nextOccurrenceAt: res.body.reminderTime });
    expect(res.body.repeatDescription).toMatch(/^tous les lundis à 0[89]:00$/);

    const days = await agent.post('/api/reminders').send({ ...valid(2), time, timezone: 'Europe/Paris', repeat: 'weekly', repeatDays: ['TH', 'MO'] });
    expect(days.body.rrule).toBe('FREQ=WEEKLY;BYDAY=MO,TH');
    for (const [repeat, rule] of [['daily', 'FREQ=DAILY'], ['weekdays', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'], ['none', null]] as const) {
      const r = await agent.post('/api/reminders').send({ ...valid(3), time, timezone: 'Europe/Paris', repeat });
      expect(r.status).toBe(201);
      expect(r.body.rrule).toBe(rule);
    }
    const monthly = await agent.post('/api/reminders').send({ ...valid(4), time, timezone: 'Europe/Paris', repeat: 'monthly' });
    expect(monthly.body.rrule).toMatch(/^FREQ=MONTHLY;BYMONTHDAY=(-1|\d+)$/);
    const yearly = await agent.post('/api/reminders').send({ ...valid(5), time, timezone: 'Europe/Paris', repeat: 'yearly' });
    expect(yearly.body.rrule).toMatch(/^FREQ=YEARLY;BYMONTH=\d+;BYMONTHDAY=\d+$/);

    // The page's language words the repetition (Accept-Language), whatever the reminder's; else the reminder's.
    const english = await agent.get(`/api/reminders/${res.body.id}`).set('Accept-Language', 'en-GB,en;q=0.9,fr;q=0.8');
    expect(english.body.repeatDescription).toMatch(/^every Monday at 0[89]:00$/);
    const listed = await agent.get('/api/reminders').set('Accept-Language', 'en');
    expect(listed.body.find((r: { id: number }) => r.id === res.body.id).repeatDescription).toMatch(/^every Monday at 0[89]:00$/);
    expect((await agent.get(`/api/reminders/${res.body.id}`).set('Accept-Language', 'de-DE')).body.repeatDescription).toMatch(/^tous les lundis/);

    const stop = await agent.post(`/api/reminders/${res.body.id}/stop-repeating`);
    expect(stop.status).toBe(200);
    expect((await agent.get(`/api/reminders/${res.body.id}`)).body).toMatchObject({ status: 'cancelled', nextOccurrenceAt: null });
    const skip = await agent.post(`/api/reminders/${days.body.id}/skip`);
    expect(skip.status).toBe(200);
    expect(skip.body.next).toMatchObject({ rrule: 'FREQ=WEEKLY;BYDAY=MO,TH', status: 'pending' });
  });

  it.each([
    [{ repeat: 'fortnightly' }, 'repeat must be one of none, daily, weekdays, weekly, monthly, yearly.'],
    [{ repeat: 3 }, 'repeat must be one of none, daily, weekdays, weekly, monthly, yearly.'],
    [{ repeat: 'weekly', repeatDays: ['XX'] }, 'repeatDays must be a list of weekdays among MO, TU, WE, TH, FR, SA, SU, for a weekly repeat only.'],
    [{ repeat: 'weekly', repeatDays: [] }, 'repeatDays must be a list of weekdays among MO, TU, WE, TH, FR, SA, SU, for a weekly repeat only.'],
    [{ repeat: 'daily', repeatDays: ['MO'] }, 'repeatDays must be a list of weekdays among MO, TU, WE, TH, FR, SA, SU, for a weekly repeat only.'],
    [{ repeat: 'weekly', repeatDays: 'MO' }, 'repeatDays must be a list of weekdays among MO, TU, WE, TH, FR, SA, SU, for a weekly repeat only.'],
  ])('bad repeat %j -> 400', async (extra, message) => {
    const { agent } = await t.registerUser({ language: 'en', phoneNumber: phone() });
    const res = await agent.post('/api/reminders').send({ ...valid(1), ...extra });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', message });
  });

  it('Basic: 403 with a clear message and the upgrade link; a one-off still works', async () => {
    const { agent, user } = await t.registerUser({ language: 'en', phoneNumber: phone() });
    await t.dataSource.query(`UPDATE users SET trial_ends_at = now() - interval '1 day', plan = 'basic' WHERE id = $1`, [user.id]);
    const res = await agent.post('/api/reminders').send({ ...valid(1), repeat: 'daily' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      code: 'repeat_requires_premium',
      message: 'Repeating reminders are a Premium feature. Upgrade to Premium to create them.',
      upgradeUrl: '/pricing',
    });
    expect((await agent.post('/api/reminders').send(valid(2))).status).toBe(201);
  });
});

describe.each(testDatabases())('dispatcher inside the app (%s database)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      db: kind,
      env: { DISPATCHER_ENABLED: 'true', DISPATCHER_POLL_MS: '5000' },
      // The app delivers voice notes through the bot; this test watches the dispatcher hand-over itself.
      override: (b) => b.overrideProvider(REMINDER_DELIVERY).useFactory({ factory: (r: RecordingReminderDelivery) => r, inject: [RecordingReminderDelivery] }),
    });
  });
  afterAll(async () => {
    await t?.close();
    await t?.db.drop();
  });

  it('delivers a reminder created over HTTP at its due time through the recording adapter', async () => {
    const { agent } = await t.registerUser({ phoneNumber: phone() });
    const due = new Date(Date.now() + 2000);
    const res = await agent.post('/api/reminders').send({ subject: 'Stretch', reminderText: 'Stand up and stretch', time: due.toISOString() });
    expect(res.status).toBe(201);
    const deadline = Date.now() + 8000;
    let rows: Array<{ delivered_at: Date }> = [];
    while (Date.now() < deadline && !rows.length) {
      rows = await t.dataSource.query(`SELECT delivered_at FROM reminder_deliveries WHERE reminder_id = $1`, [res.body.id]);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(rows).toHaveLength(1);
    // The poll is 5 s: being on time shows the wake-up hint worked.
    expect(new Date(rows[0].delivered_at).getTime() - due.getTime()).toBeLessThan(1000);
    await new Promise((r) => setTimeout(r, 200));
    const list = await agent.get('/api/reminders');
    expect(list.body[0]).toMatchObject({ id: res.body.id, status: 'sent' });
  });
});
