import request from 'supertest';
import WebSocket from 'ws';
import { AccountsService } from '../../api/accounts/accounts.service';
import { hashCode } from '../../api/accounts/password-reset.service';
import { WS_MAX_PER_USER } from '../../api/live/live.gateway';
import { SIMULATOR_UPLOADS_PER_HOUR } from '../../bot/channels/simulator/simulator.service';
import { createTestApp, TestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

jest.setTimeout(120_000);

function openSocket(t: TestApp, cookie: string): Promise<{ ws: WebSocket; closed: Promise<number> }> {
  const ws = new WebSocket(`${t.url.replace('http', 'ws')}/ws`, { headers: { cookie } });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    ws.on('open', () => resolve({ ws, closed }));
    ws.on('error', reject);
  });
}

/** Waits for the server's answer to a ping, so the socket's session has been looked up. */
function settled(ws: WebSocket): Promise<void> {
  return new Promise((resolve) => {
    ws.once('message', () => resolve());
    ws.send(JSON.stringify({ type: 'ping' }));
  });
}

async function signIn(t: TestApp, username: string, password: string): Promise<string> {
  const res = await request(t.app.getHttpServer()).post('/api/login').send({ username, password }).expect(200);
  return String(res.headers['set-cookie'][0]).split(';')[0];
}

/** More of issue 10's attacks on the HTTP and WebSocket surface, each written as the attack. */
describe('security: the surface in production', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      db: testDatabases().at(-1)!,
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://rappel.test', SECURE_COOKIES: 'auto', ADMIN_USERNAME: 'prodchief', ADMIN_PASSWORD: 'prod-chief-password-1' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await t?.db.drop();
  });

  it('a stranger or a user reading /api/docs in production gets a 404; an administrator reads it', async () => {
    const server = t.app.getHttpServer();
    const { password, user } = await t.registerUser();
    const userCookie = await signIn(t, user.phoneNumber, password);
    const adminCookie = await signIn(t, 'prodchief', 'prod-chief-password-1');
    for (const path of ['/api/docs', '/api/docs-json']) {
      await request(server).get(path).expect(404);
      await request(server).get(path).set('cookie', userCookie).expect(404);
    }
    const doc = await request(server).get('/api/docs-json').set('cookie', adminCookie).expect(200);
    expect(Object.keys(doc.body.paths)).toContain('/api/reminders');
  });

  it('the session cookie is Secure when PUBLIC_URL is https, so it never travels in clear', async () => {
    const { password, user } = await t.registerUser();
    const res = await request(t.app.getHttpServer()).post('/api/login').send({ username: user.phoneNumber, password }).expect(200);
    expect(String(res.headers['set-cookie'][0])).toMatch(/; Secure/);
    expect(String(res.headers['set-cookie'][0])).toMatch(/; HttpOnly/);
  });

  it("an injected script has nowhere to send what it reads: connect-src and script-src are 'self' only", async () => {
    const res = await request(t.app.getHttpServer()).get('/api/health').expect(200);
    const csp = String(res.headers['content-security-policy']);
    const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `));
    expect(directive('connect-src')).toBe("connect-src 'self'");
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(directive('default-src')).toBe("default-src 'self'");
  });
});

describe('security: live sockets and uploads', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ db: testDatabases().at(-1)! });
  });
  afterAll(async () => {
    await t?.close();
    await t?.db.drop();
  });

  it(`one account opening sockets in a loop is refused past ${WS_MAX_PER_USER}`, async () => {
    const { user, password } = await t.registerUser();
    const cookie = await signIn(t, user.phoneNumber, password);
    const sockets: Array<{ ws: WebSocket; closed: Promise<number> }> = [];
    for (let i = 0; i < WS_MAX_PER_USER; i++) {
      const s = await openSocket(t, cookie);
      await settled(s.ws);
      sockets.push(s);
    }
    const extra = await openSocket(t, cookie);
    expect(await extra.closed).toBe(1013);
    for (const s of sockets) expect(s.ws.readyState).toBe(WebSocket.OPEN);
    for (const s of sockets) s.ws.close();
  });

  it('a stolen session’s socket is closed when the owner resets the password', async () => {
    const { user, password } = await t.registerUser();
    const cookie = await signIn(t, user.phoneNumber, password);
    const { ws, closed } = await openSocket(t, cookie);
    await settled(ws);
    // The owner received a code on their phone and uses it.
    await t.dataSource.query(`INSERT INTO password_reset_codes (user_id, code_hash, expires_at, failed_attempts) VALUES ($1, $2, now() + interval '10 minutes', 0)`, [user.id, hashCode('482913')]);
    await request(t.app.getHttpServer()).post('/api/password/reset-password').send({ phoneNumber: user.phoneNumber, code: '482913', newPassword: 'brand-new-password-1' }).expect(200);
    expect(await closed).toBe(4401);
  });

  it('a socket is closed when its account changes role (forced promotion)', async () => {
    const { user, password } = await t.registerUser();
    const cookie = await signIn(t, user.phoneNumber, password);
    const { ws, closed } = await openSocket(t, cookie);
    await settled(ws);
    await t.app.get(AccountsService).ensureAdmin(user.username, 'promoted-password-1', { force: true });
    expect(await closed).toBe(4401);
  });

  it(`a script uploading simulator voice notes in a loop is stopped with 429 + Retry-After after ${SIMULATOR_UPLOADS_PER_HOUR}`, async () => {
    const { user, password } = await t.registerUser();
    const cookie = await signIn(t, user.phoneNumber, password);
    const audio = Buffer.concat([Buffer.from('1A45DFA3', 'hex'), Buffer.alloc(64, 1)]).toString('base64');
    const statuses: number[] = [];
    let retryAfter = 0;
    for (let i = 0; i <= SIMULATOR_UPLOADS_PER_HOUR; i++) {
      const res = await request(t.app.getHttpServer()).post('/api/simulator/messages').set('cookie', cookie).send({ audio, mimeType: 'audio/webm' });
      statuses.push(res.status);
      if (res.status === 429) retryAfter = Number(res.headers['retry-after']);
    }
    expect(statuses.slice(0, SIMULATOR_UPLOADS_PER_HOUR).every((s) => s === 202)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(retryAfter).toBeGreaterThan(0);
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM simulator_media WHERE user_id = $1`, [user.id]);
    expect(n).toBe(SIMULATOR_UPLOADS_PER_HOUR);
  });
});
