import request from 'supertest';
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
    t = await createTestApp({
      db: 'embedded',
      env: {
        PUBLIC_URL: 'https://rappel.test',
        WHATSAPP_API_BASE_URL: graph.origin,
        WHATSAPP_API_VERSION: VERSION,
        WHATSAPP_PHONE_NUMBER_ID: PHONE_ID,
        WHATSAPP_ACCESS_TOKEN: TOKEN,
        WHATSAPP_APP_SECRET: 'secret',
        WHATSAPP_VERIFY_TOKEN: 'verify',
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

  it('welcomes a new number with a link to choose a password, in the chosen language', async () => {
    const res = await request(t.app.getHttpServer()).post('/api/whatsapp/link').send({ phoneNumber: '06 12 77 88 99', language: 'en' }).expect(200);
    expect(res.body).toEqual({ success: true, message: 'Welcome message sent on WhatsApp.' });
    const sent = texts('33612778899');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('https://rappel.test/auth?tab=login&phone=%2B33612778899&setPassword=1');
  });

  it('an existing account gets the sign-in link without the password step', async () => {
    const { user } = await t.registerUser({ phoneNumber: '+33612778800' });
    await request(t.app.getHttpServer()).post('/api/whatsapp/link').send({ phoneNumber: user.phoneNumber, language: 'fr' }).expect(200);
    const sent = texts('33612778800');
    expect(sent.at(-1)).toContain('/auth?tab=login&phone=%2B33612778800');
    expect(sent.at(-1)).not.toContain('setPassword');
  });

  it('refuses an invalid number and limits repeated requests for one number', async () => {
    const bad = await request(t.app.getHttpServer()).post('/api/whatsapp/link').send({ phoneNumber: '12', language: 'fr' }).expect(400);
    expect(bad.body.message).toBe('Please enter a valid phone number.');
    const server = t.app.getHttpServer();
    for (let i = 0; i < 3; i++) await request(server).post('/api/whatsapp/link').send({ phoneNumber: '+33612778811', language: 'fr' }).expect(200);
    const limited = await request(server).post('/api/whatsapp/link').send({ phoneNumber: '+33612778811', language: 'fr' }).expect(429);
    expect(limited.body.message).toBe('Trop de demandes, réessayez plus tard.');
  });
});
