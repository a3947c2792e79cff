import request from 'supertest';
import { USER_MESSENGER, UserMessenger } from '../../api/messaging/user-messenger.port';
import { AccountsService } from '../../api/accounts/accounts.service';
import { LOGIN_FREE_FAILURES, LOGIN_MAX_DELAY_SECONDS, LOGIN_THROTTLED } from '../../api/accounts/login-throttle';
import { createTestApp, TestApp, uniquePhone } from '../support/test-app';
import { testDatabases } from '../support/test-db';

class RecordingMessenger implements UserMessenger {
  sent: Array<{ to: string | null; text: string }> = [];
  async sendText(r: { phoneNumber: string | null }, text: string) {
    this.sent.push({ to: r.phoneNumber, text });
  }
  async sendFirstContact(phone: string, _language: 'fr' | 'en', text: string) {
    this.sent.push({ to: phone, text });
    return true;
  }
  lastCode(phone: string): string {
    const m = [...this.sent].reverse().find((s) => s.to === phone);
    return /(\d{6})/.exec(m?.text ?? '')?.[1] ?? '';
  }
}

describe.each(testDatabases())('accounts over HTTP (%s database)', (kind) => {
  let t: TestApp;
  const messenger = new RecordingMessenger();

  beforeAll(async () => {
    t = await createTestApp({ db: kind, override: (b) => b.overrideProvider(USER_MESSENGER).useValue(messenger) });
  });
  afterAll(async () => {
    await t.close();
    await t.db.drop();
  });

  it('answers health with the database state', async () => {
    await request(t.app.getHttpServer()).get('/api/health').expect(200, { status: 'ok', db: 'ok' });
  });

  it('register → login → current user → logout → 401', async () => {
    const phone = uniquePhone();
    const local = '0' + phone.slice(3).replace(/(\d{2})/g, '$1 ').trim(); // "06 12 34 56 78"
    const agent = t.agent();
    const reg = await agent.post('/api/register').send({ phoneNumber: local, password: 'secret-pass-1', countryCode: '+33', email: 'a@example.com' }).expect(201);
    expect(reg.body).toMatchObject({ username: phone, phoneNumber: phone, role: 'user', plan: 'premium', timezone: 'Europe/Paris', email: 'a@example.com' });
    expect(reg.body.passwordHash).toBeUndefined();
    const cookie = reg.headers['set-cookie'][0];
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);

    await agent.get('/api/user').expect(200);
    await agent.post('/api/logout').expect(200);
    await agent.get('/api/user').expect(401);

    const login = t.agent();
    // By phone, as typed in the form with its country code and spaces.
    await login.post('/api/login').send({ username: local, countryCode: '+33', password: 'secret-pass-1' }).expect(200);
    const me = await login.get('/api/user').expect(200);
    expect(me.body.phoneNumber).toBe(phone);
    // By username (which defaults to the number), in international format.
    await t.agent().post('/api/login').send({ username: phone, password: 'secret-pass-1' }).expect(200);
  });

  it('new accounts are on a 7-day Premium trial', async () => {
    const { agent } = await t.registerUser();
    const me = await agent.get('/api/user').expect(200);
    expect(me.body.plan).toBe('premium');
  });

  it('refuses a duplicate phone number or username with 409', async () => {
    const phone = uniquePhone();
    await t.agent().post('/api/register').send({ phoneNumber: phone, password: 'secret-pass-1', username: `u${Date.now()}` }).expect(201);
    const dup = await t.agent().post('/api/register').send({ phoneNumber: phone, password: 'another-pass' }).expect(409);
    expect(dup.body).toEqual({ statusCode: 409, error: 'Conflict', message: 'This username or phone number already exists' });
    const name = `name${Date.now()}`;
    await t.agent().post('/api/register').send({ phoneNumber: uniquePhone(), password: 'secret-pass-1', username: name }).expect(201);
    const dupName = await t.agent().post('/api/register').send({ phoneNumber: uniquePhone(), password: 'secret-pass-1', username: name.toUpperCase() }).expect(409);
    expect(dupName.body.message).toBe('This username or phone number already exists');
  });

  it('rejects wrong credentials with the spec message', async () => {
    const { user } = await t.registerUser({ password: 'right-password' });
    const res = await t.agent().post('/api/login').send({ username: user.phoneNumber, password: 'wrong-password' }).expect(401);
    expect(res.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Invalid credentials, please check your phone number and password' });
    const unknown = await t.agent().post('/api/login').send({ username: '+33699999990', password: 'whatever-pw' }).expect(401);
    expect(unknown.body.message).toBe('Invalid credentials, please check your phone number and password');
  });

  it.each([
    ['Phone number is required', 400, { password: 'secret-pass-1' }],
    ['Phone number is required', 400, { phoneNumber: '', password: 'secret-pass-1' }],
    ['Password is required', 400, { phoneNumber: '0612345678' }],
    ['Please enter a valid phone number.', 400, { phoneNumber: 612345678, password: 'secret-pass-1' }],
    ['Please enter a valid phone number.', 400, { phoneNumber: '12', password: 'secret-pass-1' }],
    ['Please verify that your phone number is in the correct format.', 400, { phoneNumber: '0612345678', password: 'secret-pass-1', countryCode: 'France' }],
    ['Please enter a valid phone number.', 400, { phoneNumber: '9'.repeat(500), password: 'secret-pass-1' }],
    ['Password must be at most 128 characters.', 400, { phoneNumber: '0612345678', password: 'x'.repeat(500) }],
    ['Password must be at least 8 characters.', 400, { phoneNumber: '0612345678', password: 'short' }],
    ['Password is required', 400, { phoneNumber: '0612345678', password: ['a', 'b'] }],
    ['Please enter a valid email address.', 400, { phoneNumber: '0612345678', password: 'secret-pass-1', email: 'not-an-email' }],
    ['Username must be at most 64 characters.', 400, { phoneNumber: '0612345678', password: 'secret-pass-1', username: 'x'.repeat(65) }],
  ])('register answers "%s" (%i) to a bad payload', async (message, status, body) => {
    const res = await t.agent().post('/api/register').send(body as object).expect(status);
    expect(res.body).toEqual({ statusCode: status, error: 'Bad Request', message });
  });

  it('answers malformed JSON, oversized bodies and wrong content with 4xx, never 500', async () => {
    const server = t.app.getHttpServer();
    const bad = await request(server).post('/api/login').set('content-type', 'application/json').send('{"username": "x",').expect(400);
    expect(bad.body).toEqual({ statusCode: 400, error: 'Bad Request', message: 'Malformed JSON body' });
    const huge = await request(server).post('/api/register').set('content-type', 'application/json').send(JSON.stringify({ phoneNumber: '1', password: 'x'.repeat(3_000_000) })).expect(413);
    expect(huge.body.statusCode).toBe(413);
    // State-changing calls take JSON only (CSRF): anything else is refused as an unsupported type.
    const notJson = await request(server).post('/api/login').set('content-type', 'text/plain').send('hello');
    expect(notJson.status).toBe(415);
    const arr = await request(server).post('/api/login').send([1, 2, 3]);
    expect(arr.status).toBeGreaterThanOrEqual(400);
    expect(arr.status).toBeLessThan(500);
  });

  it('updates language, timezone, phone, profile image and profile with validation', async () => {
    const { agent } = await t.registerUser();
    expect((await agent.patch('/api/user/language').send({ language: 'en' }).expect(200)).body.language).toBe('en');
    expect((await agent.patch('/api/user/language').send({ language: 'de' }).expect(400)).body.message).toBe("Language must be 'en' or 'fr'.");
    expect((await agent.patch('/api/user/timezone').send({ timezone: 'America/New_York' }).expect(200)).body.timezone).toBe('America/New_York');
    expect((await agent.patch('/api/user/timezone').send({ timezone: 'Mars/Olympus' }).expect(400)).body.message).toBe('Unknown timezone.');
    expect((await agent.patch('/api/user/timezone').send({ timezone: '+02:00' }).expect(400)).body.message).toBe('Unknown timezone.');
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    expect((await agent.patch('/api/user/profile-image').send({ profileImage: png }).expect(200)).body.profileImage).toBe(png);
    expect((await agent.patch('/api/user/profile-image').send({ profileImage: 'https://evil.example/x.png' }).expect(400)).body.message).toMatch(/data:image/);
    expect((await agent.patch('/api/user/profile-image').send({ profileImage: 'data:image/png;base64,' + 'A'.repeat(1_600_000) }).expect(400)).body.message).toMatch(/too large/);
    const phone = uniquePhone();
    expect((await agent.patch('/api/user/phone').send({ phoneNumber: phone }).expect(200)).body.phoneNumber).toBe(phone);
    expect((await agent.patch('/api/user/phone').send({ phoneNumber: '' }).expect(400)).body.message).toBe('Please enter a phone number');
    expect((await agent.patch('/api/user/profile').send({ displayName: '  Amina  ' }).expect(200)).body.displayName).toBe('Amina');
    await request(t.app.getHttpServer()).patch('/api/user/language').send({ language: 'en' }).expect(401);
  });

  it('keeps /api/admin/* to administrators', async () => {
    const server = t.app.getHttpServer();
    await request(server).get('/api/admin/users').expect(401);
    await request(server).get('/api/admin/anything/else').expect(401);
    const { agent } = await t.registerUser();
    const denied = await agent.get('/api/admin/users').expect(403);
    expect(denied.body.error).toBe('Forbidden');
    await agent.delete('/api/admin/users/1').expect(403);

    const adminName = `admin${Date.now()}`;
    await t.app.get(AccountsService).ensureAdmin(adminName, 'admin-password-1');
    const admin = t.agent();
    await admin.post('/api/login').send({ username: adminName, password: 'admin-password-1' }).expect(200);
    const list = await admin.get('/api/admin/users').expect(200);
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.body.some((u: { username: string }) => u.username === adminName)).toBe(true);
  });

  describe('forgot password', () => {
    it('request → verify → reset, single use, then log in with the new password', async () => {
      const { user } = await t.registerUser({ password: 'old-password-1' });
      const phone = user.phoneNumber as string;
      const res = await t.agent().post('/api/password/request-reset').send({ phoneNumber: phone }).expect(200);
      expect(res.body.success).toBe(true);
      const code = messenger.lastCode(phone);
      expect(code).toMatch(/^\d{6}$/);
      expect(messenger.sent.at(-1)!.text).toMatch(/Votre code Rappel/);
      const wrong = code === '000000' ? '111111' : '000000';
      await t.agent().post('/api/password/verify-code').send({ phoneNumber: phone, code: wrong }).expect(400);
      await t.agent().post('/api/password/verify-code').send({ phoneNumber: phone, code }).expect(200);
      await t.agent().post('/api/password/reset-password').send({ phoneNumber: phone, code, newPassword: 'new-password-1' }).expect(200);
      // Single use.
      await t.agent().post('/api/password/reset-password').send({ phoneNumber: phone, code, newPassword: 'other-password-1' }).expect(400);
      await t.agent().post('/api/login').send({ username: phone, password: 'old-password-1' }).expect(401);
      await t.agent().post('/api/login').send({ username: phone, password: 'new-password-1' }).expect(200);
    });

    it('answers the same for unknown numbers and sends nothing', async () => {
      const before = messenger.sent.length;
      const known = await t.registerUser();
      const a = await t.agent().post('/api/password/request-reset').send({ phoneNumber: known.user.phoneNumber }).expect(200);
      const b = await t.agent().post('/api/password/request-reset').send({ phoneNumber: '+33699999991' }).expect(200);
      expect(b.body).toEqual(a.body);
      expect(messenger.sent.length).toBe(before + 1);
      const v = await t.agent().post('/api/password/verify-code').send({ phoneNumber: '+33699999991', code: '123456' }).expect(400);
      const w = await t.agent().post('/api/password/verify-code').send({ phoneNumber: known.user.phoneNumber, code: '999999' === messenger.lastCode(known.user.phoneNumber) ? '999998' : '999999' }).expect(400);
      expect(v.body.message).toBe(w.body.message);
    });

    it('locks a code after 5 wrong tries', async () => {
      const { user } = await t.registerUser();
      const phone = user.phoneNumber as string;
      await t.agent().post('/api/password/request-reset').send({ phoneNumber: phone }).expect(200);
      const code = messenger.lastCode(phone);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) await t.agent().post('/api/password/verify-code').send({ phoneNumber: phone, code: wrong }).expect(400);
      await t.agent().post('/api/password/verify-code').send({ phoneNumber: phone, code }).expect(400);
    });
  });

  it('subscribes to the newsletter, twice is fine, and checks the address', async () => {
    const server = t.app.getHttpServer();
    const first = await request(server).post('/api/newsletter/subscribe').send({ email: 'Reader@Example.com' }).expect(200);
    expect(first.body.success).toBe(true);
    await request(server).post('/api/newsletter/subscribe').send({ email: 'reader@example.com' }).expect(200);
    const rows = await t.dataSource.query(`SELECT count(*)::int AS n FROM newsletter_subscribers WHERE email = 'reader@example.com'`);
    expect(rows[0].n).toBe(1);
    const bad = await request(server).post('/api/newsletter/subscribe').send({ email: 'nope@' }).expect(400);
    expect(bad.body.message).toBe('Email invalide');
  });
});

