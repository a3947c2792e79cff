/**
 * Dispatcher benchmark: N dispatcher processes (default 2) against one database drain M reminders
 * (default 20,000) scheduled to fall due within a few seconds, delivering to the recording
 * adapter (reminder_deliveries). Prints one JSON line:
 *   {"instances","reminders","delivered","duplicates","lost","perSecond","latencyP50Ms","latencyP99Ms",...}
 * perSecond = delivered / (last hand-over − first due instant); latency = hand-over − due instant.
 *
 * Usage: npm run bench:dispatch -- [--instances 2] [--reminders 20000] [--spread 6] [--lead 3]
 *        [--rate <per-instance send rate; default 100000, i.e. the channel is not the bottleneck>] [--batch 200]
 * The defaults measure the dispatcher itself: 20,000 reminders due over 6 s with no channel limit.
 * Pass --rate 1000 (the simulator's configured rate) to see a channel limit drain a burst.
 * Uses a scratch database created on the server in DATABASE_URL (dropped afterwards), or an
 * in-memory embedded PGlite when DATABASE_URL is unset (expect far lower figures there).
 * Each instance is a separate Node process with its own pool, as separate servers would be.
 */
import 'reflect-metadata';
import { ChildProcess, fork } from 'node:child_process';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { loadConfig } from '../api/config/app-config';
import { entities } from './entities';
import { EmbeddedPostgres } from '../api/database/embedded-postgres';
import { migrations } from '../api/database/migrations';
import { NamingStrategy } from '../api/database/naming-strategy';
import { JobHost } from '../api/jobs/job-host';
import { QuotaService } from '../api/reminders/quota.service';
import { RecordingReminderDelivery } from '../api/reminders/recording-reminder-delivery';
import { ReminderCreation } from '../api/reminders/reminder-creation.entity';
import { ReminderDeliveryRecord } from '../api/reminders/reminder-delivery-record.entity';
import { ReminderDispatcher } from '../api/reminders/reminder-dispatcher';
import { DUE_CHANNEL, dueAtFromPayload } from '../api/reminders/reminder-jobs';
import { RemindersService } from '../api/reminders/reminders.service';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const n = Number(process.argv[i + 1]);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a number`);
  return n;
}

function dataSource(url: string, max: number): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities: [...entities, ReminderCreation, ReminderDeliveryRecord],
    migrations,
    migrationsTransactionMode: 'each',
    namingStrategy: new NamingStrategy(),
    extra: { max },
  });
}

const stderr = (m: string) => process.stderr.write(`${m}\n`);

/** One dispatcher instance: what a server runs, minus HTTP. */
async function child(): Promise<void> {
  const url = process.env.BENCH_DB_URL!;
  const embedded = process.env.BENCH_EMBEDDED === '1';
  const config = loadConfig({ ...process.env, DATABASE_URL: url });
  const rate = arg('rate', 100_000);
  const ds = dataSource(url, embedded ? 4 : 10);
  await ds.initialize();
  const store = new RemindersService(ds, new QuotaService(ds));
  const delivery = new RecordingReminderDelivery(ds);
  const dispatcher = new ReminderDispatcher(store, delivery, {
    ...config.dispatcher,
    batchSize: arg('batch', config.dispatcher.batchSize),
    pollIntervalMs: embedded ? Math.min(200, config.dispatcher.pollIntervalMs) : config.dispatcher.pollIntervalMs,
    rates: { ...config.dispatcher.rates, simulator: rate },
  }, { log: stderr, warn: stderr, error: stderr });
  delivery.deliveredBy = dispatcher.instanceId;
  const host = new JobHost(dispatcher, { listenUrl: embedded ? undefined : url, notifyChannel: DUE_CHANNEL, dueAt: dueAtFromPayload }, { log: stderr, warn: stderr, error: stderr });
  await host.start();
  process.send!({ type: 'ready', id: dispatcher.instanceId });
  process.on('message', async (m: { type: string }) => {
    if (m.type !== 'stop') return;
    await host.stop(2000);
    process.send!({ type: 'stats', id: dispatcher.instanceId, stats: dispatcher.stats }, () => {
      void ds.destroy().finally(() => process.exit(0));
    });
  });
}

async function parent(): Promise<void> {
  const instances = Math.max(1, Math.floor(arg('instances', 2)));
  const total = Math.max(1, Math.floor(arg('reminders', 20_000)));
  const spreadMs = arg('spread', 6) * 1000;
  const leadMs = arg('lead', 3) * 1000;
  const base = process.env.DATABASE_URL;
  let url: string;
  let embedded: EmbeddedPostgres | undefined;
  let dropScratch: (() => Promise<void>) | undefined;
  if (base) {
    const name = `rappel_bench_${Date.now()}`;
    const admin = new Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(base);
    u.pathname = `/${name}`;
    url = u.toString();
    dropScratch = async () => {
      const c = new Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    embedded = new EmbeddedPostgres('memory://');
    url = await embedded.start();
  }
  const ds = dataSource(url, 4);
  const children: ChildProcess[] = [];
  try {
    await ds.initialize();
    await ds.runMigrations();
    await ds.query(`INSERT INTO users (username) SELECT 'bench-' || g FROM generate_series(1, 100) g`);

    const passArgs = ['rate', 'batch'].flatMap((n) => (process.argv.includes(`--${n}`) ? [`--${n}`, String(arg(n, 0))] : []));
    const stats: unknown[] = [];
    const ready: Promise<void>[] = [];
    for (let i = 0; i < instances; i++) {
      const c = fork(__filename, ['--child', ...passArgs], {
        env: { ...process.env, BENCH_DB_URL: url, BENCH_EMBEDDED: embedded ? '1' : '0', LOG_LEVEL: 'warn' },
        execArgv: process.execArgv,
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.push(c);
      c.on('message', (m: { type: string; stats?: unknown }) => {
        if (m.type === 'stats') stats.push(m.stats);
      });
      ready.push(new Promise((resolve, reject) => {
        c.once('message', (m: { type: string }) => (m.type === 'ready' ? resolve() : undefined));
        c.once('exit', (code) => reject(new Error(`instance exited early (${code})`)));
      }));
    }
    await Promise.all(ready);

    // Due instants come from the database clock: first due `lead` from now, spread evenly.
    await ds.query(
      `INSERT INTO reminders (user_id, subject, reminder_text, due_at, next_attempt_at, timezone, status_changed_at, source)
       SELECT 1 + (g % 100), 'Bench ' || g, 'Benchmark reminder ' || g, t, t, 'UTC', now(), 'api'
         FROM generate_series(0, $1 - 1) g,
              LATERAL (SELECT now() + make_interval(secs => ($2 + $3 * g / GREATEST($1, 1)) / 1000.0) AS t) d`,
      [total, leadMs, spreadMs],
    );

    const deadline = Date.now() + leadMs + spreadMs + 120_000;
    for (;;) {
      const [{ n }] = await ds.query(`SELECT count(DISTINCT reminder_id)::int AS n FROM reminder_deliveries`);
      if (n >= total || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    await new Promise((r) => setTimeout(r, 1000)); // late duplicates, if any, would land here
    await Promise.all(
      children.map((c) => new Promise<void>((resolve) => {
        c.once('exit', () => resolve());
        c.send({ type: 'stop' });
      })),
    );

    const [r] = await ds.query(`
      WITH firsts AS (
        SELECT reminder_id, min(delivered_at) AS at, min(due_at) AS due, count(*) AS n FROM reminder_deliveries GROUP BY reminder_id)
      SELECT count(*)::int AS delivered,
             (SELECT count(*) FROM reminder_deliveries)::int - count(*)::int AS duplicates,
             (SELECT count(*) FROM reminders WHERE status <> 'sent')::int AS unsent,
             extract(epoch FROM (max(at) - (SELECT min(due_at) FROM reminders))) AS span_s,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM (at - due)) * 1000) AS p50,
             percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM (at - due)) * 1000) AS p99
        FROM firsts`);
    const config = loadConfig({ ...process.env, DATABASE_URL: url });
    const out = {
      instances,
      reminders: total,
      delivered: r.delivered,
      duplicates: r.duplicates,
      lost: total - r.delivered,
      perSecond: Math.round(r.delivered / Math.max(0.001, Number(r.span_s))),
      latencyP50Ms: Math.round(Number(r.p50)),
      latencyP99Ms: Math.round(Number(r.p99)),
      unsent: r.unsent,
      spreadSeconds: spreadMs / 1000,
      ratePerInstance: arg('rate', 100_000),
      database: embedded ? 'embedded' : 'postgres',
      stats,
    };
    console.log(JSON.stringify(out));
  } finally {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    if (ds.isInitialized) await ds.destroy();
    await embedded?.stop();
    await dropScratch?.();
  }
}

(process.argv.includes('--child') ? child() : parent()).catch((e) => {
  console.error(e);
  process.exit(1);
});
