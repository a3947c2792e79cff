import request from 'supertest';
import { signWhatsappBody } from '../../bot/channels/whatsapp/whatsapp-signature';
import { waitFor } from '../bot/bot-test-kit';
import { contactsWebhook, textWebhook } from '../channels/fixtures/whatsapp-webhooks';
import { APPROVED_TEMPLATES } from '../channels/fixtures/whatsapp-templates';
import { GraphApiStandIn } from '../support/graph-api-stand-in';
import { createTestApp, TestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

jest.setTimeout(90_000);

const TOKEN = 'EAAG-sec-token';
const VERSION = 'v21.0';
const PHONE_ID = '106540352242922';
const SECRET = 'wa-sec-secret';

/**
 * Attacks on phone numbers (issue 10), each written as the attack. WhatsApp is configured and
 * the simulator is off, so a claimed number is the only possible route of its account.
 */
describe('security: phone numbers are proved before use', () => {
  let t: TestApp;
  let graph: GraphApiStandIn;
  let seq = 0;

  beforeAll(async () => {
    graph = new GraphApiStandIn(TOKEN, VERSION, PHONE_ID);
    await graph.start();
    for (const template of APPROVED_TEMPLATES) graph.approveTemplate(template);
    t = await createTestApp({
      // Real Postgres when there is one (TEST_DATABASE_URL), else the embedded database.
      db: testDatabases().at(-1)!,
      env: {
        PUBLIC_URL: 'https://rappel.test',
        ...graph.appEnv({ appSecret: SECRET, verifyToken: 'verify-me' }),
        WHATSAPP_BUSINESS_NUMBER: '+15550783881',
        SIMULATOR: 'off',
        // PUBLIC_URL is https, so cookies are Secure; supertest speaks plain http to the app.
        SECURE_COOKIES: 'false',
        DISPATCHER_ENABLED: 'true',
        DISPATCHER_POLL_MS: '100',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await t?.db.drop();
    await graph?.stop();
  });

  /** The number writes to the bot (what Meta's webhook delivers). */
  function fromNumber(waId: string, body: string) {
    const raw = JSON.stringify(textWebhook(`wamid.SEC-${++seq}`, body, waId));
    return request(t.app.getHttpServer()).post('/api/whatsapp/webhook').set('content-type', 'application/json').set('x-hub-signature-256', signWhatsappBody(raw, SECRET)).send(raw).expect(200);
  }
  const toNumber = (waId: string) => graph.sentMessages().filter((m) => m.to === waId);
  async function dueReminder(agent: ReturnType<TestApp['agent']>, subject: string) {
    const time = new Date(Date.now() + 3600_000).toISOString();
    const res = await agent.post('/api/reminders').send({ subject, reminderText: `${subject} before noon`, time }).expect(201);
    await t.dataSource.query(`UPDATE reminders SET due_at = now() - interval '1 second', next_attempt_at = now() WHERE id = $1`, [res.body.id]);
    return res.body.id as number;
  }

  it('a stranger registers my number and creates reminders: nothing is sent to it, the reminders wait, visibly', async () => {
    const victim = '33612340001';
    const { agent } = await t.registerUser({ phoneNumber: `+${victim}` });
    const me = (await agent.get('/api/user').expect(200)).body;
    expect(me).toMatchObject({ phoneNumber: `+${victim}`, phoneVerified: false });
    const id = await dueReminder(agent, 'Spam the victim');
    const parked = await waitFor(async () => (await agent.get('/api/reminders')).body.find((r: any) => r.id === id && r.waitingFor), 'the reminder to wait');
    expect(parked).toMatchObject({ status: 'pending', waitingFor: 'phone_proof' });
    // Nor a reset code, nor a profile change, nor a second reminder reaches the number.
    await request(t.app.getHttpServer()).post('/api/password/request-reset').send({ phoneNumber: `+${victim}` }).expect(200);
    await dueReminder(agent, 'Spam again');
    await new Promise((r) => setTimeout(r, 600));
    expect(toNumber(victim)).toEqual([]);
    const [row] = await t.dataSource.query(`SELECT status, waiting_for, attempts FROM reminders WHERE id = $1`, [id]);
    expect(row).toMatchObject({ status: 'pending', waiting_for: 'phone_proof' });
  });

  it('the owner writes to the bot: the stranger’s claim is detached and never sees the conversation', async () => {
    const victim = '33612340002';
    const { agent } = await t.registerUser({ phoneNumber: `+${victim}` });
    const strangerId = (await agent.get('/api/user')).body.id;
    const waiting = await dueReminder(agent, 'Stranger reminder');
    await waitFor(async () => (await t.dataSource.query(`SELECT 1 FROM reminders WHERE id = $1 AND waiting_for IS NOT NULL`, [waiting])).length, 'parking');

    await fromNumber(victim, 'Rappelle-moi demain à 9h de payer le loyer');
    const owner = await waitFor(async () => (await t.dataSource.query(`SELECT id, phone_verified_at FROM users WHERE phone_number = $1 AND phone_verified_at IS NOT NULL`, [`+${victim}`]))[0], 'the owner account');
    expect(owner.id).not.toBe(strangerId);
    expect(owner.phone_verified_at).not.toBeNull();
    expect((await agent.get('/api/user')).body).toMatchObject({ id: strangerId, phoneNumber: null, phoneVerified: false });
    // The conversation belongs to the owner alone; the stranger's waiting reminder stays unsent.
    await waitFor(() => toNumber(victim).length > 0, 'the answer to the owner');
    const strangerLog = await t.dataSource.query(`SELECT text FROM message_log WHERE user_id = $1`, [strangerId]);
    expect(strangerLog).toEqual([]);
    const [r] = await t.dataSource.query(`SELECT status, waiting_for FROM reminders WHERE id = $1`, [waiting]);
    expect(r).toMatchObject({ status: 'pending', waiting_for: 'phone_proof' });
    expect(toNumber(victim).some((m) => m.type === 'audio')).toBe(false);
  });

  it('the real owner proves with the wa.me "CODE 123456" link: the waiting reminder goes out', async () => {
    const mine = '33612340003';
    const { agent } = await t.registerUser({ phoneNumber: `+${mine}` });
    const id = await dueReminder(agent, 'Water the plants');
    await waitFor(async () => (await agent.get(`/api/reminders/${id}`)).body.waitingFor === 'phone_proof', 'parking');
    const link = (await agent.post('/api/user/phone/proof-link').send({}).expect(200)).body;
    expect(link.text).toMatch(/^CODE \d{6}$/);
    expect(link.url).toBe(`https://wa.me/15550783881?text=${encodeURIComponent(link.text)}`);
    // The code only counts when it comes FROM the number: typed in the portal it proves nothing.
    await agent.post('/api/user/phone/verify').send({ code: link.code }).expect(400);

    await fromNumber(mine, link.text);
    await waitFor(async () => (await agent.get('/api/user')).body.phoneVerified, 'the proof');
    const confirmed = await waitFor(() => toNumber(mine).find((m) => m.type === 'text' && /confirmé|confirmed/.test(m.text.body)), 'the confirmation');
    expect(confirmed).toBeDefined();
    await waitFor(() => toNumber(mine).find((m) => m.type === 'audio' || m.type === 'template'), 'the reminder delivered', 20_000);
    expect((await agent.get(`/api/reminders/${id}`)).body).toMatchObject({ waitingFor: null });
    // The code the number sent is not readable in the log staff read.
    const logged = await t.dataSource.query(`SELECT text FROM message_log WHERE peer_id = $1 AND direction = 'incoming'`, [`+${mine}`]);
    expect(logged.map((l: any) => l.text)).toEqual(['CODE ••••••']);
  });

  it('a code sent to the number goes as the authentication template only, 3 an hour, and proves it when typed', async () => {
    const mine = '33612340004';
    const { agent } = await t.registerUser({ phoneNumber: `+${mine}` });
    await agent.post('/api/user/phone/send-code').send({}).expect(200);
    const [otp] = graph.deliveredTemplates().filter((m) => m.to === mine);
    expect(otp).toMatchObject({ name: 'rappel_code', category: 'AUTHENTICATION' });
    expect(graph.sentMessages().filter((m) => m.to === mine && m.type !== 'template')).toEqual([]);
    const code = /(\d{6})/.exec(otp.text)![1];
    await agent.post('/api/user/phone/send-code').send({}).expect(200);
    await agent.post('/api/user/phone/send-code').send({}).expect(200);
    const fourth = await agent.post('/api/user/phone/send-code').send({}).expect(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    // The first code was retired by the later ones.
    await agent.post('/api/user/phone/verify').send({ code }).expect(400);
    const last = /(\d{6})/.exec(graph.deliveredTemplates().filter((m) => m.to === mine).at(-1)!.text)![1];
    const me = await agent.post('/api/user/phone/verify').send({ code: last }).expect(200);
    expect(me.body.phoneVerified).toBe(true);
    // The stand-in saw no message log line with the code readable by staff.
    const logged = await t.dataSource.query(`SELECT text FROM message_log WHERE peer_id = $1`, [`+${mine}`]);
    expect(logged.map((l: any) => l.text).join(' ')).not.toContain(last);
  });

  it('parallel code guesses cannot exceed 5 tries', async () => {
    const mine = '33612340005';
    const { agent } = await t.registerUser({ phoneNumber: `+${mine}` });
    await agent.post('/api/user/phone/send-code').send({}).expect(200);
    const right = /(\d{6})/.exec(graph.deliveredTemplates().filter((m) => m.to === mine).at(-1)!.text)![1];
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(Array.from({ length: 20 }, () => agent.post('/api/user/phone/verify').send({ code: wrong })));
    expect(answers.every((a) => a.status === 400)).toBe(true);
    const [{ attempts }] = await t.dataSource.query(`SELECT attempts FROM phone_proofs p JOIN users u ON u.id = p.user_id WHERE u.phone_number = $1 AND p.kind = 'code'`, [`+${mine}`]);
    expect(attempts).toBe(5);
    // The code is dead now, even the right one.
    await agent.post('/api/user/phone/verify').send({ code: right }).expect(400);
  });

  it('a WhatsApp contact card links and moves nothing', async () => {
    // The sender of the card (33612345678) has an account; the card names someone else's number.
    await fromNumber('33612345678', 'Bonjour');
    const { agent } = await t.registerUser({ phoneNumber: '+33698765432' });
    const before = await t.dataSource.query(`SELECT id, phone_number, phone_verified_at, telegram_chat_id FROM users ORDER BY id`);
    const raw = JSON.stringify(contactsWebhook());
    await request(t.app.getHttpServer()).post('/api/whatsapp/webhook').set('content-type', 'application/json').set('x-hub-signature-256', signWhatsappBody(raw, SECRET)).send(raw).expect(200);
    await waitFor(() => toNumber('33612345678').find((m) => m.type === 'text' && /fiche contact|contact card/.test(m.text.body)), 'the answer to the card');
    const after = await t.dataSource.query(`SELECT id, phone_number, phone_verified_at, telegram_chat_id FROM users ORDER BY id`);
    expect(after).toEqual(before);
    expect((await agent.get('/api/user')).body).toMatchObject({ phoneNumber: '+33698765432', phoneVerified: false });
  });

  it('the link form sends one welcome per number per day, creates no account and never names a claimer’s account', async () => {
    const number = '33612340007';
    const { agent } = await t.registerUser({ phoneNumber: `+${number}` });
    await request(t.app.getHttpServer()).post('/api/whatsapp/link').send({ phoneNumber: `+${number}`, language: 'fr' }).expect(200);
    await request(t.app.getHttpServer()).post('/api/whatsapp/link').send({ phoneNumber: `+${number}`, language: 'fr' }).expect(429);
    const sent = toNumber(number);
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent[0])).not.toContain('phone=');
    const fresh = '33612340008';
    await request(t.app.getHttpServer()).post('/api/whatsapp/link').send({ phoneNumber: `+${fresh}` }).expect(200);
    expect(await t.dataSource.query(`SELECT id FROM users WHERE phone_number = $1`, [`+${fresh}`])).toEqual([]);
    expect((await agent.get('/api/user')).body.phoneVerified).toBe(false);
  });

  it('an opted-out number gets nothing from the link form', async () => {
    const number = '33612340009';
    await fromNumber(number, 'Bonjour');
    await waitFor(async () => (await t.dataSource.query(`SELECT id FROM users WHERE phone_number = $1`, [`+${number}`])).length, 'the account');
    await t.dataSource.query(`UPDATE users SET opted_out_at = now() WHERE phone_number = $1`, [`+${number}`]);
    // The bot answers "Bonjour" with two messages (welcome, then help): count once it has finished.
    await waitFor(async () => (await t.dataSource.query(`SELECT 1 FROM inbound_events WHERE sender_id = $1 AND status = 'done'`, [`+${number}`])).length > 0, 'the greeting processed');
    await waitFor(() => toNumber(number).length > 0, 'the welcome reply');
    const before = toNumber(number).length;
    await request(t.app.getHttpServer()).post('/api/whatsapp/link').send({ phoneNumber: `+${number}` }).expect(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(toNumber(number)).toHaveLength(before);
  });
});
