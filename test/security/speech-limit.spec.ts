import request from 'supertest';
import { RateLimitService } from '../../api/common/rate-limit.service';
import { STT_PER_HOUR } from '../../bot/conversation/intake/inbound-processor';
import { voiceNote, waitFor } from '../bot/bot-test-kit';
import { OpenAiStandIn } from '../support/openai-stand-in';
import { createTestApp, TestApp, uniquePhone } from '../support/test-app';
import { testDatabases } from '../support/test-db';

jest.setTimeout(120_000);

/**
 * Speech-to-text is paid per minute (issue 10): one user who floods the bot with voice notes gets a
 * polite answer once over the hourly limit, nothing more reaches the speech provider, and another
 * user's voice note is still transcribed.
 */
describe.each(testDatabases())('security: speech-to-text is rate limited per user (%s)', (db) => {
  let t: TestApp;
  let openai: OpenAiStandIn;

  beforeAll(async () => {
    openai = await new OpenAiStandIn().start();
    t = await createTestApp({ db, env: { PUBLIC_URL: 'https://rappel.test', OPENAI_API_KEY: openai.apiKey, OPENAI_BASE_URL: openai.baseURL } });
  });
  afterAll(async () => {
    await t?.close();
    await t?.db.drop();
    await openai?.stop();
  });

  async function signUp(): Promise<{ cookie: string; id: number }> {
    const res = await request(t.app.getHttpServer()).post('/api/register').send({ phoneNumber: uniquePhone(), password: 'correct horse 42', countryCode: '+33', language: 'fr' }).expect(201);
    return { cookie: (res.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; '), id: res.body.id };
  }

  async function sendVoice(cookie: string, expected: RegExp): Promise<void> {
    await request(t.app.getHttpServer()).post('/api/simulator/messages').set('cookie', cookie).send({ audio: voiceNote().toString('base64'), mimeType: 'audio/ogg' }).expect(202);
    await waitFor(async () => {
      const h = await request(t.app.getHttpServer()).get('/api/simulator/messages').set('cookie', cookie);
      return (h.body as Array<{ data: { direction: string; text: string | null } }>).find((m) => m.data.direction === 'outgoing' && expected.test(m.data.text ?? ''));
    }, `an answer matching ${expected}`);
  }

  const transcriptions = () => openai.requests.filter((r) => r.path === '/v1/audio/transcriptions').length;

  it('the voice note over the hourly limit is not sent to the speech provider and gets the polite answer; another user is unaffected', async () => {
    const flooder = await signUp();
    const other = await signUp();
    // The flooder has already had STT_PER_HOUR voice notes transcribed this hour.
    const limits = t.app.get(RateLimitService);
    for (let i = 0; i < STT_PER_HOUR; i++) expect((await limits.hit(`stt:${flooder.id}`, STT_PER_HOUR, 3600)).allowed).toBe(true);

    const before = transcriptions();
    await sendVoice(flooder.cookie, /beaucoup de notes vocales/);
    expect(transcriptions()).toBe(before);

    await sendVoice(other.cookie, /Marie/);
    expect(transcriptions()).toBe(before + 1);
  });
});
