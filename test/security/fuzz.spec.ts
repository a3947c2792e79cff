import fc from 'fast-check';
import request from 'supertest';
import { AccountsService } from '../../api/accounts/accounts.service';
import { createTestApp, TestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

/**
 * Property-based fuzzing of every JSON endpoint (issue 10): random bodies of every JSON type,
 * size and Unicode plane, with and without the field names the API knows, sent anonymously, as a
 * user and as an administrator, to every state-changing route the OpenAPI document lists
 * (webhooks excepted: they are signed). Property: never a 500 (503 only where a provider is not
 * configured), and the server stays healthy.
 * FUZZ_RUNS bodies per route and identity (5 in the normal run; `npm run test:fuzz` uses 200).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 5);
jest.setTimeout(Math.max(120_000, RUNS * 60_000));

const FIELDS = [
  'phoneNumber', 'password', 'username', 'countryCode', 'code', 'newPassword', 'subject', 'reminderText', 'time', 'timezone',
  'language', 'email', 'displayName', 'profileImage', 'text', 'audio', 'mimeType', 'buttonId', 'title', 'repeat', 'repeatDays',
  'status', 'plan', 'message', 'name', 'referralCode', 'active', 'reminderQuota', 'remindersUsed', 'languageCode', 'audience',
  'role', 'billingCycle', 'referredBy', 'userId', 'id', 'cursor', 'limit',
];

const unicode = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\u0000', '\uD800', '\uFFFF', '🇨🇮'.repeat(50), 'a'.repeat(70_000), '+2250707123456', '2026-13-45T25:61:00Z', '-1', '1e309', '__proto__', 'constructor'),
);
const scalar = fc.oneof(unicode, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.bigInt().map(String), fc.constantFrom(2 ** 31, -(2 ** 53), Number.MAX_SAFE_INTEGER));
const value = fc.letrec((tie) => ({
  v: fc.oneof({ depthSize: 'small' }, scalar, fc.array(tie('v'), { maxLength: 4 }), fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), unicode), tie('v'), { maxKeys: 4 })),
})).v;
const body = fc.oneof(
  value,
  fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 8 }),
  fc.dictionary(fc.constantFrom(...FIELDS), scalar, { minKeys: 1, maxKeys: 8 }),
);
const pathParam = fc.oneof(fc.nat().map(String), fc.constantFrom('0', '-1', '2147483648', '1e3', 'abc', '%00', '..%2F..', '9'.repeat(40)), fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent));

describe('fuzzing every JSON endpoint (fast-check)', () => {
  let t: TestApp;
  let routes: Array<{ method: string; path: string }>;
  const cookies: Record<'anonymous' | 'user' | 'admin', string | undefined> = { anonymous: undefined, user: undefined, admin: undefined };

  beforeAll(async () => {
    t = await createTestApp({ db: testDatabases().at(-1)! });
    const doc = (await request(t.app.getHttpServer()).get('/api/docs-json').expect(200)).body as { paths: Record<string, Record<string, unknown>> };
    routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => ['post', 'put', 'patch', 'delete'].includes(m))
        .map((method) => ({ method, path })),
    ).filter((r) => !/webhook/.test(r.path) && r.path !== '/api/logout');
    const { user, password } = await t.registerUser();
    cookies.user = String((await request(t.app.getHttpServer()).post('/api/login').send({ username: user.phoneNumber, password }).expect(200)).headers['set-cookie'][0]).split(';')[0];
    await t.app.get(AccountsService).ensureStaff('fuzzchief', 'fuzz-chief-password-1', 'admin');
    cookies.admin = String((await request(t.app.getHttpServer()).post('/api/login').send({ username: 'fuzzchief', password: 'fuzz-chief-password-1' }).expect(200)).headers['set-cookie'][0]).split(';')[0];
  });
  afterAll(async () => {
    await t?.close();
    await t?.db.drop();
  });

  it('finds the API’s state-changing routes in its OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(15);
    expect(routes).toEqual(expect.arrayContaining([{ method: 'post', path: '/api/reminders' }, { method: 'post', path: '/api/register' }]));
  });

  it('never answers 500, whatever the body, the route parameters and who asks', async () => {
    const server = t.app.getHttpServer();
    const failures: string[] = [];
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(body, fc.array(pathParam, { minLength: 3, maxLength: 3 }), fc.constantFrom('anonymous', 'user', 'admin'), async (payload, params, who) => {
          let i = 0;
          const path = route.path.replace(/\{[^}]+\}/g, () => params[i++ % params.length]);
          const req = (request(server) as any)[route.method](path).set('content-type', 'application/json');
          if (cookies[who as keyof typeof cookies]) req.set('cookie', cookies[who as keyof typeof cookies]);
          const res = await req.send(JSON.stringify(payload) ?? 'null');
          // 503 is a deliberate answer (a provider that is not configured here); any other 5xx is a bug.
          const broken = res.status >= 500 && res.status !== 503;
          if (broken) failures.push(`${route.method.toUpperCase()} ${path} as ${who} with ${JSON.stringify(payload).slice(0, 300)} -> ${res.status} ${JSON.stringify(res.body)}`);
          return !broken;
        }),
        { numRuns: RUNS },
      ).catch(() => undefined);
    }
    expect(failures).toEqual([]);
    await request(server).get('/api/health').expect(200);
  });
});
