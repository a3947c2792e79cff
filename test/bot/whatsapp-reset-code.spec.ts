import { Logger } from '@nestjs/common';
import { MessageLogService } from '../../api/live/message-log.service';
import { RESET_MESSAGES } from '../../api/accounts/password-reset.service';
import { APPROVED_TEMPLATES } from '../channels/fixtures/whatsapp-templates';
import { GraphApiStandIn } from '../support/graph-api-stand-in';
import { createTestApp, TestApp } from '../support/test-app';

const TOKEN = 'EAAG-reset-token';
const VERSION = 'v21.0';
const PHONE_ID = '106540352242931';

const whatsappEnv = (graph: GraphApiStandIn) => ({ PUBLIC_URL: 'https://rappel.test', ...graph.appEnv() });

/**
 * Password-reset codes through the real app to a WhatsApp user: free-form inside the 24 h
 * window, the authentication template (code in body and copy-code button) outside it, against a
 * Graph API stand-in that only accepts approved templates and counts free-form texts sent to a
 * closed window.
 */
describe('password-reset codes on WhatsApp', () => {
  let t: TestApp;
  let graph: GraphApiStandIn;

  beforeAll(async () => {
    graph = new GraphApiStandIn(TOKEN, VERSION, PHONE_ID);
    await graph.start();
    for (const template of APPROVED_TEMPLATES) graph.approveTemplate(template);
    graph.enforceWindows();
    t = await createTestApp({ db: 'embedded', env: whatsappEnv(graph) });
  });
  afterAll(async () => {
    await t?.close();
    await t?.db.drop();
    await graph?.stop();
  });
  afterEach(() => jest.restoreAllMocks());

  const waId = (phone: string) => phone.replace('+', '');
  const requestReset = (phone: string) => t.agent().post('/api/password/request-reset').send({ phoneNumber: phone }).expect(200);

  async function wroteAgo(user: { id: number; phoneNumber: string }, hoursAgo: number) {
    const row = await t.app.get(MessageLogService).record({ userId: user.id, channel: 'whatsapp', peerId: user.phoneNumber, direction: 'incoming', messageType: 'text', text: 'Salut' });
    await t.dataSource.query(`UPDATE message_log SET created_at = now() - make_interval(hours => $2) WHERE id = $1`, [row.id, hoursAgo]);
  }

  it('outside the window: the authentication template carries the code in its body and copy-code button, and that code resets the password', async () => {
    const { user } = await t.registerUser({ phoneNumber: '+33612779001', password: 'old-password-1' });
    // Codes go only to proved numbers (the owner wrote to the bot or typed a code).
    await t.dataSource.query(`UPDATE users SET phone_verified_at = now() WHERE id = $1`, [user.id]);
    await wroteAgo(user as any, 26);
    const res = await requestReset(user.phoneNumber);
    expect(res.body).toEqual({ success: true, message: RESET_MESSAGES.sent });

    const sent = graph.sentMessages().filter((m) => m.to === waId(user.phoneNumber));
    expect(sent).toHaveLength(1);
    expect(sent[0].type).toBe('template');
    const [body, button] = sent[0].template.components;
    const code = body.parameters[0].text as string;
    expect(code).toMatch(/^\d{6}$/);
    expect(sent[0].template).toEqual({
      name: 'rappel_code',
      language: { code: 'fr' },
      components: [
        { type: 'body', parameters: [{ type: 'text', text: code }] },
        { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] },
      ],
    });
    expect(button.parameters[0].text).toBe(code);
    expect(graph.deliveredTemplates().at(-1)).toMatchObject({ category: 'AUTHENTICATION', text: `${code} est votre code de vérification. Pour votre sécurité, ne communiquez ce code à personne.` });
    expect(graph.windowViolations()).toEqual([]);

    // The code in the template is the live one.
    await t.agent().post('/api/password/reset-password').send({ phoneNumber: user.phoneNumber, code, newPassword: 'new-password-1' }).expect(200);
    await t.agent().post('/api/login').send({ username: user.phoneNumber, password: 'new-password-1' }).expect(200);
  });

  it('an English-speaking user who never wrote gets the en_US template', async () => {
    const { user } = await t.registerUser({ phoneNumber: '+33612779002', language: 'en' });
    // Codes go only to proved numbers (the owner wrote to the bot or typed a code).
    await t.dataSource.query(`UPDATE users SET phone_verified_at = now() WHERE id = $1`, [user.id]);
    await requestReset(user.phoneNumber);
    const [sent] = graph.sentMessages().filter((m) => m.to === waId(user.phoneNumber));
    expect(sent.template).toMatchObject({ name: 'rappel_code', language: { code: 'en_US' } });
    const [logged] = await t.dataSource.query(`SELECT status, details FROM message_log WHERE peer_id = $1 AND direction = 'outgoing'`, [user.phoneNumber]);
    expect(logged).toEqual({ status: 'sent', details: { purpose: 'otp', via: 'template', template: 'rappel_code', templateLanguage: 'en_US' } });
  });

  it('inside the window: the usual text, which carries the same live code', async () => {
    const { user } = await t.registerUser({ phoneNumber: '+33612779003' });
    // Codes go only to proved numbers (the owner wrote to the bot or typed a code).
    await t.dataSource.query(`UPDATE users SET phone_verified_at = now() WHERE id = $1`, [user.id]);
    await wroteAgo(user as any, 3);
    graph.openWindow(waId(user.phoneNumber));
    await requestReset(user.phoneNumber);
    const sent = graph.sentMessages().filter((m) => m.to === waId(user.phoneNumber));
    expect(sent.map((m) => m.type)).toEqual(['text']);
    const code = /Votre code Rappel : (\d{6})\. Il expire dans 10 minutes\./.exec(sent[0].text.body)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await t.agent().post('/api/password/verify-code').send({ phoneNumber: user.phoneNumber, code }).expect(200);
    expect(graph.windowViolations()).toEqual([]);
    // Support staff read the message log: the code is masked there.
    const [logged] = await t.dataSource.query(`SELECT text FROM message_log WHERE peer_id = $1 AND direction = 'outgoing'`, [user.phoneNumber]);
    expect(logged.text).toContain('Votre code Rappel : ••••••.');
    expect(logged.text).not.toContain(code);
  });

  it('a refused template is logged with what to check, and the answer is the one an unknown number gets', async () => {
    const errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const { user } = await t.registerUser({ phoneNumber: '+33612779004' });
    // Codes go only to proved numbers (the owner wrote to the bot or typed a code).
    await t.dataSource.query(`UPDATE users SET phone_verified_at = now() WHERE id = $1`, [user.id]);
    graph.failNext('/messages', 400, { code: 132001, message: '(#132001) Template name does not exist in the translation' });
    const known = await requestReset(user.phoneNumber);
    const unknown = await requestReset('+33612779999');
    expect(known.body).toEqual(unknown.body);
    const line = errors.mock.calls.map((c) => String(c[0])).find((m) => m.includes('otp message'));
    expect(line).toContain(`WhatsApp refused the otp message to user ${user.id} (template "rappel_code", fr)`);
    expect(line).toContain('does not exist in this language');
    expect(line).toContain('code 132001');
    const [logged] = await t.dataSource.query(`SELECT status, error FROM message_log WHERE peer_id = $1 AND direction = 'outgoing'`, [user.phoneNumber]);
    expect(logged.status).toBe('failed');
    expect(logged.error).toContain('132001');
  });
});

