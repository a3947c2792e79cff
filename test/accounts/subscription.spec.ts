import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../support/test-app';

describe('subscription state', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ db: 'embedded' });
  });
  afterAll(async () => {
    await t.close();
    await t.db.drop();
  });

  it('a new account reads as a 7-day Premium trial with unlimited reminders', async () => {
    const { agent } = await t.registerUser();
    const res = await agent.get('/api/subscription').expect(200);
    expect(res.body).toMatchObject({ status: 'trial', plan: 'premium', isOnTrial: true, trialDaysLeft: 7, quota: { limit: null, used: 0, windowDays: 7 } });
    const debug = await agent.get('/api/plan-debug').expect(200);
    expect(debug.body.plan).toBe('premium');
    expect(new Date(debug.body.trialEndsAt).getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
  });

  it('after the trial it is Basic with 5 reminders a week', async () => {
    const { agent, user } = await t.registerUser();
    await t.app.get(DataSource).query(`UPDATE users SET trial_ends_at = now() - interval '1 day' WHERE id = $1`, [user.id]);
    const res = await agent.get('/api/subscription').expect(200);
    expect(res.body).toMatchObject({ status: 'active', plan: 'basic', isOnTrial: false, trialDaysLeft: 0, quota: { limit: 5, used: 0 } });
  });

  it('is 401 when anonymous', async () => {
    await t.agent().get('/api/subscription').expect(401);
    await t.agent().get('/api/plan-debug').expect(401);
  });
});
