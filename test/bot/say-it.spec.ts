import { createTestApp, TestApp, uniquePhone } from '../support/test-app';
import { testDatabases } from '../support/test-db';

/** The portal's "just say it" box over HTTP: the bot's understanding, shaped for the form, rate-limited. */
describe.each(testDatabases())('POST /api/reminders/understand (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ db: kind });
  });
  afterAll(async () => {
    await t?.close();
    await t?.db.drop();
  });

  it('one, several, a repeat; nothing is saved', async () => {
    const { agent, user } = await t.registerUser({ language: 'fr', phoneNumber: uniquePhone() });
    const one = await agent.post('/api/reminders/understand').send({ text: 'appeler maman dimanche à 18h', timezone: 'Europe/Paris' });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({
      repeatNeedsPremium: false,
      reminders: [
        expect.objectContaining({ subject: 'appeler maman', timezone: 'Europe/Paris', rrule: null, repeat: 'none', repeatDescription: null, dueLocal: expect.stringMatching(/T18:00$/) }),
      ],
    });
    const several = await agent.post('/api/reminders/understand').send({ text: 'demain à 8h sortir les poubelles et à 19h les rentrer' });
    expect(several.body.reminders.map((r: { subject: string; dueLocal: string }) => [r.subject, r.dueLocal.slice(11)])).toEqual([
      ['sortir les poubelles', '08:00'],
      ['les rentrer', '19:00'],
    ]);
    const repeat = await agent.post('/api/reminders/understand').send({ text: 'tous les lundis à 8h sortir les poubelles' });
    expect(repeat.body.reminders[0]).toMatchObject({ rrule: 'FREQ=WEEKLY;BYDAY=MO', repeat: 'weekly', repeatDays: ['MO'], repeatDescription: 'tous les lundis à 08:00' });
    const onEnglishPage = await agent.post('/api/reminders/understand').set('Accept-Language', 'en').send({ text: 'tous les lundis à 8h sortir les poubelles' });
    expect(onEnglishPage.body.reminders[0]).toMatchObject({ rrule: 'FREQ=WEEKLY;BYDAY=MO', repeatDescription: 'every Monday at 08:00' });
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM reminders WHERE user_id = $1`, [user.id]);
    expect(n).toBe(0);

    // On Basic (trial over) a repeat is flagged for the upgrade.
    await t.dataSource.query(`UPDATE users SET trial_ends_at = now() - interval '1 day', plan = 'basic' WHERE id = $1`, [user.id]);
    expect((await agent.post('/api/reminders/understand').send({ text: 'tous les lundis à 8h sortir les poubelles' })).body.repeatNeedsPremium).toBe(true);
  });

  it('401 without a session; 400 on empty, too long or non-text input; 429 past the per-minute limit', async () => {
    expect((await t.agent().post('/api/reminders/understand').send({ text: 'appeler maman demain' })).status).toBe(401);
    const { agent } = await t.registerUser({ language: 'en', phoneNumber: uniquePhone() });
    for (const body of [{}, { text: '' }, { text: 42 }, { text: 'x'.repeat(501) }, { text: 'call mom', timezone: 'Mars/Base' }]) {
      const res = await agent.post('/api/reminders/understand').send(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
    let status = 200;
    for (let i = 0; i < 25 && status === 200; i++) status = (await agent.post('/api/reminders/understand').send({ text: 'call mom tomorrow at 6pm' })).status;
    expect(status).toBe(429);
  });
});
