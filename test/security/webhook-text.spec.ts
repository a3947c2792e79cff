import request from 'supertest';
import { signWhatsappBody } from '../../bot/channels/whatsapp/whatsapp-signature';
import { waitFor } from '../bot/bot-test-kit';
import { textWebhook } from '../channels/fixtures/whatsapp-webhooks';
import { BotApiStandIn } from '../support/bot-api-stand-in';
import { GraphApiStandIn } from '../support/graph-api-stand-in';
import { createTestApp, TestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

jest.setTimeout(90_000);

const WA_SECRET = 'wa-nul-secret';
const TG_TOKEN = '123456789:AAHk-nul-stand-in_xyz';
const TG_SECRET = 'tg-nul-secret';

/**
 * Text the database cannot store (U+0000, a lone surrogate) can reach us inside a signed
 * webhook, where no 400 helps: the provider would redeliver it for days and the sender's later
 * messages would queue behind it. Intake stores the message without those characters and the
 * conversation goes on.
 */
describe.each(testDatabases())('security: webhook text the database refuses (%s)', (db) => {
  let t: TestApp;
  let graph: GraphApiStandIn;
  let bot: BotApiStandIn;

  beforeAll(async () => {
    graph = new GraphApiStandIn('EAAG-nul-token', 'v23.0', '106540352240000');
    await graph.start();
    bot = new BotApiStandIn(TG_TOKEN);
    await bot.start();
    t = await createTestApp({
      db,
      env: {
        PUBLIC_URL: 'https://rappel.test',
        ...graph.appEnv({ appSecret: WA_SECRET }),
        TELEGRAM_BOT_TOKEN: TG_TOKEN,
        TELEGRAM_API_ROOT: bot.origin,
        TELEGRAM_WEBHOOK_SECRET: TG_SECRET,
        TELEGRAM_BOT_USERNAME: 'RappelTestBot',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await t?.db.drop();
    await graph?.stop();
    await bot?.stop();
  });

  const event = async (channel: string, messageId: string) =>
    (await t.dataSource.query(`SELECT status, payload->>'text' AS text FROM inbound_events WHERE channel = $1 AND message_id = $2`, [channel, messageId]))[0] as
      | { status: string; text: string }
      | undefined;

  it.each([
    ['U+0000', 'aide\u0000 moi', 'aide moi'],
    ['a lone surrogate', 'aide \uD800moi', 'aide moi'],
  ])('a WhatsApp text carrying %s is recorded (200) and answered', async (_label, text, stored) => {
    const from = `3361234${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
    const id = `wamid.NUL-${from}`;
    const raw = JSON.stringify(textWebhook(id, text, from));
    await request(t.app.getHttpServer())
      .post('/api/whatsapp/webhook')
      .set('content-type', 'application/json')
      .set('x-hub-signature-256', signWhatsappBody(raw, WA_SECRET))
      .send(raw)
      .expect(200);
    expect((await event('whatsapp', id))?.text).toBe(stored);
    await waitFor(async () => (await event('whatsapp', id))?.status === 'done', 'the message processed');
    await waitFor(() => graph.sentMessages().some((m) => m.to === from), 'an answer to the sender');
  });

  it('a Telegram text carrying U+0000 is recorded (200) and answered', async () => {
    const chat = 620000001;
    const update = {
      update_id: 9001,
      message: { message_id: 5, from: { id: chat, is_bot: false, first_name: 'Nul' }, chat: { id: chat, type: 'private' }, date: Math.floor(Date.now() / 1000), text: '/help\u0000' },
    };
    await request(t.app.getHttpServer()).post('/api/telegram/webhook').set('x-telegram-bot-api-secret-token', TG_SECRET).send(update).expect(200);
    await waitFor(async () => (await event('telegram', `${chat}:5`))?.status === 'done', 'the message processed');
    await waitFor(() => bot.callsTo('sendMessage').some((c) => String(c.params.chat_id) === String(chat)), 'an answer to the chat');
  });
});
