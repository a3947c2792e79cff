import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import request from 'supertest';
import { EMBEDDED_POSTGRES } from '../../api/database/database.module';
import { EmbeddedPostgres } from '../../api/database/embedded-postgres';
import { createTestApp, TestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

describe('server edges', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ db: 'embedded', env: { ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'chief-password-1', TRUST_PROXY: 'true', SECURE_COOKIES: 'auto' } });
  });
  afterAll(async () => {
    await t.close();
    await t.db.drop();
  });

  it('serves OpenAPI docs at /api/docs', async () => {
    const html = await request(t.app.getHttpServer()).get('/api/docs').redirects(1).expect(200);
    expect(html.text).toMatch(/swagger/i);
    const json = await request(t.app.getHttpServer()).get('/api/docs-json').expect(200);
    expect(Object.keys(json.body.paths)).toEqual(expect.arrayContaining(['/api/register', '/api/login', '/api/user', '/api/health']));
  });

  it('serves the web apps with SPA fallback for deep links, and JSON 404s under /api', async () => {
    const server = t.app.getHttpServer();
    const deep = await request(server).get('/dashboard').expect(200);
    expect(deep.headers['content-type']).toMatch(/html/);
    const admin = await request(server).get('/admin/users').expect(200);
    expect(admin.headers['content-type']).toMatch(/html/);
    const api = await request(server).get('/api/does-not-exist').expect(404);
    expect(api.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
    expect(deep.headers['x-powered-by']).toBeUndefined();
    expect(deep.headers['content-security-policy']).toBeDefined();
  });

  it('creates the administrator named by ADMIN_USERNAME/ADMIN_PASSWORD at start', async () => {
    const admin = t.agent();
    const res = await admin.post('/api/login').send({ username: 'chief', password: 'chief-password-1' }).expect(200);
    expect(res.body.role).toBe('admin');
    await admin.get('/api/admin/users').expect(200);
  });

  it('marks the session cookie Secure when the request came over TLS through the proxy', async () => {
    const phone = '+33612999001';
    const res = await t.agent().post('/api/register').set('X-Forwarded-Proto', 'https').send({ phoneNumber: phone, password: 'secret-pass-1' }).expect(201);
    expect(res.headers['set-cookie'][0]).toMatch(/; Secure/);
    const plain = await t.agent().post('/api/login').send({ username: phone, password: 'secret-pass-1' }).expect(200);
    expect(plain.headers['set-cookie'][0]).not.toMatch(/; Secure/);
  });

  it('marks the session cookie Secure whenever PUBLIC_URL is https, even behind a proxy that does not say so', async () => {
    const https = await createTestApp({ db: testDatabases().at(-1)!, env: { PUBLIC_URL: 'https://rappel.test', SECURE_COOKIES: 'auto' } });
    try {
      const res = await https.agent().post('/api/register').send({ phoneNumber: '+33612999002', password: 'secret-pass-1' }).expect(201);
      expect(res.headers['set-cookie'][0]).toMatch(/; Secure/);
    } finally {
      await https.close();
      await https.db.drop();
    }
  });

  it('answers 503 "db":"down" when the database stops answering', async () => {
    const other = await createTestApp({ db: 'embedded' });
    try {
      await request(other.app.getHttpServer()).get('/api/health').expect(200);
      await other.app.get<EmbeddedPostgres>(EMBEDDED_POSTGRES).stop();
      const res = await request(other.app.getHttpServer()).get('/api/health').expect(503);
      expect(res.body).toEqual({ status: 'error', db: 'down' });
    } finally {
      await other.close().catch(() => undefined);
      await other.db.drop();
    }
  });
});

describe('start-up configuration check', () => {
  const main = path.resolve(__dirname, '../../dist/api/main.js');
  const built = fs.existsSync(main);
  (built ? it : it.skip)('exits with one clear line per problem', () => {
    const r = spawnSync(process.execPath, [main], {
      env: { PATH: process.env.PATH, PORT: 'abc', DATABASE_URL: 'mysql://nope', TELEGRAM_BOT_TOKEN: 'bad' },
      encoding: 'utf8',
      timeout: 20000,
    });
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/^Configuration error: PORT must be an integer/),
      expect.stringMatching(/^Configuration error: DATABASE_URL must be a postgres/),
      expect.stringMatching(/^Configuration error: TELEGRAM_BOT_TOKEN does not look like a bot token/),
    ]);
  });
});
