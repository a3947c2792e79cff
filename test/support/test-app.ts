import type { INestApplication } from '@nestjs/common';
import { Test, TestingModuleBuilder } from '@nestjs/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../../api/app.module';
import { configureApp } from '../../api/bootstrap';
import { AppConfig, loadConfig } from '../../api/config/app-config';
import { createTestDatabase, DbKind, TestDatabase } from './test-db';

export interface TestApp {
  app: INestApplication;
  url: string;
  config: AppConfig;
  dataSource: DataSource;
  db: TestDatabase;
  /** A supertest agent that keeps cookies, like a browser. */
  agent(): ReturnType<typeof request.agent>;
  /** Registers a fresh user through the API and returns its signed-in agent. */
  registerUser(opts?: { phoneNumber?: string; password?: string; countryCode?: string; language?: 'fr' | 'en' }): Promise<{ agent: ReturnType<typeof request.agent>; user: Record<string, any>; password: string }>;
  close(): Promise<void>;
}

let phoneCounter = 0;
/** A valid, unique French mobile number per call (+33 612 xxx xxx: a range libphonenumber's full metadata accepts). */
export function uniquePhone(): string {
  phoneCounter += 1;
  const n = (Date.now() * 7 + process.pid * 1000 + phoneCounter) % 1_000_000;
  return `+33612${String(n).padStart(6, '0')}`;
}

/**
 * The real application (same module, same configureApp as main.ts) on a fresh database,
 * listening on a random port. `db` may be an existing database (to restart on the same data).
 */
export async function createTestApp(opts: {
  db: DbKind | TestDatabase;
  env?: Record<string, string>;
  override?: (b: TestingModuleBuilder) => TestingModuleBuilder;
}): Promise<TestApp> {
  const db = typeof opts.db === 'string' ? await createTestDatabase(opts.db) : opts.db;
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: db.dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DISPATCHER_ENABLED: 'false',
    RATE_LIMIT_MAX_PER_IP: '1000',
    RATE_LIMIT_MAX_PER_PHONE: '1000',
    // Tests speak plain http to the app; with an https PUBLIC_URL cookies would be Secure and
    // the test agents would not send them back. Tests of the Secure flag set SECURE_COOKIES=auto.
    SECURE_COOKIES: 'false',
    ...(db.url ? { DATABASE_URL: db.url } : {}),
    ...opts.env,
  });
  let builder = Test.createTestingModule({ imports: [AppModule.forRoot(config)] });
  if (opts.override) builder = opts.override(builder);
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication({ bodyParser: false, bufferLogs: true });
  configureApp(app, config);
  await app.listen(0, '127.0.0.1');
  const url = await app.getUrl();
  const t: TestApp = {
    app,
    url: url.replace('[::1]', '127.0.0.1'),
    config,
    db,
    dataSource: app.get(DataSource),
    agent: () => request.agent(app.getHttpServer()),
    async registerUser(o = {}) {
      const agent = request.agent(app.getHttpServer());
      const password = o.password ?? 'correct horse 42';
      const res = await agent
        .post('/api/register')
        .send({ phoneNumber: o.phoneNumber ?? uniquePhone(), password, countryCode: o.countryCode ?? '+33', language: o.language });
      if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
      return { agent, user: res.body, password };
    },
    async close() {
      await app.close();
    },
  };
  return t;
}
