import request from 'supertest';
import WebSocket from 'ws';
import { createTestApp, TestApp, uniquePhone } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import { opusHeadChannels, waitFor } from './bot-test-kit';

jest.setTimeout(90_000);

interface Live {
  type: string;
  data?: Record<string, any>;
  [k: string]: unknown;
}

/** A browser-like client of /ws: the session cookie on the upgrade, then JSON messages. */
class LiveClient {
  readonly received: Live[] = [];
  private ws!: WebSocket;

  async open(url: string, cookie?: string): Promise<this> {
    this.ws = new WebSocket(url.replace(/^http/, 'ws') + '/ws', { headers: cookie ? { cookie } : {} });
    this.ws.on('message', (data) => this.received.push(JSON.parse(data.toString())));
    await new Promise((resolve, reject) => {
      this.ws.once('open', resolve);
      this.ws.once('error', reject);
    });
    return this;
  }

  send(body: unknown): void {
    this.ws.send(JSON.stringify(body));
  }

  messages(): Array<Live & { data: Record<string, any> }> {
    return this.received.filter((m) => m.type === 'message' || m.type === 'reminder') as Array<Live & { data: Record<string, any> }>;
  }

  close(): void {
    this.ws.close();
  }
}

/** The embedded simulator channel over the live WebSocket: the same conversation as the real apps. */
describe.each(testDatabases())('Simulator channel over /ws (%s)', (db) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ db, env: { DISPATCHER_ENABLED: 'true', DISPATCHER_POLL_MS: '100', PUBLIC_URL: 'https://rappel.test' } });
  });

  afterAll(async () => {
    await t?.close();
    await t?.db.drop();
  });

  async function signUp(language: 'fr' | 'en' = 'fr'): Promise<{ cookie: string; id: number }> {
    const res = await request(t.app.getHttpServer())
      .post('/api/register')
      .send({ phoneNumber: uniquePhone(), password: 'correct horse 42', countryCode: '+33', language });
    expect(res.status).toBe(201);
    const cookie = (res.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
    return { cookie, id: res.body.id };
  }

  it('type a reminder, confirm with the button, receive it as a voice note the owner alone can play', async () => {
    const alice = await signUp('fr');
    const bob = await signUp('en');
    const a = await new LiveClient().open(t.url, alice.cookie);
    const b = await new LiveClient().open(t.url, bob.cookie);
    // Alice claims to be Bob: she still only gets her own messages.
    a.send({ type: 'register', phoneNumber: '+33600000000', userId: bob.id });
    b.send({ type: 'register', phoneNumber: '', userId: bob.id });
    await waitFor(() => a.received.find((m) => m.type === 'registered' && m.userId === alice.id), 'registered');

    a.send({ type: 'simulator', text: "rappelle-moi d'appeler maman dans 2 minutes", ref: 1 });
    const confirm = await waitFor(() => a.messages().find((m) => m.data.direction === 'outgoing' && /Je confirme/.test(m.data.text)), 'the confirmation');
    expect(confirm.data).toMatchObject({ messageType: 'text', channel: 'simulator', userId: alice.id });
    expect(confirm.data.buttons.map((x: any) => x.id)).toEqual(['confirm', 'change', 'cancel']);
    const incoming = a.messages().find((m) => m.data.direction === 'incoming')!;
    expect(incoming).toMatchObject({ type: 'message', data: { messageType: 'text', text: "rappelle-moi d'appeler maman dans 2 minutes" } });
    expect(incoming.data.extracted).toMatchObject({ subject: 'appeler maman', zone: 'Europe/Paris' });

    a.send({ type: 'simulator', buttonId: 'confirm' });
    await waitFor(() => a.messages().find((m) => /C'est noté/.test(m.data.text ?? '')), 'scheduled');
    const [reminder] = await t.dataSource.query(`SELECT id FROM reminders WHERE user_id = $1`, [alice.id]);
    await t.dataSource.query(`UPDATE reminders SET due_at = now() - interval '1 second', next_attempt_at = now() WHERE id = $1`, [reminder.id]);

    const delivered = await waitFor(() => a.messages().find((m) => m.type === 'reminder'), 'the delivered reminder', 20_000);
    expect(delivered.data).toMatchObject({ direction: 'outgoing', messageType: 'voice', text: '⏰ Rappel : Appeler maman', reminderId: reminder.id });
    expect(delivered.data.buttons.map((x: any) => x.id)).toEqual([`snooze:${reminder.id}:10m`, `snooze:${reminder.id}:1h`, `snooze:${reminder.id}:tomorrow`, `done:${reminder.id}`]);
    const audio = await request(t.app.getHttpServer()).get(delivered.data.audioUrl).set('cookie', alice.cookie).buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(audio.status).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/ogg');
    expect(opusHeadChannels(audio.body)).toBe(1);
    expect((await request(t.app.getHttpServer()).get(delivered.data.audioUrl).set('cookie', bob.cookie)).status).toBe(404);
    expect((await request(t.app.getHttpServer()).get(delivered.data.audioUrl)).status).toBe(401);
    await waitFor(async () => (await t.dataSource.query(`SELECT status, channel FROM reminders WHERE id = $1`, [reminder.id]))[0].status === 'sent', 'sent');

    // Bob saw nothing of Alice's conversation.
    expect(b.messages()).toHaveLength(0);
    a.close();
    b.close();
  });

  it('POST /api/simulator/messages takes text and recorded audio; a WebSocket without a session gets nothing', async () => {
    const carol = await signUp('en');
    const anon = await new LiveClient().open(t.url);
    anon.send({ type: 'register', phoneNumber: '', userId: carol.id });
    await waitFor(() => anon.received.find((m) => m.type === 'error'), 'refusal');

    const res = await request(t.app.getHttpServer()).post('/api/simulator/messages').set('cookie', carol.cookie).send({ text: 'list' });
    expect(res.status).toBe(202);
    await waitFor(async () => {
      const h = await request(t.app.getHttpServer()).get('/api/simulator/messages').set('cookie', carol.cookie);
      return h.body.find((m: Live) => /no upcoming reminders/.test(m.data?.text ?? ''));
    }, 'the answer in the history');

    // No speech-to-text configured here: a recorded voice note gets the "please type" answer.
    const webm = Buffer.from('1a45dfa3', 'hex');
    await request(t.app.getHttpServer()).post('/api/simulator/messages').set('cookie', carol.cookie).send({ audio: webm.toString('base64'), mimeType: 'audio/webm;codecs=opus' }).expect(202);
    await waitFor(async () => {
      const h = await request(t.app.getHttpServer()).get('/api/simulator/messages').set('cookie', carol.cookie);
      return h.body.find((m: Live) => /Voice notes are not set up/.test(m.data?.text ?? ''));
    }, 'the voice-not-configured answer');
    expect((await request(t.app.getHttpServer()).post('/api/simulator/messages').send({ text: 'hi' })).status).toBe(401);
    expect(anon.messages()).toHaveLength(0);
    anon.close();
  });
});
