import { waitFor } from '../bot/bot-test-kit';
import { CREATION_LIMITS, MAX_SNOOZES, RemindersService, SnoozeLimitReached } from '../../api/reminders/reminders.service';
import { createTestApp, TestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

jest.setTimeout(60_000);

/** One user exhausting what others share, or acting on what is not theirs (issue 10). */
describe('security: abuse limits on reminders', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ db: testDatabases().at(-1)! });
  });
  afterAll(async () => {
    await t?.close();
    await t?.db.drop();
  });

  const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();
  const trialUser = async () => {
    const { agent, user } = await t.registerUser();
    return { agent, user };
  };

  it('a script creating reminders in a loop is stopped with 429 + Retry-After, also on the (unlimited) trial', async () => {
    const { agent } = await trialUser();
    const statuses: number[] = [];
    let retryAfter = 0;
    for (let i = 0; i <= CREATION_LIMITS.perMinute; i++) {
      const res = await agent.post('/api/reminders').send({ subject: `Spam ${i}`, reminderText: `Spam reminder number ${i}`, time: inAnHour() });
      statuses.push(res.status);
      if (res.status === 429) retryAfter = Number(res.headers['retry-after']);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(CREATION_LIMITS.perMinute);
    expect(statuses.at(-1)).toBe(429);
    expect(retryAfter).toBeGreaterThan(0);
  });

  it('a snooze button forged with another user’s reminder id changes nothing', async () => {
    const a = await trialUser();
    const b = await trialUser();
    const created = await a.agent.post('/api/reminders').send({ subject: 'Private', reminderText: 'A private reminder of A', time: inAnHour() }).expect(201);
    await t.dataSource.query(`UPDATE reminders SET status = 'sent', sent_at = now() WHERE id = $1`, [created.body.id]);
    const before = await t.dataSource.query(`SELECT id, user_id, status, due_at FROM reminders ORDER BY id`);
    await b.agent.post('/api/simulator/messages').send({ buttonId: `snooze:${created.body.id}:10m`, title: 'In 10 min' }).expect(202);
    await waitFor(async () => (await t.dataSource.query(`SELECT 1 FROM message_log WHERE user_id = $1 AND direction = 'outgoing'`, [b.user.id])).length, 'the answer to B');
    expect(await t.dataSource.query(`SELECT id, user_id, status, due_at FROM reminders ORDER BY id`)).toEqual(before);
  });

  it('a snooze button on a reminder that was not delivered changes nothing', async () => {
    const a = await trialUser();
    const created = await a.agent.post('/api/reminders').send({ subject: 'Pending one', reminderText: 'Not delivered yet at all', time: inAnHour() }).expect(201);
    await a.agent.post('/api/simulator/messages').send({ buttonId: `snooze:${created.body.id}:1h`, title: 'In 1 hour' }).expect(202);
    await waitFor(async () => (await t.dataSource.query(`SELECT 1 FROM message_log WHERE user_id = $1 AND direction = 'outgoing'`, [a.user.id])).length, 'the answer');
    const [row] = await t.dataSource.query(`SELECT due_at FROM reminders WHERE id = $1`, [created.body.id]);
    expect(new Date(row.due_at).toISOString()).toBe(created.body.reminderTime);
  });

  it(`a delivered reminder can be snoozed ${MAX_SNOOZES} times, not more`, async () => {
    const a = await trialUser();
    const reminders = t.app.get(RemindersService);
    const owner = (await t.dataSource.query(`SELECT * FROM users WHERE id = $1`, [a.user.id]))[0];
    const user = { id: owner.id, plan: owner.plan, trialEndsAt: owner.trial_ends_at, subscriptionEndsAt: owner.subscription_ends_at, language: owner.language, timezone: owner.timezone };
    const created = await a.agent.post('/api/reminders').send({ subject: 'Snooze me', reminderText: 'Snooze me again and again', time: inAnHour() }).expect(201);
    let id = created.body.id as number;
    for (let i = 0; i < MAX_SNOOZES; i++) {
      await t.dataSource.query(`UPDATE reminders SET status = 'sent', sent_at = now() WHERE id = $1`, [id]);
      id = (await reminders.snooze(user as any, id, new Date(Date.now() + 600_000))).id;
    }
    await t.dataSource.query(`UPDATE reminders SET status = 'sent', sent_at = now() WHERE id = $1`, [id]);
    await expect(reminders.snooze(user as any, id, new Date(Date.now() + 600_000))).rejects.toBeInstanceOf(SnoozeLimitReached);
  });
});