describe.each(testDatabases())('sessions and limits (%s database)', (kind) => {
  it('a session survives a server restart', async () => {
    const first = await createTestApp({ db: kind });
    const { agent } = await first.registerUser();
    const login = await agent.get('/api/user').expect(200);
    const cookie = (await first.agent().post('/api/login').send({ username: login.body.phoneNumber, password: 'correct horse 42' }).expect(200)).headers['set-cookie'][0].split(';')[0];
    await first.close();
    const second = await createTestApp({ db: first.db });
    try {
      const me = await request(second.app.getHttpServer()).get('/api/user').set('Cookie', cookie).expect(200);
      expect(me.body.id).toBe(login.body.id);
    } finally {
      await second.close();
      await first.db.drop();
    }
  });

  it('slows down failed logins per account and IP (429 with Retry-After), without holding back other accounts', async () => {
    const t = await createTestApp({ db: kind });
    try {
      const phone = uniquePhone();
      for (let i = 0; i < LOGIN_FREE_FAILURES.accountIp; i++) await t.agent().post('/api/login').send({ username: phone, password: 'nope-nope' }).expect(401);
      const limited = await t.agent().post('/api/login').send({ username: phone, password: 'nope-nope' }).expect(429);
      expect(limited.body.message).toBe(LOGIN_THROTTLED);
      const wait = Number(limited.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(LOGIN_MAX_DELAY_SECONDS);
      // Another account from the same IP is not held back by this one's failures.
      await t.agent().post('/api/login').send({ username: uniquePhone(), password: 'nope-nope' }).expect(401);
    } finally {
      await t.close();
      await t.db.drop();
    }
  });
});
