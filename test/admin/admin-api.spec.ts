import { effectivePlanSql, entitlement } from '../../api/accounts/plan';
import { AdminStatsService, rangeStart } from '../../api/admin/admin-stats.service';
import { MessageLogService } from '../../api/live/message-log.service';
import { RemindersService } from '../../api/reminders/reminders.service';
import { CampaignsService } from '../../api/campaigns/campaigns.service';
import { createTestApp, TestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import { staffAgents } from './admin-kit';

const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

describe.each(testDatabases())('Back-office API (%s database)', (kind) => {
  let t: TestApp;
  let agents: Awaited<ReturnType<typeof staffAgents>>;
  const q = (sql: string, params: unknown[] = []) => t.dataSource.query(sql, params);

  beforeAll(async () => {
    t = await createTestApp({ db: kind, env: { CAMPAIGN_BATCH_SIZE: '10' } });
    agents = await staffAgents(t);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await t?.db.drop();
  });

  /** What the dispatcher does once a reminder went out: lease it, then mark it sent at `at`. */
  async function deliver(id: number, at: Date) {
    await q(`UPDATE reminders SET lease_owner = 'admin-test', lease_until = now() + interval '1 minute' WHERE id = $1`, [id]);
    expect(await t.app.get(RemindersService).markSent('admin-test', [{ id, at, channel: 'simulator' }])).toEqual([id]);
  }

  async function userWithReminder(subject = 'Appeler le dentiste') {
    const { agent, user } = await t.registerUser();
    const r = await agent.post('/api/reminders').send({ subject, reminderText: `${subject} pour confirmer`, time: inHours(24) }).expect(201);
    return { agent, user, reminder: r.body };
  }

  it('users: server-side search and paging with X-Total-Count; support reads, only admins edit', async () => {
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await t.registerUser()).user);
    const search = await agents.support.get(`/api/admin/users?q=${encodeURIComponent('+33 612')}&limit=2`).expect(200);
    expect(Number(search.headers['x-total-count'])).toBeGreaterThanOrEqual(3);
    expect(search.body).toHaveLength(2);
    expect(search.body[0].id).toBeGreaterThan(search.body[1].id);
    const next = await agents.support.get(`/api/admin/users?q=${encodeURIComponent('+33 612')}&limit=2&cursor=${search.headers['x-next-cursor']}`).expect(200);
    expect(next.body[0].id).toBeLessThan(search.body[1].id);
    expect(Object.keys(search.body[0])).toEqual(expect.arrayContaining(['id', 'username', 'email', 'phoneNumber', 'plan', 'reminderQuota', 'remindersUsed', 'createdAt']));
    await agents.support.patch(`/api/admin/users/${made[0].id}`).send({ plan: 'premium' }).expect(403);
    await agents.admin.get('/api/admin/users?limit=0').expect(400);
  });

  it('users: an edit goes through the account rules and lands in the audit log; delete takes the reminders too', async () => {
    const { user, reminder } = await userWithReminder();
    const bad = await agents.admin.patch(`/api/admin/users/${user.id}`).send({ phoneNumber: 'not a number' });
    expect(bad.status).toBe(400);
    const res = await agents.admin.patch(`/api/admin/users/${user.id}`).send({ email: 'paul@example.com', plan: 'premium', reminderQuota: 12, remindersUsed: 3 }).expect(200);
    expect(res.body).toMatchObject({ email: 'paul@example.com', plan: 'premium', reminderQuota: 12, remindersUsed: 3 });
    const audit = await agents.admin.get(`/api/admin/audit?q=user.update`).expect(200);
    const entry = audit.body.find((e: { targetId: string }) => e.targetId === String(user.id));
    expect(entry).toMatchObject({ action: 'user.update', targetType: 'user', actorRole: 'admin' });
    expect(entry.changes).toMatchObject({ plan: { from: 'basic', to: 'premium' }, email: { from: null, to: 'paul@example.com' }, reminderQuota: { to: 12 } });
    await agents.support.get('/api/admin/audit').expect(403);

    await agents.admin.delete(`/api/admin/users/${user.id}`).expect(200);
    expect(await q(`SELECT id FROM reminders WHERE id = $1`, [reminder.id])).toEqual([]);
    await agents.admin.get(`/api/admin/users/${user.id}`).expect(404);
    const del = await agents.admin.get(`/api/admin/audit?q=user.delete`).expect(200);
    expect(del.body[0]).toMatchObject({ action: 'user.delete', targetId: String(user.id), changes: { remindersDeleted: 1 } });
    await agents.admin.delete(`/api/admin/users/${agents.adminId}`).expect(403);
  });

  it('reminders: the repetition in French and the next occurrence, for the back-office', async () => {
    const { agent } = await t.registerUser({ language: 'en' });
    const monday = new Date(Date.now() + 8 * 86_400_000);
    monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7));
    monday.setUTCHours(7, 0, 0, 0);
    const r = await agent.post('/api/reminders').send({ subject: 'Sortir les bacs', reminderText: 'Sortir les bacs verts', time: monday.toISOString(), timezone: 'Europe/Paris', repeat: 'weekly' }).expect(201);
    const found = await agents.support.get('/api/admin/reminders?q=bacs').expect(200);
    const row = found.body.find((x: { id: number }) => x.id === r.body.id);
    expect(row).toMatchObject({ rrule: 'FREQ=WEEKLY;BYDAY=MO', nextOccurrenceAt: r.body.reminderTime });
    expect(row.repeatDescription).toMatch(/^tous les lundis à 0[89]:00$/);
  });

  it('reminders: search is a case-insensitive substring of the subject or the text, never across the two', async () => {
    const { agent } = await t.registerUser();
    const r = await agent.post('/api/reminders').send({ subject: 'Appeler le Vétérinaire', reminderText: 'Prendre RDV pour Médor', time: inHours(30) }).expect(201);
    const ids = async (q: string) => (await agents.support.get(`/api/admin/reminders?q=${encodeURIComponent(q)}`).expect(200)).body.map((x: { id: number }) => x.id);
    expect(await ids('VÉTÉRINAIRE')).toContain(r.body.id);
    expect(await ids('rdv pour médor')).toContain(r.body.id);
    expect(await ids('vétérinaire prendre')).not.toContain(r.body.id);
    expect(await ids('vétérinaire\u001fprendre')).not.toContain(r.body.id);
    expect(await ids('100%')).toEqual([]);
  });

  it('reminders: search, trigger only when pending (the spec\'s refusal), edits cannot race the dispatcher', async () => {
    const { reminder } = await userWithReminder('Renouveler le passeport');
    const found = await agents.support.get('/api/admin/reminders?q=passeport').expect(200);
    expect(found.body.map((r: { id: number }) => r.id)).toContain(reminder.id);
    expect(Number(found.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
    await agents.support.post(`/api/admin/reminders/${reminder.id}/trigger`).expect(403);

    const trig = await agents.admin.post(`/api/admin/reminders/${reminder.id}/trigger`).expect(200);
    expect(trig.body.status).toBe('pending');
    const [row] = await q(`SELECT next_attempt_at <= now() AS due FROM reminders WHERE id = $1`, [reminder.id]);
    expect(row.due).toBe(true);

    // The dispatcher holds it: an admin status change is refused, not written over the delivery.
    await q(`UPDATE reminders SET lease_owner = 'other', lease_until = now() + interval '1 minute' WHERE id = $1`, [reminder.id]);
    const raced = await agents.admin.patch(`/api/admin/reminders/${reminder.id}`).send({ status: 'failed' });
    expect(raced.status).toBe(409);
    await q(`UPDATE reminders SET status = 'sent', sent_at = now(), lease_owner = NULL, lease_until = NULL WHERE id = $1`, [reminder.id]);

    const refused = await agents.admin.post(`/api/admin/reminders/${reminder.id}/trigger`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Action impossible: Seuls les rappels en attente peuvent être déclenchés');

    const edit = await agents.admin.patch(`/api/admin/reminders/${reminder.id}`).send({ subject: 'Passeport', status: 'failed', languageCode: 'en' }).expect(200);
    expect(edit.body).toMatchObject({ subject: 'Passeport', status: 'failed', languageCode: 'en' });
    const audit = await agents.admin.get(`/api/admin/audit?q=reminder`).expect(200);
    expect(audit.body.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(['reminder.trigger', 'reminder.update']));
    await agents.admin.delete(`/api/admin/reminders/${reminder.id}`).expect(200);
    await agents.admin.post(`/api/admin/reminders/${reminder.id}/trigger`).expect(404);
  });

  it('stats: "active" = wrote to the bot or had a reminder delivered in the range, recorded where messages and deliveries are', async () => {
    const stats = t.app.get(AdminStatsService);
    const log = t.app.get(MessageLogService);
    const ranges = ['today', 'week', 'month', 'year'] as const;
    const active = async () => Object.fromEntries(await Promise.all(ranges.map(async (r) => [r, (await stats.stats(r)).activeUsers] as const)));
    const before = await active();
    const beforeMonth = await stats.stats('month');
    const wrote = (await t.registerUser()).user;
    const delivered = await userWithReminder();
    const markedSent = await userWithReminder();
    const longAgo = await userWithReminder();
    const onlyTalkedTo = (await t.registerUser()).user;
    await t.registerUser(); // signed up, never active
    await log.record({ userId: wrote.id, channel: 'simulator', peerId: 'x', direction: 'incoming', messageType: 'text', text: 'bonjour' });
    // An outgoing message alone is not activity.
    await log.record({ userId: onlyTalkedTo.id, channel: 'simulator', peerId: 'x', direction: 'outgoing', messageType: 'text', text: 'hello' });
    await deliver(delivered.reminder.id, new Date());
    // Delivered 40 days ago: before the start of this week and this month, whatever today is.
    const fortyDaysAgo = new Date(Date.now() - 40 * 86_400_000);
    await deliver(longAgo.reminder.id, fortyDaysAgo);
    // An admin marking a reminder sent counts as a delivery.
    await agents.admin.patch(`/api/admin/reminders/${markedSent.reminder.id}`).send({ status: 'sent' }).expect(200);
    // An older event recorded late does not move a user's activity back.
    const wroteAgain = await userWithReminder();
    await log.record({ userId: wroteAgain.user.id, channel: 'simulator', peerId: 'y', direction: 'incoming', messageType: 'voice', text: 'rappelle-moi' });
    await deliver(wroteAgain.reminder.id, fortyDaysAgo);

    const after = await active();
    expect(after.today - before.today).toBe(4);
    expect(after.week - before.week).toBe(4);
    expect(after.month - before.month).toBe(4);
    expect(after.year - before.year).toBe(fortyDaysAgo >= rangeStart('year', new Date()) ? 5 : 4);
    const [row] = await q(`SELECT last_active_at FROM user_activity WHERE user_id = $1`, [longAgo.user.id]);
    expect(new Date(row.last_active_at).toISOString()).toBe(fortyDaysAgo.toISOString());
    expect(await q(`SELECT 1 FROM user_activity WHERE user_id = $1`, [onlyTalkedTo.id])).toEqual([]);

    const month = await stats.stats('month');
    expect(month.newUsers - beforeMonth.newUsers).toBe(7);
    expect(month.totalUsers - beforeMonth.totalUsers).toBe(7);
    expect(month.completedReminders - beforeMonth.completedReminders).toBe(4);
    const http = await agents.admin.get('/api/admin/stats').expect(200);
    expect(http.body.timeRange).toBe('week');
    expect(Object.keys(http.body)).toEqual(expect.arrayContaining(['totalUsers', 'activeUsers', 'newUsers', 'premiumUsers', 'standardUsers', 'basicUsers', 'freeUsers', 'pendingReminders', 'completedReminders', 'totalReminders']));
    await agents.admin.get('/api/admin/stats?timeRange=decade').expect(400);
    await agents.support.get('/api/admin/stats').expect(403);
  });

  it('stats: users per plan count the effective plan (a running trial is Premium, an ended subscription Basic)', async () => {
    const stats = t.app.get(AdminStatsService);
    const before = await stats.stats('week');
    const made = [];
    for (let i = 0; i < 6; i++) made.push((await t.registerUser()).user);
    const [onTrial, trialOver, paying, lapsed, free, legacy] = made.map((u) => u.id);
    expect(await q(`SELECT plan FROM users WHERE id = $1`, [onTrial])).toEqual([{ plan: 'basic' }]); // stored as Basic, on the trial
    await q(`UPDATE users SET trial_ends_at = now() - interval '1 day' WHERE id = $1`, [trialOver]);
    await q(`UPDATE users SET plan = 'premium', subscription_ends_at = now() + interval '20 days' WHERE id = $1`, [paying]);
    await q(`UPDATE users SET plan = 'premium', subscription_ends_at = now() - interval '1 day', trial_ends_at = now() - interval '30 days' WHERE id = $1`, [lapsed]);
    await q(`UPDATE users SET plan = 'free' WHERE id = $1`, [free]);
    await q(`UPDATE users SET plan = 'standard', trial_ends_at = NULL WHERE id = $1`, [legacy]);
    const after = await stats.stats('week');
    expect({
      premium: after.premiumUsers - before.premiumUsers,
      basic: after.basicUsers - before.basicUsers,
      free: after.freeUsers - before.freeUsers,
      standard: after.standardUsers - before.standardUsers,
    }).toEqual({ premium: 2, basic: 2, free: 1, standard: 1 });
  });

  it('effectivePlanSql() is entitlement().plan, case by case', async () => {
    const now = new Date();
    const at = (days: number | null) => (days === null ? null : new Date(now.getTime() + days * 86_400_000));
    for (const plan of ['free', 'basic', 'standard', 'premium'] as const) {
      for (const trial of [null, -1, 3]) {
        for (const sub of [null, -2, 10]) {
          const user = { plan, trialEndsAt: at(trial), subscriptionEndsAt: at(sub) };
          const [row] = await q(`SELECT ${effectivePlanSql('$4')} AS plan FROM (SELECT $1::text AS plan, $2::timestamptz AS trial_ends_at, $3::timestamptz AS subscription_ends_at) u`, [
            plan,
            user.trialEndsAt,
            user.subscriptionEndsAt,
            now,
          ]);
          expect({ ...user, effective: row.plan }).toEqual({ ...user, effective: entitlement(user, now).plan });
        }
      }
    }
  });

  it('campaigns: one row per recipient, batches of CAMPAIGN_BATCH_SIZE, opted-out and other-language users excluded, a crash resumes without sending twice', async () => {
    await q(`UPDATE users SET language = 'fr', opted_out_at = now() WHERE role = 'user'`); // earlier users out of the way
    const ids: number[] = [];
    for (let i = 0; i < 25; i++) ids.push((await t.registerUser({ language: 'en' })).user.id);
    const stopped = (await t.registerUser({ language: 'en' })).user;
    await q(`UPDATE users SET opted_out_at = now() WHERE id = $1`, [stopped.id]);
    await agents.admin.post('/api/admin/push-notification').send({ message: '   ', language: 'en', targetUsers: 'all' }).expect(400);
    const created = await agents.admin.post('/api/admin/push-notification').send({ message: 'New: repeating reminders!', language: 'en', targetUsers: 'all' }).expect(201);
    expect(created.body.message).toMatch(/^Notification programmée pour 25 utilisateurs/);
    const id = created.body.campaign.id;
    expect(created.body.campaign).toMatchObject({ status: 'pending', totalUsers: 25, sentCount: 0, failedCount: 0, progress: 0 });

    const campaigns = t.app.get(CampaignsService);
    expect(await campaigns.runBatch(id, 1)).toMatchObject({ sent: 10, failed: 0, remaining: 15, status: 'in_progress' });
    // Each batch enqueued the next on the job runner, CAMPAIGN_BATCH_INTERVAL_S (60 s) after it started.
    const jobs = await q(`SELECT key, extract(epoch FROM next_attempt_at - created_at)::int AS wait FROM jobs WHERE kind = 'campaign-batch' AND payload->>'campaignId' = $1 ORDER BY id`, [String(id)]);
    expect(jobs.map((j: { key: string }) => j.key)).toEqual([`campaign:${id}:1`, `campaign:${id}:2`]);
    expect(jobs[1].wait).toBeGreaterThanOrEqual(58);
    // A crash in the middle of the second batch: 3 recipients taken, one of them already sent (logged), none marked.
    const [taken] = await q(
      `UPDATE campaign_recipients SET status = 'sending', claimed_at = now() - interval '10 minutes', batch = 2
        WHERE campaign_id = $1 AND user_id IN (SELECT user_id FROM campaign_recipients WHERE campaign_id = $1 AND status = 'pending' ORDER BY user_id LIMIT 3) RETURNING user_id`,
      [id],
    );
    await q(
      `INSERT INTO message_log (user_id, channel, peer_id, direction, message_type, text, details, status) VALUES ($1, 'simulator', $3, 'outgoing', 'text', 'New: repeating reminders!', $2, 'sent')`,
      [taken[0].user_id, JSON.stringify({ purpose: 'broadcast', campaignId: String(id) }), String(taken[0].user_id)],
    );
    const mid = (await agents.admin.get('/api/admin/push-notifications').expect(200)).body.find((c: { id: number }) => c.id === id);
    expect(mid).toMatchObject({ status: 'in_progress', sentCount: 10, totalUsers: 25, progress: 40 });
    // Batch 2 runs again after the crash: it settles its own three rows (one was sent) and takes no new ones.
    expect(await campaigns.runBatch(id, 2)).toMatchObject({ sent: 0, remaining: 14 });
    expect(await campaigns.runBatch(id, 3)).toMatchObject({ sent: 10, remaining: 4 });
    expect(await campaigns.runBatch(id, 4)).toMatchObject({ sent: 4, remaining: 0, status: 'completed' });
    expect(await campaigns.runBatch(id, 5)).toMatchObject({ sent: 0, status: 'completed' });

    const perUser = await q(
      `SELECT user_id, count(*)::int AS n FROM message_log WHERE details->>'campaignId' = $1 GROUP BY user_id`,
      [String(id)],
    );
    expect(perUser).toHaveLength(25);
    expect(perUser.every((r: { n: number }) => r.n === 1)).toBe(true);
    expect(perUser.map((r: { user_id: number }) => r.user_id).sort()).toEqual([...ids].sort());
    const done = (await agents.admin.get('/api/admin/push-notifications').expect(200)).body.find((c: { id: number }) => c.id === id);
    expect(done).toMatchObject({ status: 'completed', sentCount: 25, failedCount: 0, totalUsers: 25, progress: 100 });
    const audit = await agents.admin.get('/api/admin/audit?q=campaign').expect(200);
    expect(audit.body[0]).toMatchObject({ action: 'campaign.create', targetId: String(id), changes: { recipients: 25, audience: 'all' } });
  });

  it('campaigns: the "active" audience is who was active in the last 30 days, "premium" who is Premium now (trial included)', async () => {
    await q(`UPDATE users SET opted_out_at = now() WHERE role = 'user'`); // earlier users out of the way
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await userWithReminder());
    const [recent, old, trialOver, lapsed, paying] = made;
    await t.app.get(MessageLogService).record({ userId: recent.user.id, channel: 'simulator', peerId: 'z', direction: 'incoming', messageType: 'text', text: 'salut' });
    await deliver(old.reminder.id, new Date(Date.now() - 40 * 86_400_000));
    await q(`UPDATE users SET trial_ends_at = now() - interval '1 day' WHERE id = ANY($1)`, [[trialOver.user.id, lapsed.user.id, paying.user.id]]);
    await q(`UPDATE users SET plan = 'premium', subscription_ends_at = now() - interval '1 day' WHERE id = $1`, [lapsed.user.id]);
    await q(`UPDATE users SET plan = 'premium', subscription_ends_at = now() + interval '1 month' WHERE id = $1`, [paying.user.id]);
    const recipients = async (targetUsers: string) => {
      const res = await agents.admin.post('/api/admin/push-notification').send({ message: `Pour ${targetUsers}`, language: 'fr', targetUsers }).expect(201);
      const rows = await q(`SELECT user_id FROM campaign_recipients WHERE campaign_id = $1 ORDER BY user_id`, [res.body.campaign.id]);
      return rows.map((r: { user_id: number }) => r.user_id);
    };
    expect(await recipients('active')).toEqual([recent.user.id]);
    expect(await recipients('premium')).toEqual([recent.user.id, old.user.id, paying.user.id].sort((a, b) => a - b));
  });

  it('conversations: list, page, a support reply marked with the staff name, codes masked', async () => {
    const { user } = await t.registerUser();
    for (let i = 0; i < 5; i++) {
      await q(`INSERT INTO message_log (user_id, channel, peer_id, direction, message_type, text, details) VALUES ($1, 'simulator', $4, 'incoming', 'text', $2, $3)`, [
        user.id,
        `message ${i}`,
        JSON.stringify({ extracted: { subject: 'pain', dueAt: '2026-12-01T08:00:00Z', zone: 'Europe/Paris' } }),
        String(user.id),
      ]);
    }
    await q(`INSERT INTO message_log (user_id, channel, peer_id, direction, message_type, text, details, status) VALUES ($1, 'simulator', $3, 'outgoing', 'text', 'Votre code : 483920', $2, 'sent')`, [
      user.id,
      JSON.stringify({ purpose: 'otp' }),
      String(user.id),
    ]);
    const list = await agents.support.get(`/api/admin/conversations?q=${encodeURIComponent(user.phoneNumber)}`).expect(200);
    expect(list.body[0]).toMatchObject({ userId: user.id, channel: 'simulator', lastMessage: 'Votre code : ••••••' });
    const page1 = await agents.support.get(`/api/admin/conversations/${user.id}/messages?limit=4`).expect(200);
    expect(page1.body).toHaveLength(4);
    expect(page1.body[0].text).toBe('Votre code : ••••••');
    const page2 = await agents.support.get(`/api/admin/conversations/${user.id}/messages?limit=4&cursor=${page1.headers['x-next-cursor']}`).expect(200);
    expect(page2.body.map((m: { text: string }) => m.text)).toEqual(['message 1', 'message 0']);
    expect(page2.body[0].extracted).toMatchObject({ subject: 'pain', zone: 'Europe/Paris' });

    const info = await agents.support.get(`/api/admin/conversations/${user.id}`).expect(200);
    expect(info.body.reach).toMatchObject({ channel: 'simulator', freeText: true });
    await agents.support.post(`/api/admin/conversations/${user.id}/reply`).send({ text: '  ' }).expect(400);
    const sent = await agents.support.post(`/api/admin/conversations/${user.id}/reply`).send({ text: 'Bonjour, je regarde votre rappel.' }).expect(201);
    expect(sent.body).toEqual({ channel: 'simulator' });
    const [reply] = (await agents.admin.get(`/api/admin/conversations/${user.id}/messages?limit=1`).expect(200)).body;
    expect(reply).toMatchObject({ direction: 'outgoing', text: 'Bonjour, je regarde votre rappel.', purpose: 'support', staffName: expect.stringMatching(/^helper_/), status: 'sent' });
    const audit = await agents.admin.get('/api/admin/audit?q=conversation.reply').expect(200);
    expect(audit.body[0]).toMatchObject({ actorRole: 'support', targetId: String(user.id) });
  });
});
