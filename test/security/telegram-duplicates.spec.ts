import request from 'supertest';
import { DEFAULT_RETENTION, DELIVERY_ID_WINDOW_HOURS, purgeExpired } from '../../api/retention/retention';
import { waitFor } from '../bot/bot-test-kit';
import { BotApiStandIn } from '../support/bot-api-stand-in';
import { createTestApp, TestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

jest.setTimeout(90_000);

const TOKEN = '123456789:AAHk-duplicates-stand-in_xyz';
const SECRET = 'tg-duplicates-secret';

/**
 * Telegram redelivers an update under its update_id until it is acknowledged, and starts update
 * ids again at random after a quiet week. A redelivery must be processed once; a new message that
 * happens to reuse an old update_id must not be dropped as a duplicate.
 */
describe.each(testDatabases())('Telegram duplicates (%s)', (db) => {
  let t: TestApp;
  let bot: BotApiStandIn;

  beforeAll(async () => {
    bot = new BotApiStandIn(TOKEN);
    await bot.start();
    t = await createTestApp({
      db,
      env: {
        PUBLIC_URL: 'https://rappel.test',
        TELEGRAM_BOT_TOKEN: TOKEN,
        TELEGRAM_API_ROOT: bot.origin,
        TELEGRAM_WEBHOOK_SECRET: SECRET,
        TELEGRAM_BOT_USERNAME: 'RappelTestBot',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await t?.db.drop();
    await bot?.stop();
  });

  const person = (id: number) => ({ id, is_bot: false, first_name: 'Alex', language_code: 'en' });
  const update = (chatId: number, updateId: number, messageId: number, text: string) => ({
    update_id: updateId,
    message: {
      message_id: messageId,
      from: person(chatId),
      chat: { id: chatId, type: 'private', first_name: 'Alex' },
      date: Math.floor(Date.now() / 1000),
      text,
      entities: [{ offset: 0, length: text.split(' ')[0].length, type: 'bot_command' }],
    },
  });
  const post = (body: unknown) =>
    request(t.app.getHttpServer()).post('/api/telegram/webhook').set('x-telegram-bot-api-secret-token', SECRET).send(body as object).expect(200);
  const repliesTo = (chatId: number, pattern: RegExp) =>
    bot.callsTo('sendMessage').filter((c) => String(c.params.chat_id) === String(chatId) && pattern.test(c.params.text)).length;
  const events = async (chatId: number) =>
    (await t.dataSource.query(`SELECT message_id, delivery_id FROM inbound_events WHERE channel = 'telegram' AND sender_id = $1 ORDER BY id`, [String(chatId)])) as Array<{
      message_id: string;
      delivery_id: string | null;
    }>;

  it('processes one message once when it comes back under a different update_id', async () => {
    const chat = 610000001;
    await post(update(chat, 5001, 10, '/help'));
    await post(update(chat, 5002, 10, '/help')); // the same message (chat, 10) again
    await post(update(chat, 5003, 11, '/tz America/Toronto'));
    // Intake works through one sender's events in order: once the last is answered, the first are done.
    await waitFor(() => repliesTo(chat, /timezone is now America\/Toronto/) === 1, 'the answer to the last message');
    expect(repliesTo(chat, /"list" — your upcoming reminders/)).toBe(1);
    expect((await events(chat)).map((e) => e.message_id)).toEqual([`${chat}:10`, `${chat}:11`]);
  });

  it('refuses a recent update_id, but processes a new message under an update_id older than the window', async () => {
    const chat = 610000002;
    await post(update(chat, 6001, 20, '/tz Europe/Paris'));
    await waitFor(() => repliesTo(chat, /timezone is now Europe\/Paris/) === 1, 'the first answer');
    // Within the window the update_id alone marks a redelivery.
    await post(update(chat, 6001, 21, '/tz Asia/Tokyo'));
    expect((await events(chat)).map((e) => e.message_id)).toEqual([`${chat}:20`]);

    // A quiet week later Telegram may hand out 6001 again, for a new message: it is processed.
    await t.dataSource.query(`UPDATE inbound_events SET created_at = now() - make_interval(hours => $1 + 1) WHERE sender_id = $2`, [DELIVERY_ID_WINDOW_HOURS, String(chat)]);
    await post(update(chat, 6001, 22, '/tz America/Toronto'));
    await waitFor(() => repliesTo(chat, /timezone is now America\/Toronto/) === 1, 'the answer to the new message');
    expect(repliesTo(chat, /Asia\/Tokyo/)).toBe(0);
    expect((await events(chat)).map((e) => [e.message_id, e.delivery_id])).toEqual([
      [`${chat}:20`, '6001'],
      [`${chat}:22`, '6001'],
    ]);

    // The retention pass clears update ids past the window; the message keys stay.
    const purged = await purgeExpired(t.dataSource, DEFAULT_RETENTION);
    expect(purged.deliveryIds).toBeGreaterThanOrEqual(1);
    expect((await events(chat)).map((e) => [e.message_id, e.delivery_id])).toEqual([
      [`${chat}:20`, null],
      [`${chat}:22`, '6001'],
    ]);
    // A redelivery of the old message is still recognised by its (chat, message id).
    await post(update(chat, 6050, 20, '/tz Europe/Paris'));
    expect((await events(chat)).map((e) => e.message_id)).toEqual([`${chat}:20`, `${chat}:22`]);
  });

  it('processes a callback query once under its own id', async () => {
    const chat = 610000003;
    await post(update(chat, 7001, 30, '/help'));
    await waitFor(() => repliesTo(chat, /"list" — your upcoming reminders/) === 1, 'help');
    const query = (updateId: number) => ({
      update_id: updateId,
      callback_query: { id: 'q-7001', from: person(chat), chat_instance: 'c', data: 'noop', message: { message_id: 31, date: 1, chat: { id: chat, type: 'private' } } },
    });
    await post(query(7002));
    await post(query(7003));
    expect((await events(chat)).map((e) => e.message_id)).toEqual([`${chat}:30`, 'cb:q-7001']);
  });
});
