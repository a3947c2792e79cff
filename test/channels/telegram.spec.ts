import { randomBytes } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { ChannelRegistry } from '../../bot/channels/channel-registry.service';
import { ChannelSendError } from '../../bot/channels/channel.types';
import { ChannelsModule } from '../../bot/channels/channels.module';
import { INBOUND_SINK } from '../../bot/channels/inbound-sink.port';
import { TelegramChannel } from '../../bot/channels/telegram/telegram.channel';
import { TelegramUpdatesService } from '../../bot/channels/telegram/telegram-updates.service';
import { BotApiStandIn } from '../support/bot-api-stand-in';
import { callbackUpdate, CHAT_ID, commandUpdate, contactUpdate, locationUpdate, stickerUpdate, textUpdate, voiceUpdate } from './fixtures/telegram-updates';
import { RecordingSink } from './recording-sink';

const TOKEN = '7012345678:AAHk-test-token_9xYz';
const SECRET = 'rappel_webhook_secret-1';

async function rejection(p: Promise<unknown>): Promise<ChannelSendError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(ChannelSendError);
    return err as ChannelSendError;
  }
  throw new Error('expected a rejection');
}

async function waitFor(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('Telegram channel with grammY against a Bot API stand-in', () => {
  const api = new BotApiStandIn(TOKEN);
  let app: INestApplication;
  let sink: RecordingSink;

  async function makeApp(publicUrl?: string): Promise<INestApplication> {
    const moduleRef = await Test.createTestingModule({
      imports: [
        ChannelsModule.forRoot({
          telegram: { botToken: TOKEN, apiRoot: api.origin, webhookSecret: SECRET, autoStart: false, ...(publicUrl ? { publicUrl } : {}) },
        }),
      ],
      providers: [{ provide: INBOUND_SINK, useValue: sink }],
    }).compile();
    const created = moduleRef.createNestApplication({ rawBody: true, logger: false });
    await created.init();
    return created;
  }

  beforeAll(async () => {
    await api.start();
  });
  afterAll(async () => {
    await api.stop();
  });
  beforeEach(async () => {
    sink = new RecordingSink();
    api.calls.length = 0;
    app = await makeApp();
  });
  afterEach(async () => {
    await app.close();
  });

  const deliver = (update: unknown, secret: string | null = SECRET) => {
    const req = request(app.getHttpServer()).post('/api/telegram/webhook');
    if (secret !== null) req.set('x-telegram-bot-api-secret-token', secret);
    return req.send(update as object);
  };

  it('registers itself in the channel registry', () => {
    const registry = app.get(ChannelRegistry);
    expect(registry.enabled()).toEqual(['telegram']);
    expect(registry.get('telegram')).toBe(app.get(TelegramChannel));
  });

  describe('webhook', () => {
    it('rejects a wrong secret token with 401 and hands nothing on', async () => {
      const res = await deliver(textUpdate(), 'wrong');
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
      expect(sink.calls).toHaveLength(0);
    });

    it('rejects a missing secret token with 401', async () => {
      const res = await deliver(textUpdate(), null);
      expect(res.status).toBe(401);
      expect(sink.calls).toHaveLength(0);
    });

    it('turns a text message into an InboundMessage keyed by (chat, message id), the update id as delivery id, sender = chat id', async () => {
      const res = await deliver(textUpdate(730000001));
      expect(res.status).toBe(200);
      expect(sink.calls).toEqual([
        {
          channel: 'telegram',
          senderId: CHAT_ID,
          senderName: 'Camille Roux',
          languageHint: 'fr',
          messageId: `${CHAT_ID}:730000001`,
          deliveryId: '730000001',
          receivedAt: new Date(1718016000 * 1000),
          kind: 'text',
          text: 'rappelle-moi vendredi à 18h de sortir les poubelles',
        },
      ]);
    });

    it('turns /start with a link token into a command, dropping the bot mention', async () => {
      await deliver(commandUpdate(730000002, '/start@RappelTestBot lnk_9f8e7d'));
      await deliver(commandUpdate(730000012, '/list'));
      expect(sink.calls.map((m) => [m.kind, m.text])).toEqual([
        ['command', '/start lnk_9f8e7d'],
        ['command', '/list'],
      ]);
    });

    it('turns a voice message into a voice InboundMessage referencing the file id', async () => {
      await deliver(voiceUpdate(730000003, 'AwACAgQAAxkBAAMzvoice'));
      expect(sink.calls[0]).toMatchObject({
        kind: 'voice',
        voice: { mediaRef: 'AwACAgQAAxkBAAMzvoice', mimeType: 'audio/ogg', durationSeconds: 4 },
      });
      expect(api.callsTo('getFile')).toHaveLength(0);
    });

    it("takes the sender's own shared contact, and ignores someone else's", async () => {
      await deliver(contactUpdate(730000004));
      await deliver(contactUpdate(730000014, 999));
      expect(sink.calls).toHaveLength(1);
      expect(sink.calls[0]).toMatchObject({ kind: 'contact', contactPhone: '+33612345678' });
    });

    it('takes a shared location (it sets the zone), and ignores impossible coordinates', async () => {
      await deliver(locationUpdate(730000006));
      await deliver(locationUpdate(730000016, 123, 0));
      expect(sink.calls).toHaveLength(1);
      expect(sink.calls[0]).toMatchObject({ kind: 'location', location: { latitude: 45.5017, longitude: -73.5673 }, senderId: CHAT_ID });
    });

    it('turns a callback query into a button message and answers it', async () => {
      const res = await deliver(callbackUpdate(730000005, 'confirm:17'));
      expect(res.status).toBe(200);
      expect(sink.calls[0]).toMatchObject({ kind: 'button', buttonId: 'confirm:17', senderId: CHAT_ID, messageId: 'cb:4382bfdw730000005', deliveryId: '730000005' });
      expect(api.callsTo('answerCallbackQuery').map((c) => c.params.callback_query_id)).toEqual(['4382bfdw730000005']);
    });

    it('still answers the callback query when intake stays down, and answers 5xx so Telegram redelivers', async () => {
      sink.failWith = new Error('database down');
      sink.failTimes = 100;
      const res = await deliver(callbackUpdate(730000015));
      expect(res.status).toBeGreaterThanOrEqual(500);
      expect(sink.calls.length).toBe(4); // first try and three retries
      expect(api.callsTo('answerCallbackQuery')).toHaveLength(1);
    });

    it('retries a brief intake failure so the update is not lost', async () => {
      sink.failWith = new Error('connection reset');
      const res = await deliver(textUpdate(730000016));
      expect(res.status).toBe(200);
      expect(sink.accepted).toBe(1);
    });

    it('passes redeliveries of one update with the same messageId', async () => {
      await deliver(textUpdate(730000007));
      await deliver(textUpdate(730000007));
      expect(sink.calls.map((m) => m.messageId)).toEqual([`${CHAT_ID}:730000007`, `${CHAT_ID}:730000007`]);
      expect(sink.accepted).toBe(1);
    });

    it('keys one message the same under two update ids, and two messages apart under one update id', async () => {
      await deliver(textUpdate(730000020, 'même message', 77));
      await deliver(textUpdate(730000021, 'même message', 77));
      await deliver(textUpdate(730000022, 'autre message', 78));
      expect(sink.calls.map((m) => [m.deliveryId, m.messageId])).toEqual([
        ['730000020', `${CHAT_ID}:77`],
        ['730000021', `${CHAT_ID}:77`],
        ['730000022', `${CHAT_ID}:78`],
      ]);
      expect(sink.accepted).toBe(2);
    });

    it('acknowledges updates it does not handle without passing them on', async () => {
      const res = await deliver(stickerUpdate());
      expect(res.status).toBe(200);
      expect(sink.calls).toHaveLength(0);
    });
  });

  describe('sending', () => {
    const voice = () => Buffer.concat([Buffer.from('OggS'), randomBytes(3000)]);

    it('sends text with an inline keyboard carrying the button ids', async () => {
      const channel = app.get(TelegramChannel);
      const result = await channel.send(CHAT_ID, {
        kind: 'text',
        text: 'Je programme « poubelles » vendredi à 18h00 ?',
        buttons: [
          { id: 'confirm:17', title: 'Oui' },
          { id: 'cancel:17', title: 'Non' },
        ],
      });
      const [call] = api.callsTo('sendMessage');
      expect(call.params).toEqual({
        chat_id: Number(CHAT_ID),
        text: 'Je programme « poubelles » vendredi à 18h00 ?',
        reply_markup: {
          inline_keyboard: [[{ text: 'Oui', callback_data: 'confirm:17' }], [{ text: 'Non', callback_data: 'cancel:17' }]],
        },
      });
      expect(result.providerMessageId).toMatch(new RegExp(`^${CHAT_ID}:\\d+$`));
    });

    it('refuses callback data over 64 bytes before calling Telegram', async () => {
      const err = await rejection(
        app.get(TelegramChannel).send(CHAT_ID, { kind: 'text', text: 'x', buttons: [{ id: 'é'.repeat(33), title: 'x' }] }),
      );
      expect(err.retryable).toBe(false);
      expect(api.callsTo('sendMessage')).toHaveLength(0);
    });

    it('uploads a voice note as multipart sendVoice with its caption', async () => {
      const audio = voice();
      await app.get(TelegramChannel).send(CHAT_ID, { kind: 'voice', audio, caption: 'Rappel : poubelles', buttons: [{ id: 'done:17', title: 'Fait' }] });
      const [call] = api.callsTo('sendVoice');
      expect(call.params.caption).toBe('Rappel : poubelles');
      expect(call.params.reply_markup).toEqual({ inline_keyboard: [[{ text: 'Fait', callback_data: 'done:17' }]] });
      const file = Object.values(call.files)[0];
      expect(file.data.equals(audio)).toBe(true);
      expect(file.filename).toBe('rappel.ogg');
    });

    it('falls back to sendAudio when the user forbids voice messages', async () => {
      api.failNext('sendVoice', { error_code: 400, description: 'Bad Request: VOICE_MESSAGES_FORBIDDEN' });
      const audio = voice();
      const result = await app.get(TelegramChannel).send(CHAT_ID, { kind: 'voice', audio, caption: 'Rappel : poubelles' });
      expect(api.calls.map((c) => c.method)).toEqual(['sendVoice', 'sendAudio']);
      const [audioCall] = api.callsTo('sendAudio');
      expect(Object.values(audioCall.files)[0].data.equals(audio)).toBe(true);
      expect(audioCall.params.caption).toBe('Rappel : poubelles');
      expect(result.providerMessageId).toBeDefined();
    });

    it('falls back to text when neither voice nor audio can be sent', async () => {
      api.failNext('sendVoice', { error_code: 400, description: 'Bad Request: VOICE_MESSAGES_FORBIDDEN' });
      api.failNext('sendAudio', { error_code: 400, description: 'Bad Request: VOICE_MESSAGES_FORBIDDEN' });
      await app.get(TelegramChannel).send(CHAT_ID, { kind: 'voice', audio: voice(), caption: 'Rappel : poubelles' });
      expect(api.calls.map((c) => c.method)).toEqual(['sendVoice', 'sendAudio', 'sendMessage']);
      expect(api.callsTo('sendMessage')[0].params.text).toBe('Rappel : poubelles');
    });

    it('surfaces 429 as retryable with retry_after in milliseconds', async () => {
      api.failNext('sendMessage', { error_code: 429, description: 'Too Many Requests: retry after 5', parameters: { retry_after: 5 } });
      const err = await rejection(app.get(TelegramChannel).send(CHAT_ID, { kind: 'text', text: 'hi' }));
      expect(err).toMatchObject({ retryable: true, retryAfterMs: 5000 });
    });

    it('treats a blocked bot as permanent', async () => {
      api.failNext('sendMessage', { error_code: 403, description: 'Forbidden: bot was blocked by the user' });
      const err = await rejection(app.get(TelegramChannel).send(CHAT_ID, { kind: 'text', text: 'hi' }));
      expect(err.retryable).toBe(false);
      expect(err.message).not.toContain(TOKEN);
    });

    it('sends a reminder as the voice note itself (no window on Telegram)', async () => {
      const result = await app.get(TelegramChannel).sendReminder(CHAT_ID, {
        subject: 'poubelles',
        language: 'fr',
        voice: voice(),
        caption: 'Rappel : poubelles',
        playButtonId: 'play:9',
        lastInboundAt: new Date(Date.now() - 72 * 3600_000),
      });
      expect(result.via).toBe('voice');
      expect(api.callsTo('sendVoice')).toHaveLength(1);
    });
  });

  describe('fetchVoice', () => {
    it('resolves the file with getFile and downloads it from the file endpoint', async () => {
      const bytes = Buffer.concat([Buffer.from('OggS'), randomBytes(2000)]);
      api.files.set('AwACAgQAAxkBAAMzvoice', { path: 'voice/file_7.oga', data: bytes });
      const audio = await app.get(TelegramChannel).fetchVoice('AwACAgQAAxkBAAMzvoice');
      expect(audio.data.equals(bytes)).toBe(true);
      expect(audio.mimeType).toBe('audio/ogg');
      expect(api.callsTo('getFile')[0].params.file_id).toBe('AwACAgQAAxkBAAMzvoice');
    });

    it('never puts the token-bearing file link in an error', async () => {
      api.files.set('gone', { path: 'voice/file_8.oga', data: Buffer.alloc(1), downloadStatus: 404 });
      const err = await rejection(app.get(TelegramChannel).fetchVoice('gone'));
      expect(err.message).not.toContain(TOKEN);
      expect(err.message).not.toContain('/file/bot');
      expect(err.retryable).toBe(false);
    });

    it('treats a failing file server as retryable', async () => {
      api.files.set('flaky', { path: 'voice/file_9.oga', data: Buffer.alloc(1), downloadStatus: 502 });
      const err = await rejection(app.get(TelegramChannel).fetchVoice('flaky'));
      expect(err.retryable).toBe(true);
    });
  });

  describe('how updates arrive', () => {
    it('long-polls when no public URL is configured, and stops cleanly', async () => {
      const updates = app.get(TelegramUpdatesService);
      expect(updates.mode).toBe('polling');
      api.pendingUpdates.push(textUpdate(730000100, 'premier'), callbackUpdate(730000101, 'confirm:1'));
      await updates.start();
      expect(updates.isPolling()).toBe(true);
      await waitFor(() => sink.calls.length >= 2);
      await updates.stop();
      expect(updates.isPolling()).toBe(false);
      expect(sink.calls.map((m) => m.deliveryId)).toEqual(['730000100', '730000101']);
      expect(sink.calls.map((m) => m.messageId)).toEqual([`${CHAT_ID}:730000100`, 'cb:4382bfdw730000101']);
      expect(api.callsTo('answerCallbackQuery')).toHaveLength(1);
      expect(api.callsTo('deleteWebhook')).toHaveLength(1);
    });

    it('registers the webhook with the secret when a public URL is configured', async () => {
      await app.close();
      app = await makeApp('https://rappel.example/');
      const updates = app.get(TelegramUpdatesService);
      expect(updates.mode).toBe('webhook');
      await updates.start();
      const [call] = api.callsTo('setWebhook');
      expect(call.params).toMatchObject({
        url: 'https://rappel.example/api/telegram/webhook',
        secret_token: SECRET,
        allowed_updates: ['message', 'callback_query'],
      });
      expect(updates.isPolling()).toBe(false);
    });
  });
});
