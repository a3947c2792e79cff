/**
 * npm run bench:admin [-- --rounds 40]
 *
 * Times the back-office's heavy calls on the database in DATABASE_URL (fill it first with
 * `npm run seed:demo -- --users 100000`), through the real HTTP stack: the app boots in-process
 * (dispatcher off), signs in a bench administrator, and calls each endpoint `rounds` times with
 * varied search terms after a short warm-up. Prints one JSON line:
 *   {"users","reminders","messages","rounds","statsP50Ms","statsP95Ms","userSearchP50Ms",...}
 * Target: every p95 under 300 ms on real Postgres.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { AccountsService } from '../api/accounts/accounts.service';
import { AppModule } from '../api/app.module';
import { configureApp } from '../api/bootstrap';
import { loadConfig } from '../api/config/app-config';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] * 10) / 10;
};

async function main() {
  if (!process.env.DATABASE_URL) {
    console.error('bench:admin measures real Postgres: set DATABASE_URL to the database seed:demo filled.');
    process.exit(2);
  }
  const rounds = arg('rounds', 40);
  const config = loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DISPATCHER_ENABLED: 'false', ADMIN_USERNAME: '', ADMIN_PASSWORD: '', RATE_LIMIT_MAX_PER_IP: '100000' });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), { bodyParser: false, logger: ['error', 'warn'] });
  configureApp(app, config);
  await app.listen(0, '127.0.0.1');
  const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  try {
    await app.get(AccountsService).ensureStaff('bench_admin', 'bench-admin-password', 'admin');
    const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'bench_admin', password: 'bench-admin-password' }) });
    if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const ds = app.get(DataSource);
    const [sizes] = await ds.query(`SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM reminders)::int AS reminders, (SELECT count(*) FROM message_log)::int AS messages`);
    const talkers: number[] = (await ds.query(`SELECT user_id FROM message_log WHERE user_id IS NOT NULL ORDER BY random() LIMIT $1`, [rounds])).map((r: { user_id: number }) => r.user_id);
    const names = ['camille', 'martin', 'léa dubois', 'example.com', 'nguyen', 'sophie', 'garcia', 'hugo'];
    const subjects = ['dentiste', 'passeport', 'loyer', 'garage', 'restaurant', 'médicaments', 'plants', 'birthday'];

    const time = async (path: string): Promise<number> => {
      const t = performance.now();
      const res = await fetch(`${base}${path}`, { headers: { cookie } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      return performance.now() - t;
    };
    const series = {
      stats: (i: number) => `/api/admin/stats?timeRange=${['today', 'week', 'month', 'year'][i % 4]}`,
      userSearch: (i: number) => `/api/admin/users?limit=50&q=${encodeURIComponent(i % 2 ? names[i % names.length] : String(10_000_000 + ((i * 7919) % 100_000)).slice(-5))}`,
      reminderSearch: (i: number) => `/api/admin/reminders?limit=50&q=${encodeURIComponent(subjects[i % subjects.length])}`,
      conversationPage: (i: number) => `/api/admin/conversations/${talkers[i % talkers.length]}/messages?limit=50`,
    };
    const out: Record<string, number> = { ...sizes, rounds };
    for (const [name, path] of Object.entries(series)) {
      for (let i = 0; i < 3; i++) await time(path(i)); // warm-up
      const times: number[] = [];
      for (let i = 0; i < rounds; i++) times.push(await time(path(i)));
      out[`${name}P50Ms`] = pct(times, 50);
      out[`${name}P95Ms`] = pct(times, 95);
    }
    console.log(JSON.stringify(out));
  } finally {
    await app.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
