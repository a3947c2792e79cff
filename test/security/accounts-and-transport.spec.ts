import request from 'supertest';
import WebSocket from 'ws';
import { AccountsService } from '../../api/accounts/accounts.service';
import { argon } from '../../api/accounts/password-hasher';
import { createTestApp, TestApp, uniquePhone } from '../support/test-app';
import { testDatabases } from '../support/test-db';

jest.setTimeout(60_000);

/** Opens /ws like a browser would, with the cookie of `agent`'s session and an Origin. */
function openSocket(t: TestApp, cookie: string | undefined, origin?: string): Promise<{ ws: WebSocket; closed: Promise<{ code: number }> }> {
  const ws = new WebSocket(`${t.url.replace('http', 'ws')}/ws`, { headers: { ...(cookie ? { cookie } : {}), ...(origin ? { origin } : {}) } });
  const closed = new Promise<{ code: number }>((resolve) => ws.on('close', (code) => resolve({ code })));
  return new Promise((resolve, reject) => {
    ws.on('open', () => resolve({ ws, closed }));
    ws.on('error', reject);
  });
}

async function sessionCookie(t: TestApp, username: string, password: string): Promise<string> {
  const res = await request(t.app.getHttpServer()).post('/api/login').send({ username, password }).expect(200);
  return String(res.headers['set-cookie'][0]).split(';')[0];
}