describe('template names from the environment', () => {
  let t: TestApp;
  let graph: GraphApiStandIn;

  beforeAll(async () => {
    graph = new GraphApiStandIn(TOKEN, VERSION, PHONE_ID);
    await graph.start();
    graph.approveTemplate({ name: 'code_connexion', language: 'fr_FR', category: 'AUTHENTICATION', body: '{{1}} est votre code de vérification.', buttons: ['url'] });
    graph.approveTemplate({ name: 'bienvenue_v2', language: 'fr_FR', category: 'UTILITY', body: 'Bienvenue ! {{1}} à bientôt' });
    t = await createTestApp({
      db: 'embedded',
      env: { ...whatsappEnv(graph), WHATSAPP_OTP_TEMPLATE: 'code_connexion', WHATSAPP_WELCOME_TEMPLATE: 'bienvenue_v2', WHATSAPP_TEMPLATE_LANGUAGE_FR: 'fr_FR' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await t?.db.drop();
    await graph?.stop();
  });

  it('WHATSAPP_OTP_TEMPLATE, WHATSAPP_WELCOME_TEMPLATE and WHATSAPP_TEMPLATE_LANGUAGE_FR choose what is sent', async () => {
    const { user } = await t.registerUser({ phoneNumber: '+33612779101' });
    // Codes go only to proved numbers (the owner wrote to the bot or typed a code).
    await t.dataSource.query(`UPDATE users SET phone_verified_at = now() WHERE id = $1`, [user.id]);
    await t.agent().post('/api/password/request-reset').send({ phoneNumber: user.phoneNumber }).expect(200);
    await t.agent().post('/api/whatsapp/link').send({ phoneNumber: '+33612779102', language: 'fr' }).expect(200);
    expect(graph.deliveredTemplates().map((d) => [d.to, d.name, d.language])).toEqual([
      ['33612779101', 'code_connexion', 'fr_FR'],
      ['33612779102', 'bienvenue_v2', 'fr_FR'],
    ]);
  });
});

describe('reset codes without WhatsApp', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ db: 'embedded' });
  });
  afterAll(async () => {
    await t?.close();
    await t?.db.drop();
  });
  afterEach(() => jest.restoreAllMocks());

  it('go to the simulator and to the log line browser tests read, unchanged', async () => {
    const logs = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const { user } = await t.registerUser({ phoneNumber: '+33612779201' });
    // Codes go only to proved numbers (the owner wrote to the bot or typed a code).
    await t.dataSource.query(`UPDATE users SET phone_verified_at = now() WHERE id = $1`, [user.id]);
    await t.agent().post('/api/password/request-reset').send({ phoneNumber: user.phoneNumber }).expect(200);
    const line = logs.mock.calls.map((c) => String(c[0])).find((m) => m.startsWith('[embedded channel]'));
    expect(line).toMatch(/^\[embedded channel\] to \+33612779201: Votre code Rappel : \d{6}\. Il expire dans 10 minutes\. Ne le partagez avec personne\.$/);
    const [logged] = await t.dataSource.query(`SELECT channel, text, details FROM message_log WHERE user_id = $1 AND direction = 'outgoing'`, [user.id]);
    expect(logged).toMatchObject({ channel: 'simulator', details: { purpose: 'otp' } });
    expect(logged.text).toBe(line!.slice('[embedded channel] to +33612779201: '.length));
  });
});
