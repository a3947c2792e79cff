import request from 'supertest';
import { MessageLogService } from '../../api/live/message-log.service';
import { APPROVED_TEMPLATES } from '../channels/fixtures/whatsapp-templates';
import { GraphApiStandIn } from '../support/graph-api-stand-in';
import { createTestApp, TestApp } from '../support/test-app';

const TOKEN = 'EAAG-link-token';
const VERSION = 'v21.0';
const PHONE_ID = '106540352242923';

/** POST /api/whatsapp/link (spec §7): the landing form that sends a WhatsApp welcome message. */
describe('WhatsApp link form', () => {
  let t: TestApp;
  let graph: GraphApiStandIn;

  beforeAll(async () => {
    graph = new GraphApiStandIn(TOKEN, VERSION, PHONE_ID);
    await graph.start();
    // As Meta does: only approved templates, and free-form texts only inside the 24 h window.
    for (const template of APPROVED_TEMPLATES) graph.approveTemplate(template);
    graph.enforceWindows();
    t = await createTestApp({
      db: 'embedded',
      env: {
        PUBLIC_URL: 'https://rappel.test',
        ...graph.appEnv(),
        RATE_LIMIT_MAX_PER_PHONE: '3',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await t?.db.drop();
    await graph?.stop();
  });

  const texts = (to: string) => graph.sentMessages().filter((m) => m.to === to && m.type === 'text').map((m) => m.text?.body as string);
  const templates = (to: string) => graph.deliveredTemplates().filter((m) => m.to === to);

  /** The user wrote to us on WhatsApp `hoursAgo` hours ago (what the webhook intake logs). */
  async function wroteAgo(user: { id: number; phoneNumber: string }, hoursAgo: number) {
    const row = await t.app.get(MessageLogService).record({ userId: user.id, channel: 'whatsapp', peerId: user.phoneNumber, direction: 'incoming', messageType: 'text', text: 'Bonjour' });
    await t.dataSource.query(`UPDATE message_log SET created_at = now() - make_interval(hours => $2) WHERE id = $1`, [row.id, hoursAgo]);
  }

  it('welcomes a new number with the approved welcome template, creating no account until the person writes back', async () => {
    const res = await request(t.app.getHttpServer()).post('/api/whatsapp/link').send({ phoneNumber: '06 12 77 88 99', language: 'en' }).expect(200);
    expect(res.body).toEqual({ success: true, message: 'Welcome message sent on WhatsApp.' });
    // A number that never wrote to us is outside the 24 h window: Meta would refuse a free-form text.
    expect(texts('33612778899')).toEqual([]);
    const [welcome] = templates('33612778899');
    expect(welcome).toMatchObject({ name: 'rappel_welcome', language: 'en_US', category: 'UTILITY' });
    expect(welcome.text).toContain('Your account: https://rappel.test/?lang=en\n');
    expect(graph.windowViolations()).toEqual([]);
    expect(await t.dataSource.query(`SELECT id FROM users WHERE phone_number = '+33612778899'`)).toEqual([]);
    const [logged] = await t.dataSource.query(`SELECT direction, status, text, details FROM message_log WHERE peer_id = '+33612778899'`);
    expect(logged).toMatchObject({ direction: 'outgoing', status: 'sent', details: { purpose: 'welcome', via: 'template', template: 'rappel_welcome', templateLanguage: 'en_US' } });
  });

  it('an existing account gets the sign-in link without the password step, as the template when it last wrote over 24 h ago', async () => {
    const { user } = await t.registerUser({ phoneNumber: '+33612778800' });
    await t.dataSource.query(`UPDATE users SET phone_verified_at = now() WHERE id = $1`, [user.id]);
    await wroteAgo(user as any, 30);
    await request(t.app.getHttpServer()).post('/api/whatsapp/link').send({ phoneNumber: user.phoneNumber, language: 'fr' }).expect(200);
    expect(texts('33612778800')).toEqual([]);
    const sent = templates('33612778800');
    expect(sent.at(-1)).toMatchObject({ name: 'rappel_welcome', language: 'fr' });
    expect(sent.at(-1)!.text).toContain('Votre compte : https://rappel.test/auth?tab=login&phone=%2B33612778800\n');
    expect(sent.at(-1)!.text).not.toContain('setPassword');
  });

  it('inside the 24 h window the welcome goes as the usual free-form text', async () => {
    const { user } = await t.registerUser({ phoneNumber: '+33612778822' });
    await t.dataSource.query(`UPDATE users SET phone_verified_at = now() WHERE id = $1`, [user.id]);
    await wroteAgo(user as any, 2);
    graph.openWindow('33612778822');
    await request(t.app.getHttpServer()).post('/api/whatsapp/link').send({ phoneNumber: user.phoneNumber, language: 'fr' }).expect(200);
    const sent = texts('33612778822');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^👋 Bonjour de la part de Rappel ! .*Votre compte : https:\/\/rappel\.test\/auth\?tab=login&phone=%2B33612778822$/);
    expect(templates('33612778822')).toEqual([]);
    expect(graph.windowViolations()).toEqual([]);
  });

  it('refuses an invalid number and sends one welcome per number per 24 h', async () => {
    const bad = await request(t.app.getHttpServer()).post('/api/whatsapp/link').send({ phoneNumber: '12', language: 'fr' }).expect(400);
    expect(bad.body.message).toBe('Please enter a valid phone number.');
    const server = t.app.getHttpServer();
    await request(server).post('/api/whatsapp/link').send({ phoneNumber: '+33612778811', language: 'fr' }).expect(200);
    const limited = await request(server).post('/api/whatsapp/link').send({ phoneNumber: '+33612778811', language: 'fr' }).expect(429);
    expect(limited.body.message).toBe('Trop de demandes, réessayez plus tard.');
  });
});

describe('WhatsApp link form: the daily cap', () => {
  it('LINK_DAILY_CAP bounds the welcomes of all numbers together', async () => {
    const graph = new GraphApiStandIn(TOKEN, VERSION, PHONE_ID);
    await graph.start();
    for (const template of APPROVED_TEMPLATES) graph.approveTemplate(template);
    const t = await createTestApp({ db: 'embedded', env: { PUBLIC_URL: 'https://rappel.test', ...graph.appEnv(), LINK_DAILY_CAP: '2' } });
    try {
      const server = t.app.getHttpServer();
      await request(server).post('/api/whatsapp/link').send({ phoneNumber: '+33612778701' }).expect(200);
      await request(server).post('/api/whatsapp/link').send({ phoneNumber: '+33612778702' }).expect(200);
      const third = await request(server).post('/api/whatsapp/link').send({ phoneNumber: '+33612778703' }).expect(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      expect(graph.deliveredTemplates().map((d) => d.to)).toEqual(['33612778701', '33612778702']);
    } finally {
      await t.close();
      await t.db.drop();
      await graph.stop();
    }
  });
});
