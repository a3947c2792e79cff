import request from 'supertest';
import { BotApiStandIn } from '../support/bot-api-stand-in';
import { OpenAiStandIn } from '../support/openai-stand-in';
import { createTestApp, TestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import { callbackUpdate, commandUpdate, textUpdate, voiceUpdate } from '../channels/fixtures/telegram-updates';
import { ffprobe, opusHeadChannels, stereoSpeech, voiceNote, waitFor } from './bot-test-kit';

jest.setTimeout(90_000);

const TOKEN = '123456789:AAHk-test-token-for-the-stand-in_xyz';
const SECRET = 'tg-webhook-secret';
const CHAT = '5512345678';

/** The same journey through Telegram: deep-link linking, voice note, inline buttons, sendVoice at due time. */
describe.each(testDatabases())('Telegram end to end (%s)', (db) => {
  let t: TestApp;
  let bot: BotApiStandIn;
  let openai: OpenAiStandIn;

  beforeAll(async () => {
    bot = new BotApiStandIn(TOKEN);
    await bot.start();
    openai = await new OpenAiStandIn().start();
    openai.transcript = { text: "rappelle-moi d'appeler maman dans 2 minutes", language: 'fr' };
    openai.speech = { bytes: stereoSpeech(), contentType: 'audio/ogg' };
    t = await createTestApp({
      db,
      env: {
        PUBLIC_URL: 'https://rappel.test',
        SECURE_COOKIES: 'false', // Secure cookies over https; supertest speaks http
        TELEGRAM_BOT_TOKEN: TOKEN,
        TELEGRAM_API_ROOT: bot.origin,
        TELEGRAM_WEBHOOK_SECRET: SECRET,
        TELEGRAM_BOT_USERNAME: 'RappelTestBot',
        OPENAI_API_KEY: openai.apiKey,
        OPENAI_BASE_URL: openai.baseURL,
        DISPATCHER_ENABLED: 'true',
        DISPATCHER_POLL_MS: '100',
      },
    });
  });

  afterAll(async () => {
    await t?.close();
    await t?.db.drop();
    await bot?.stop();
    await openai?.stop();
  });

  const post = (update: unknown) =>
    request(t.app.getHttpServer()).post('/api/telegram/webhook').set('x-telegram-bot-api-secret-token', SECRET).send(update as object);
  const texts = () => bot.callsTo('sendMessage').map((c) => c.params);

  it('links the chat with a portal deep link, then voice note → confirm → voice note at due time', async () => {
    const { agent, user } = await t.registerUser({ language: 'fr' });
    const link = await agent.post('/api/telegram/link-token').expect(201);
    const token = new URL(link.body.url).searchParams.get('start')!;
    expect(link.body.url).toBe(`https://t.me/RappelTestBot?start=${token}`);

    expect((await post(commandUpdate(1001, `/start ${token}`))).status).toBe(200);
    // The deep link binds nothing by itself: the chat is asked, naming the account's number masked.
    const ask = await waitFor(() => texts().find((p) => /Relier cette conversation au compte Rappel/.test(p.text)), 'the link question');
    const digits = String(user.phoneNumber).replace(/\D/g, '');
    expect(ask.text).toContain(`•• •• •• ${digits.slice(-2)}`);
    expect(ask.text).not.toContain(String(user.phoneNumber));
    expect(ask.reply_markup.inline_keyboard.flat().map((b: any) => b.callback_data)).toEqual([`link:${token}`, 'link:no']);
    expect((await t.dataSource.query(`SELECT telegram_chat_id FROM users WHERE id = $1`, [user.id]))[0].telegram_chat_id).toBeNull();
    await post(callbackUpdate(1011, `link:${token}`));
    await waitFor(() => texts().find((p) => /reliée à votre compte/.test(p.text)), 'link confirmation');
    const [linked] = await t.dataSource.query(`SELECT telegram_chat_id FROM users WHERE id = $1`, [user.id]);
    expect(linked.telegram_chat_id).toBe(CHAT);
    // Single use: the same token again is refused.
    await post(commandUpdate(1002, `/start ${token}`));
    await waitFor(() => texts().find((p) => /invalide ou a expiré/.test(p.text)), 'refusal of a used token');

    bot.files.set('voice-file-1', { path: 'voice/file_1.oga', data: voiceNote() });
    await post(voiceUpdate(1003, 'voice-file-1'));
    await post(voiceUpdate(1003, 'voice-file-1')); // redelivery
    const confirmation = await waitFor(() => texts().find((p) => /Je confirme/.test(p.text)), 'the confirmation');
    expect(String(confirmation.chat_id)).toBe(CHAT);
    expect(confirmation.text).toMatch(/^📅 Appeler maman — aujourd'hui à \d\d:\d\d \(Paris\)\. Je confirme \?$/);
    expect(confirmation.reply_markup.inline_keyboard.flat().map((b: any) => b.callback_data)).toEqual(['confirm', 'change', 'cancel']);
    expect(bot.fileDownloads).toBe(1);

    await post(callbackUpdate(1004, 'confirm'));
    const reminder = await waitFor(async () => (await t.dataSource.query(`SELECT * FROM reminders WHERE user_id = $1`, [user.id]))[0], 'the reminder');
    expect(reminder).toMatchObject({ subject: 'Appeler maman', status: 'pending', source: 'bot' });
    // Callback queries are always answered.
    await waitFor(() => bot.callsTo('answerCallbackQuery').length > 0, 'answerCallbackQuery');

    await t.dataSource.query(`UPDATE reminders SET due_at = now() - interval '1 second', next_attempt_at = now() WHERE id = $1`, [reminder.id]);
    const voice = await waitFor(() => bot.callsTo('sendVoice')[0], 'sendVoice', 20_000);
    expect(String(voice.params.chat_id)).toBe(CHAT);
    const audio = Object.values(voice.files)[0].data;
    expect(audio.subarray(0, 4).toString('ascii')).toBe('OggS');
    expect(opusHeadChannels(audio)).toBe(1);
    const probe = ffprobe(audio);
    if (probe) expect(probe).toEqual({ codec: 'opus', channels: 1 });
    expect(voice.params.caption).toBe('⏰ Rappel : Appeler maman');
    expect(voice.params.reply_markup.inline_keyboard.flat().map((b: any) => b.callback_data)).toEqual([
      `snooze:${reminder.id}:10m`,
      `snooze:${reminder.id}:1h`,
      `snooze:${reminder.id}:tomorrow`,
      `done:${reminder.id}`,
    ]);
    await waitFor(async () => (await t.dataSource.query(`SELECT status FROM reminders WHERE id = $1`, [reminder.id]))[0].status === 'sent', 'status sent');

    // "décale-le à 18h" after delivery refers to the delivered reminder.
    await post(textUpdate(1005, 'décale-le à 18h'));
    await waitFor(() => texts().find((p) => /^🔁 Décalé : Appeler maman — .* à 18:00 \(Paris\)\.$/.test(p.text)), 'the reschedule reply');
  });

  it('an unknown chat gets an account of its own and English commands as Telegram commands', async () => {
    const stranger = { id: 777000111, is_bot: false, first_name: 'Sam', language_code: 'en' };
    const update = (id: number, text: string) => ({
      update_id: id,
      message: { message_id: id, from: stranger, chat: { id: stranger.id, type: 'private', first_name: 'Sam' }, date: Math.floor(Date.now() / 1000), text, ...(text.startsWith('/') ? { entities: [{ offset: 0, length: text.split(' ')[0].length, type: 'bot_command' }] } : {}) },
    });
    await post(update(2001, '/help'));
    await waitFor(() => texts().find((p) => String(p.chat_id) === String(stranger.id) && /Welcome to Rappel/.test(p.text)), 'English welcome');
    await waitFor(() => texts().find((p) => String(p.chat_id) === String(stranger.id) && /"list" — your upcoming reminders/.test(p.text)), 'help');
    await post(update(2002, '/tz America/Toronto'));
    await waitFor(() => texts().find((p) => String(p.chat_id) === String(stranger.id) && /timezone is now America\/Toronto/.test(p.text)), 'timezone set');
    const [u] = await t.dataSource.query(`SELECT language, timezone, timezone_confirmed, phone_number, plan FROM users WHERE telegram_chat_id = $1`, [String(stranger.id)]);
    expect(u).toEqual({ language: 'en', timezone: 'America/Toronto', timezone_confirmed: true, phone_number: null, plan: 'basic' });
    await post(update(2003, '/list'));
    await waitFor(() => texts().find((p) => String(p.chat_id) === String(stranger.id) && /no upcoming reminders/.test(p.text)), 'empty list');
  });
});