/** Attacks on accounts and on the HTTP/WebSocket surface (issue 10), each written as the attack. */
describe('security: accounts and transport', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ db: testDatabases().at(-1)!, env: { TRUST_PROXY: 'true', PUBLIC_URL: 'http://rappel.local' } });
  });
  afterAll(async () => {
    await t?.close();
    await t?.db.drop();
  });

  it('eleven wrong passwords from another IP: the owner still signs in, the guesser is slowed with 429 + Retry-After', async () => {
    const { user, password } = await t.registerUser();
    const server = t.app.getHttpServer();
    const statuses: number[] = [];
    let retryAfter = 0;
    for (let i = 0; i < 11; i++) {
      const res = await request(server).post('/api/login').set('x-forwarded-for', '203.0.113.66').send({ username: user.phoneNumber, password: `wrong-${i}-password` });
      statuses.push(res.status);
      if (res.status === 429) retryAfter = Number(res.headers['retry-after']);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses).toContain(429);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The owner, from their own address, is not locked out.
    await request(server).post('/api/login').set('x-forwarded-for', '198.51.100.7').send({ username: user.phoneNumber, password }).expect(200);
  });

  it('an unknown account costs the same argon2 work as a known one (no timing oracle)', async () => {
    const verify = jest.spyOn(argon, 'verify');
    try {
      await request(t.app.getHttpServer()).post('/api/login').set('x-forwarded-for', '203.0.113.80').send({ username: 'nobody-here-at-all', password: 'whatever-password' }).expect(401);
      expect(verify).toHaveBeenCalledTimes(1);
    } finally {
      verify.mockRestore();
    }
  });

  it('admin:create over an existing user account is refused; with --force it revokes its sessions and drops its phone claim', async () => {
    const { agent, user } = await t.registerUser();
    const accounts = t.app.get(AccountsService);
    await expect(accounts.ensureAdmin(user.username, 'takeover-password-1')).rejects.toMatchObject({ code: 'admin_promotion_refused' });
    expect((await agent.get('/api/user').expect(200)).body.role).toBe('user');
    const { promoted } = await accounts.ensureAdmin(user.username, 'takeover-password-1', { force: true });
    expect(promoted).toBe(true);
    await agent.get('/api/user').expect(401);
    const [row] = await t.dataSource.query(`SELECT role, phone_number FROM users WHERE id = $1`, [user.id]);
    expect(row).toEqual({ role: 'admin', phone_number: null });
  });

  it('usernames may not look like a phone number or the bot’s own names', async () => {
    const server = t.app.getHttpServer();
    for (const username of ['+33612345678', '0033612345678', '06 12 34 56 78', 'tg123456789', 'wa33612345678']) {
      const res = await request(server).post('/api/register').send({ phoneNumber: uniquePhone(), password: 'correct horse 42', username: username.replace(/\s/g, '') });
      expect([res.status, username]).toEqual([400, username]);
    }
    const { agent } = await t.registerUser();
    await agent.patch('/api/user/profile').send({ username: '+447700900123' }).expect(400);
  });

  it('a null username is a 400 with a message, on the profile and at sign-up (fast-check found a 500)', async () => {
    const server = t.app.getHttpServer();
    const { agent } = await t.registerUser();
    for (const body of [{ username: null }, { username: null, phoneNumber: 2147483648 }, { username: null, plan: -9007199254740992 }]) {
      const res = await agent.patch('/api/user/profile').send(body);
      expect([res.status, res.body.message]).toEqual([400, expect.stringMatching(/Username must be text/)]);
    }
    const res = await request(server).post('/api/register').send({ phoneNumber: uniquePhone(), password: 'correct horse 42', username: null });
    expect([res.status, res.body.message]).toEqual([400, expect.stringMatching(/Username must be text/)]);
    // Left out, it is no change.
    await agent.patch('/api/user/profile').send({ displayName: 'Amina' }).expect(200);
  });

  it('CSRF: a form POST to login is refused, and so is JSON from another site', async () => {
    const { user, password } = await t.registerUser();
    const server = t.app.getHttpServer();
    const form = await request(server).post('/api/login').type('form').send({ username: user.phoneNumber, password });
    expect(form.status).toBe(415);
    expect(form.headers['set-cookie']).toBeUndefined();
    await request(server).post('/api/login').set('content-type', 'text/plain').send(JSON.stringify({ username: user.phoneNumber, password })).expect(415);
    await request(server).post('/api/login').set('origin', 'https://evil.example').send({ username: user.phoneNumber, password }).expect(403);
    await request(server).post('/api/login').set('origin', 'http://rappel.local').send({ username: user.phoneNumber, password }).expect(200);
  });

  it('U+0000 anywhere in a body is a 400, never a 500', async () => {
    const { agent } = await t.registerUser();
    const server = t.app.getHttpServer();
    await request(server).post('/api/register').send({ phoneNumber: uniquePhone(), password: 'pass\u0000word-123' }).expect(400);
    await agent.post('/api/reminders').send({ subject: 'Call\u0000mom', reminderText: 'Call mom about dinner', time: new Date(Date.now() + 3600_000).toISOString() }).expect(400);
    await agent.patch('/api/user/profile').send({ displayName: '\u0000' }).expect(400);
    await request(server).post('/api/newsletter/subscribe').send({ email: 'a\u0000@b.fr' }).expect(400);
  });

  it('a session ends 90 days after sign-in however active it is', async () => {
    const { agent, user } = await t.registerUser();
    await agent.get('/api/user').expect(200);
    await t.dataSource.query(`UPDATE sessions SET created_at = now() - interval '91 days' WHERE user_id = $1`, [user.id]);
    await agent.get('/api/user').expect(401);
  });

  it('/ws: a socket is closed when its session is logged out', async () => {
    const { user, password } = await t.registerUser();
    const cookie = await sessionCookie(t, user.phoneNumber, password);
    const { ws, closed } = await openSocket(t, cookie, 'http://rappel.local');
    ws.send(JSON.stringify({ type: 'register', userId: user.id }));
    await new Promise((r) => ws.once('message', r));
    await request(t.app.getHttpServer()).post('/api/logout').set('cookie', cookie).expect(200);
    expect((await closed).code).toBe(4401);
  });

  it('/ws: another site cannot open a socket with our cookie', async () => {
    const { user, password } = await t.registerUser();
    const cookie = await sessionCookie(t, user.phoneNumber, password);
    const { closed } = await openSocket(t, cookie, 'https://evil.example');
    expect((await closed).code).toBe(4403);
  });

  it('/ws: a 50 MB frame closes the socket (1 MB limit) and the server stays healthy', async () => {
    const { ws, closed } = await openSocket(t, undefined);
    ws.send(Buffer.alloc(50 * 1024 * 1024, 0x61), { binary: false });
    expect((await closed).code).toBe(1009);
    await request(t.app.getHttpServer()).get('/api/health').expect(200);
  });

  it('/ws: connections per IP are capped', async () => {
    const sockets: WebSocket[] = [];
    let refused = 0;
    for (let i = 0; i < 35; i++) {
      const { ws, closed } = await openSocket(t, undefined);
      sockets.push(ws);
      const early = await Promise.race([closed, new Promise<null>((r) => setTimeout(() => r(null), 30))]);
      if (early?.code === 1013) refused++;
    }
    for (const s of sockets) s.close();
    expect(refused).toBeGreaterThan(0);
  });
});
