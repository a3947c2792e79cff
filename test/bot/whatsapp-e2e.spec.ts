import request from 'supertest';
import { User } from '../../api/accounts/user.entity';
import { RemindersService } from '../../api/reminders/reminders.service';
import { reminderSpeech } from '../../bot/conversation/reminder-message';
import { voiceNoteHash } from '../../bot/delivery/voice-notes';
import { TEXT_TO_SPEECH, type TextToSpeech } from '../../bot/voice';
import { signWhatsappBody } from '../../bot/channels/whatsapp/whatsapp-signature';
import { GraphApiStandIn } from '../support/graph-api-stand-in';
import { OpenAiStandIn } from '../support/openai-stand-in';
import { createTestApp, TestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import { buttonReplyWebhook, textWebhook, voiceWebhook } from '../channels/fixtures/whatsapp-webhooks';
import { ffprobe, opusHeadChannels, stereoSpeech, voiceNote, waitFor } from './bot-test-kit';

jest.setTimeout(90_000);

/** The fixture with its own message id, so it is not a redelivery of another test's message. */
function withId<T>(payload: T, id: string): T {
  (payload as any).entry[0].changes[0].value.messages[0].id = id;
  return payload;
}

const TOKEN = 'EAAG-test-token';
const VERSION = 'v21.0';
const PHONE_ID = '106540352242922';
const SECRET = 'wa-app-secret';
const USER_WA = '33612345678';

/**
 * The product end to end through WhatsApp: the real app, the real adapters, the Graph API and
 * the OpenAI audio endpoints as local stand-ins speaking their wire formats.
 */
describe.each(testDatabases())('WhatsApp end to end (%s)', (db) => {
  let t: TestApp;
  let graph: GraphApiStandIn;
  let openai: OpenAiStandIn;

  beforeAll(async () => {
    graph = new GraphApiStandIn(TOKEN, VERSION, PHONE_ID);
    await graph.start();
    openai = await new OpenAiStandIn().start();
    openai.transcript = { text: "rappelle-moi d'appeler maman dans 2 minutes", language: 'fr' };
    openai.speech = { bytes: stereoSpeech(), contentType: 'audio/ogg' };
    t = await createTestApp({
      db,
      env: {
        PUBLIC_URL: 'https://rappel.test',
        ...graph.appEnv({ appSecret: SECRET, verifyToken: 'verify-me' }),
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
    await graph?.stop();
    await openai?.stop();
  });

  function post(payload: unknown) {
    const raw = JSON.stringify(payload);
    return request(t.app.getHttpServer())
      .post('/api/whatsapp/webhook')
      .set('content-type', 'application/json')
      .set('x-hub-signature-256', signWhatsappBody(raw, SECRET))
      .send(raw);
  }

  const interactive = () => graph.sentMessages().filter((m) => m.type === 'interactive');

  it('voice note → confirmation → button → reminder → voice note delivered at due time → status sent', async () => {
    graph.media.set('media-voice-1', { data: voiceNote(), mimeType: 'audio/ogg; codecs=opus' });

    const first = await post(voiceWebhook('media-voice-1', 'wamid.E2E-VOICE-1'));
    expect(first.status).toBe(200);
    // A provider redelivery of the same message creates nothing twice.
    const again = await post(voiceWebhook('media-voice-1', 'wamid.E2E-VOICE-1'));
    expect(again.status).toBe(200);

    const confirmation = await waitFor(() => interactive().find((m) => /Je confirme/.test(m.interactive.body.text)), 'the confirmation');
    expect(confirmation.to).toBe(USER_WA);
    expect(confirmation.interactive.body.text).toMatch(/^📅 Appeler maman — aujourd'hui à \d\d:\d\d \(Paris\)\. Je confirme \?$/);
    expect(confirmation.interactive.action.buttons.map((b: any) => [b.reply.id, b.reply.title])).toEqual([
      ['confirm', 'Confirmer'],
      ['change', 'Modifier'],
      ['cancel', 'Annuler'],
    ]);
    // The unknown sender was welcomed with a link to set a password, and got an account.
    const welcome = graph.sentMessages().find((m) => m.type === 'text' && /Bienvenue/.test(m.text.body));
    expect(welcome?.text.body).toContain('https://rappel.test/auth?');
    const [account] = await t.dataSource.query(`SELECT id, username, timezone, plan, trial_ends_at FROM users WHERE phone_number = '+33612345678'`);
    expect(account).toMatchObject({ username: '+33612345678', timezone: 'Europe/Paris', plan: 'basic' });
    expect(account.trial_ends_at).not.toBeNull();
    // Speech-to-text received the voice note under an .ogg name.
    const stt = openai.requests.filter((r) => r.path === '/v1/audio/transcriptions');
    expect(stt).toHaveLength(1);
    expect(stt[0].upload?.fileName).toMatch(/\.ogg$/);

    const [{ n: events }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM inbound_events WHERE message_id = 'wamid.E2E-VOICE-1'`);
    expect(events).toBe(1);
    expect(interactive().filter((m) => /Je confirme/.test(m.interactive.body.text))).toHaveLength(1);

    const tap = withId(buttonReplyWebhook('confirm', 'Confirmer'), 'wamid.E2E-TAP-1');
    expect((await post(tap)).status).toBe(200);
    const reminder = await waitFor(async () => (await t.dataSource.query(`SELECT * FROM reminders WHERE user_id = $1`, [account.id]))[0], 'the reminder');
    expect(reminder).toMatchObject({ subject: 'Appeler maman', status: 'pending', language_code: 'fr', timezone: 'Europe/Paris', source: 'bot' });
    const dueIn = new Date(reminder.due_at).getTime() - Date.now();
    expect(dueIn).toBeGreaterThan(60_000);
    expect(dueIn).toBeLessThan(130_000);
    await waitFor(() => graph.sentMessages().find((m) => m.type === 'text' && /C'est noté/.test(m.text.body)), 'the "scheduled" reply');

    // Time passes: the reminder is due now.
    await t.dataSource.query(`UPDATE reminders SET due_at = now() - interval '1 second', next_attempt_at = now() WHERE id = $1`, [reminder.id]);

    const voice = await waitFor(() => graph.sentMessages().find((m) => m.type === 'audio'), 'the voice note', 20_000);
    expect(voice.audio.voice).toBe(true);
    const uploaded = graph.media.get(voice.audio.id)!;
    expect(uploaded.mimeType).toBe('audio/ogg');
    expect(uploaded.data.subarray(0, 4).toString('ascii')).toBe('OggS');
    expect(opusHeadChannels(uploaded.data)).toBe(1);
    expect(uploaded.data.length).toBeLessThanOrEqual(512 * 1024);
    const probe = ffprobe(uploaded.data);
    if (probe) expect(probe).toEqual({ codec: 'opus', channels: 1 });
    // The speech service was asked for the reminder in French.
    const tts = openai.requests.filter((r) => r.path === '/v1/audio/speech');
    expect(tts.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(tts[0].json)).toContain('Rappel : Appeler maman');

    const text = await waitFor(() => interactive().find((m) => /Rappel : Appeler maman/.test(m.interactive.body.text)), 'the reminder text');
    expect(text.interactive.action.buttons.map((b: any) => b.reply.id)).toEqual([`snooze:${reminder.id}:10m`, `snooze:${reminder.id}:1h`, `snooze:${reminder.id}:tomorrow`]);

    const sent = await waitFor(async () => {
      const [row] = await t.dataSource.query(`SELECT status, channel, provider_message_id FROM reminders WHERE id = $1`, [reminder.id]);
      return row.status === 'sent' ? row : null;
    }, 'status sent');
    expect(sent.channel).toBe('whatsapp');
    expect(sent.provider_message_id).toMatch(/^wamid\.standin/);

    // The log has both directions, with the transcript and what was extracted.
    const log = await t.dataSource.query(`SELECT direction, kind, message_type, text, details, status FROM message_log WHERE user_id = $1 ORDER BY id`, [account.id]);
    expect(log[0]).toMatchObject({ direction: 'incoming', message_type: 'voice', text: "rappelle-moi d'appeler maman dans 2 minutes" });
    expect(log[0].details.extracted).toMatchObject({ subject: 'appeler maman', zone: 'Europe/Paris', language: 'fr' });
    expect(log.find((r: any) => r.kind === 'reminder' && r.message_type === 'voice')).toMatchObject({ direction: 'outgoing', status: 'sent' });

    // A status callback for the voice note lands on its log row.
    const status = {
      object: 'whatsapp_business_account',
      entry: [{ id: 'x', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', statuses: [{ id: sent.provider_message_id, status: 'delivered', timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: USER_WA }] } }] }],
    };
    expect((await post(status)).status).toBe(200);
    await waitFor(async () => (await t.dataSource.query(`SELECT status FROM message_log WHERE provider_message_id = $1`, [sent.provider_message_id]))[0]?.status === 'delivered', 'delivered status');
  });

  it('a reminder whose text part failed is retried without sending its voice note again', async () => {
    const [user] = await t.dataSource.query(`SELECT id FROM users WHERE phone_number = '+${USER_WA}'`);
    const [{ id }] = await t.dataSource.query(
      `INSERT INTO reminders (user_id, subject, reminder_text, due_at, next_attempt_at, timezone, language_code, status_changed_at)
       VALUES ($1, 'Arroser les plantes', 'Arroser les plantes', now() + interval '1 hour', now() + interval '1 hour', 'Europe/Paris', 'fr', now()) RETURNING id`,
      [user.id],
    );
    const audioBefore = graph.sentMessages().filter((m) => m.type === 'audio').length;
    // The voice note goes through; the text with buttons right after it fails (Meta has a 500).
    graph.failNext('/messages', 500, { code: 1, message: 'An unknown error occurred' }, {}, 1);
    await t.dataSource.query(`UPDATE reminders SET next_attempt_at = now() WHERE id = $1`, [id]);
    await waitFor(async () => (await t.dataSource.query(`SELECT last_error FROM reminders WHERE id = $1`, [id]))[0].last_error, 'the failed attempt', 20_000);
    const parts = await t.dataSource.query(`SELECT part FROM reminder_parts WHERE reminder_id = $1`, [id]);
    expect(parts).toEqual([{ part: 'voice' }]);
    // The retry (brought forward instead of waiting for its backoff) sends only the text.
    await t.dataSource.query(`UPDATE reminders SET next_attempt_at = now() WHERE id = $1`, [id]);
    await waitFor(async () => (await t.dataSource.query(`SELECT status FROM reminders WHERE id = $1`, [id]))[0].status === 'sent', 'status sent', 20_000);
    expect(graph.sentMessages().filter((m) => m.type === 'audio').length - audioBefore).toBe(1);
    const texts = interactive().filter((m) => /Arroser les plantes/.test(m.interactive.body.text));
    expect(texts).toHaveLength(2); // the refused one and the retry
    const after = await t.dataSource.query(`SELECT part FROM reminder_parts WHERE reminder_id = $1 ORDER BY part`, [id]);
    expect(after).toEqual([{ part: 'text' }, { part: 'voice' }]);
    const [row] = await t.dataSource.query(`SELECT attempts FROM reminders WHERE id = $1`, [id]);
    expect(row.attempts).toBe(2);
  });

  it('a voice note is made and uploaded ahead; editing the reminder remakes it; sending it is one call', async () => {
    const user = await t.dataSource.getRepository(User).findOneByOrFail({ phoneNumber: `+${USER_WA}` });
    const reminders = t.app.get(RemindersService);
    const engine = t.app.get<TextToSpeech>(TEXT_TO_SPEECH).engine;
    const hashOf = (text: string) => voiceNoteHash(engine, 'fr', reminderSpeech('fr', text));
    const noteOf = async (text: string) => (await t.dataSource.query(`SELECT whatsapp_media_id FROM voice_notes WHERE hash = $1`, [hashOf(text)]))[0];
    const r = await reminders.createForUser(user, { subject: 'Sortir le chien', dueAt: new Date(Date.now() + 3600_000), languageCode: 'fr', source: 'bot' });
    const first = await waitFor(async () => (await noteOf('Sortir le chien'))?.whatsapp_media_id, 'the note made and uploaded ahead', 20_000);
    expect(graph.media.get(first)?.data.subarray(0, 4).toString('ascii')).toBe('OggS');
    // Kept from retention until the reminder it was made for is due.
    const [{ needed_until }] = await t.dataSource.query(`SELECT needed_until FROM voice_notes WHERE hash = $1`, [hashOf('Sortir le chien')]);
    expect(new Date(needed_until).getTime()).toBe(new Date(r.dueAt).getTime());

    await reminders.update(user, r.id, { reminderText: 'Sortir le chien et acheter du pain' });
    const second = await waitFor(async () => (await noteOf('Sortir le chien et acheter du pain'))?.whatsapp_media_id, 'the note remade after the edit', 20_000);
    expect(second).not.toBe(first);

    const uploads = () => graph.requests.filter((q) => q.path.endsWith('/media')).length;
    const before = uploads();
    await t.dataSource.query(`UPDATE reminders SET next_attempt_at = now() WHERE id = $1`, [r.id]);
    await waitFor(async () => (await t.dataSource.query(`SELECT status FROM reminders WHERE id = $1`, [r.id]))[0].status === 'sent', 'status sent', 20_000);
    const audio = graph.sentMessages().filter((m) => m.type === 'audio');
    expect(audio[audio.length - 1].audio.id).toBe(second);
    expect(uploads()).toBe(before);
  });

  it('snooze button after delivery schedules a new pending copy', async () => {
    const [reminder] = await t.dataSource.query(`SELECT id FROM reminders WHERE status = 'sent' ORDER BY id LIMIT 1`);
    const tap = withId(buttonReplyWebhook(`snooze:${reminder.id}:1h`, 'Dans 1 heure'), 'wamid.E2E-SNOOZE-1');
    expect((await post(tap)).status).toBe(200);
    const copy = await waitFor(async () => (await t.dataSource.query(`SELECT * FROM reminders WHERE source = 'snooze'`))[0], 'the snoozed copy');
    expect(copy.subject).toBe('Appeler maman');
    const inMs = new Date(copy.due_at).getTime() - Date.now();
    expect(inMs).toBeGreaterThan(55 * 60_000);
    expect(inMs).toBeLessThan(61 * 60_000);
    await waitFor(() => graph.sentMessages().find((m) => m.type === 'text' && /Reporté/.test(m.text.body)), 'the snooze reply');
  });

  it('a typed message in English gets an English-language reminder and commands work', async () => {
    const from = '447700900123';
    const send = (id: string, body: string) => post(textWebhook(id, body, from));
    await send('wamid.E2E-EN-1', 'remind me to call the plumber tomorrow at 6pm');
    const ask = await waitFor(() => interactive().find((m) => m.to === from && /call the plumber/i.test(m.interactive.body.text)), 'English confirmation');
    expect(ask.interactive.body.text).toMatch(/tomorrow at 18:00 \(London\)\. Shall I confirm\?$/);
    await send('wamid.E2E-EN-2', 'yes');
    await waitFor(() => graph.sentMessages().find((m) => m.to === from && m.type === 'text' && /I will remind you/.test(m.text.body)), 'scheduled');
    await send('wamid.E2E-EN-3', 'list');
    const list = await waitFor(() => graph.sentMessages().find((m) => m.to === from && m.type === 'text' && /upcoming reminders/.test(m.text.body)), 'the list');
    expect(list.text.body).toMatch(/1\. Call the plumber — tomorrow at 18:00/);
    await send('wamid.E2E-EN-4', 'cancel 1');
    await waitFor(() => graph.sentMessages().find((m) => m.to === from && m.type === 'text' && /Cancelled: Call the plumber/.test(m.text.body)), 'cancelled');
    const [r] = await t.dataSource.query(`SELECT r.status, r.language_code FROM reminders r JOIN users u ON u.id = r.user_id WHERE u.phone_number = '+447700900123'`);
    expect(r).toEqual({ status: 'cancelled', language_code: 'en' });
  });
});
