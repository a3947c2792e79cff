/**
 * Everyone's reminder at the top of the hour:
 *   npm run bench:burst [-- --instances 2 --reminders 2000 --lead 300]
 * Builds the server, then starts `instances` full Rappel servers (dist/api/main.js) as child processes on a scratch database of the
 * PostgreSQL in DATABASE_URL (required), creates `reminders` reminders in French and English with
 * distinct subjects (through RemindersService, as the bot does), all due at the same second
 * `lead` seconds later, and lets them be delivered through the real WhatsApp adapter to a local
 * Graph API stand-in (media upload, then the voice message, then its text with buttons), with
 * the channel's send rate set out of the way. Speech is the embedded engine (eSpeak-NG: the
 * system's when installed) with in-process Opus encoding. Prints one JSON line:
 *   {instances, reminders, leadSeconds, renderedBeforeDue, delivered, duplicates, lost,
 *    latencyP50Ms, latencyP99Ms, cpuMsPerNote, notesPerSecond, database}
 * Lateness is measured at the stand-in: when a reminder's last part (its text) arrived, minus the
 * due instant. cpuMsPerNote is all the CPU of the server processes (and their render processes
 * and espeak-ng children) from start to stop, divided by the notes made: an upper bound for the
 * note itself. `sendPhase` says where the CPU went from a second before the due instant to the
 * last delivery (BURST_DEBUG=1 also prints each PostgreSQL backend's share and the send phase's
 * timeline on stderr; --profile DIR also counts each instance's SQL statements of the send phase).
 */
import 'reflect-metadata';
import { ChildProcess, execSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { loadConfig } from '../api/config/app-config';
import { entities } from './entities';
import { migrations } from '../api/database/migrations';
import { NamingStrategy } from '../api/database/naming-strategy';
import { JobsService } from '../api/jobs/jobs.service';
import { QuotaService } from '../api/reminders/quota.service';
import { RemindersService } from '../api/reminders/reminders.service';
import { reminderSpeech } from '../bot/conversation/reminder-message';
import { voiceNoteHash } from '../bot/delivery/voice-notes';
import { NativeEspeak } from '../bot/voice/native-espeak';
import { GraphApiStandIn } from '../test/support/graph-api-stand-in';

function strArg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  return Number.isFinite(v) ? v : fallback;
}

const ROOT = join(__dirname, '..');
const TOKEN = 'EAAG-bench-token';
const VERSION = 'v21.0';
const PHONE_ID = '106540352242922';

function cpuOf(pid: number | 'self'): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 10; // utime stime cutime cstime, ticks of 10 ms
  } catch {
    return 0;
  }
}

/** CPU of a process and of its live descendants (render processes are not waited for, so its cutime misses them). */
function cpuOfTree(pid: number): number {
  let total = cpuOf(pid);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) total += cpuOfTree(Number(entry));
    } catch {
      /* gone */
    }
  }
  return total;
}

async function parent(): Promise<void> {
  const instances = Math.max(1, Math.floor(arg('instances', 2)));
  const total = Math.max(1, Math.floor(arg('reminders', 2000)));
  const leadSeconds = Math.max(0, arg('lead', 300));
  // --profile DIR: each instance writes a V8 CPU profile of the send phase (from a second before the due instant to the end) into DIR.
  const profileDir = strArg('profile');
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('bench:burst needs DATABASE_URL (a PostgreSQL it may create a scratch database on)');

  execSync('npm run -s build:server', { cwd: ROOT, stdio: 'inherit' });
  const graph = new GraphApiStandIn(TOKEN, VERSION, PHONE_ID);
  await graph.start();
  const name = `rappel_burst_${Date.now()}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  const url = u.toString();
  const dataDir = mkdtempSync(join(tmpdir(), 'rappel-burst-'));
  const ds = new DataSource({ type: 'postgres', url, entities, migrations, migrationsTransactionMode: 'each', namingStrategy: new NamingStrategy(), extra: { max: 8 } });
  const children: ChildProcess[] = [];
  try {
    await ds.initialize();
    await ds.runMigrations();
    const users = Math.ceil(total / 4);
    // WhatsApp users with a proven number who wrote within 24 h (so the voice note itself goes, not the template).
    await ds.query(
      `INSERT INTO users (username, phone_number, phone_verified_at, plan, subscription_ends_at, language, timezone)
       SELECT 'burst-' || g, '+3361' || lpad(g::text, 7, '0'), now(), 'premium', now() + interval '30 days', CASE WHEN g % 2 = 0 THEN 'fr' ELSE 'en' END, 'Europe/Paris'
         FROM generate_series(1, $1) g`,
      [users],
    );
    await ds.query(
      `INSERT INTO message_log (user_id, channel, peer_id, direction, kind, message_type, text, status)
       SELECT id, 'whatsapp', substr(phone_number, 2), 'incoming', 'message', 'text', 'ok', 'received' FROM users`,
    );

    const env = {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost',
      ...graph.appEnv(),
      WHATSAPP_RATE_PER_SECOND: '10000',
      DISPATCHER_ENABLED: 'true',
    };
    delete (env as Record<string, string | undefined>).OPENAI_API_KEY;
    const ready: Promise<void>[] = [];
    for (let i = 0; i < instances; i++) {
      // The server as `npm run start:prod` runs it (the compiled build: Nest needs decorator metadata).
      const nodeArgs = profileDir ? ['--require', join(ROOT, 'scripts/burst-profile-hook.js')] : [];
      const c = spawn(process.execPath, [...nodeArgs, join(ROOT, 'dist/api/main.js')], {
        env: profileDir ? { ...env, BURST_PROFILE_DIR: profileDir } : env,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(c);
      ready.push(
        new Promise((resolve, reject) => {
          let out = '';
          c.stdout!.on('data', (d) => {
            out += String(d);
            if (out.includes('Rappel is running at')) resolve();
          });
          c.once('exit', (code) => reject(new Error(`instance exited early (${code}): ${out}`)));
        }),
      );
    }
    await Promise.all(ready);
    const cpuAtReady = children.map((c) => cpuOfTree(c.pid!));

    // Creation takes a few seconds: due instant = start + lead (+ the time creating takes when lead is 0).
    const userRows: Array<{ id: number; language: 'fr' | 'en' }> = await ds.query(`SELECT id, plan, trial_ends_at, subscription_ends_at, language, timezone FROM users ORDER BY id`);
    const service = new RemindersService(ds, new QuotaService(ds), undefined, undefined, new JobsService(ds), loadConfig(env));
    const subjects = (i: number, fr: boolean) =>
      fr ? `Appeler le cabinet numéro ${i} pour confirmer le rendez-vous` : `Call office number ${i} to confirm the appointment`;
    let dueAt: Date;
    if (leadSeconds > 0) {
      dueAt = new Date(Math.ceil((Date.now() + leadSeconds * 1000) / 1000) * 1000);
      // Several at once, as many users confirming at the same time would (each user's own are serialised by the service).
      let next = 0;
      const createdIn = Date.now();
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          for (let i = next++; i < total; i = next++) {
            const user = userRows[i % userRows.length] as any;
            const fr = user.language === 'fr';
            await service.createForUser(user, { subject: subjects(i, fr), dueAt, languageCode: fr ? 'fr' : 'en', source: 'bot' });
          }
        }),
      );
      process.stderr.write(`created ${total} reminders in ${((Date.now() - createdIn) / 1000).toFixed(1)} s; due in ${((dueAt.getTime() - Date.now()) / 1000).toFixed(1)} s\n`);
    } else {
      // Nothing ahead: the reminders appear due (as if created a moment ago), no render job.
      dueAt = new Date(Math.ceil(Date.now() / 1000) * 1000 + 1000);
      await ds.query(
        `INSERT INTO reminders (user_id, subject, reminder_text, due_at, next_attempt_at, timezone, language_code, source, status_changed_at)
         SELECT u.id, s.subject, s.subject, $2, $2, 'Europe/Paris', u.language, 'bot', now()
           FROM generate_series(0, $1 - 1) g
           JOIN LATERAL (SELECT * FROM users ORDER BY id OFFSET (g % $3) LIMIT 1) u ON true
           JOIN LATERAL (SELECT CASE WHEN u.language = 'fr' THEN 'Appeler le cabinet numéro ' || g || ' pour confirmer le rendez-vous'
                                     ELSE 'Call office number ' || g || ' to confirm the appointment' END AS subject) s ON true`,
        [total, dueAt, userRows.length],
      );
    }

    const ids: number[] = (await ds.query(`SELECT id FROM reminders ORDER BY id`)).map((r: { id: number }) => r.id);
    const textArrivals = () => {
      const at = new Map<number, number[]>();
      graph.requests.forEach((r) => {
        if (!r.path.endsWith('/messages') || r.fields.type !== 'interactive') return;
        const m = /^snooze:(\d+):/.exec(String((r.fields.interactive as any)?.action?.buttons?.[0]?.reply?.id ?? ''));
        if (m) (at.get(Number(m[1])) ?? at.set(Number(m[1]), []).get(Number(m[1]))!).push(r.at);
      });
      return at;
    };
    // The send phase, from a second before the due instant: where its CPU goes (the server
    // instances, their PostgreSQL backends, this process with the Graph stand-in) and how many
    // transactions the database committed per reminder.
    const snapshot = async () => {
      const backends: Array<{ pid: number; query: string }> = await ds.query(`SELECT pid, left(query, 60) AS query FROM pg_stat_activity WHERE datname = current_database()`);
      (globalThis as any).lastBackends = backends;
      const [{ xacts }] = await ds.query(`SELECT xact_commit::float8 AS xacts FROM pg_stat_database WHERE datname = current_database()`);
      return {
        instances: children.reduce((a, c) => a + cpuOfTree(c.pid!), 0),
        backends: new Map(backends.map((b) => [b.pid, cpuOf(b.pid)])),
        bench: cpuOf('self'),
        xacts: Number(xacts),
      };
    };
    const untilSendPhase = dueAt.getTime() - 1000 - Date.now();
    if (untilSendPhase > 0) await new Promise((r) => setTimeout(r, untilSendPhase));
    const atSend = await snapshot();
    if (profileDir) for (const c of children) c.kill('SIGWINCH');
    const deadline = dueAt.getTime() + 600_000;
    for (;;) {
      const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM reminders WHERE status = 'pending'`);
      if (n === 0 || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    await new Promise((r) => setTimeout(r, 250)); // the stats of the last transactions reach pg_stat_database
    const afterSend = await snapshot();
    if (process.env.BURST_DEBUG) for (const b of (globalThis as any).lastBackends as Array<{ pid: number; query: string }>) process.stderr.write(`backend ${b.pid} ${afterSend.backends.get(b.pid)! - (atSend.backends.get(b.pid) ?? 0)} ms: ${b.query.replace(/\s+/g, ' ')}\n`);
    await new Promise((r) => setTimeout(r, 1500)); // late duplicates, if any, would land here
    const cpuBeforeStop = children.map((c) => cpuOfTree(c.pid!));
    await Promise.all(children.map((c) => new Promise<void>((resolve) => (c.once('exit', () => resolve()), c.kill('SIGTERM')))));

    const arrivals = textArrivals();
    const audio = graph.sentMessages().filter((m) => m.type === 'audio').length;
    const latencies = ids.filter((id) => arrivals.has(id)).map((id) => Math.min(...arrivals.get(id)!) - dueAt.getTime()).sort((a, b) => a - b);
    const pct = (p: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] : null);
    const duplicates = [...arrivals.values()].reduce((n, a) => n + a.length - 1, 0) + Math.max(0, audio - arrivals.size);

    if (process.env.BURST_DEBUG) {
      // The send phase's timeline: voice messages and texts arriving at the stand-in per 250 ms from the due instant.
      const buckets = new Map<number, [number, number]>();
      for (const r of graph.requests) {
        if (!r.path.endsWith('/messages') || r.at < dueAt.getTime() - 1000) continue;
        const b = Math.floor((r.at - dueAt.getTime()) / 250) * 250;
        const e = buckets.get(b) ?? [0, 0];
        e[r.fields.type === 'audio' ? 0 : 1]++;
        buckets.set(b, e);
      }
      for (const [b, [a, t]] of [...buckets].sort((x, y) => x[0] - y[0])) process.stderr.write(`+${b} ms: ${a} voice, ${t} text\n`);
    }
    const engine = NativeEspeak.detect() ? 'espeak-ng (system)' : 'espeak-ng (WebAssembly)';
    const reminders: Array<{ reminder_text: string; language_code: 'fr' | 'en'; due_at: Date }> = await ds.query(`SELECT reminder_text, language_code, due_at FROM reminders`);
    const notes = new Map<string, Date>(
      (await ds.query(`SELECT hash, created_at FROM voice_notes`)).map((n: { hash: string; created_at: Date }) => [n.hash, new Date(n.created_at)]),
    );
    const renderedBeforeDue = reminders.filter((r) => {
      const made = notes.get(voiceNoteHash(engine, r.language_code, reminderSpeech(r.language_code, r.reminder_text)));
      return made !== undefined && made < new Date(r.due_at);
    }).length;
    const [span] = await ds.query(`SELECT count(*)::int AS n, extract(epoch FROM max(created_at) - min(created_at))::float8 AS s FROM voice_notes`);
    const serverCpu = cpuBeforeStop.reduce((a, b) => a + b, 0);
    const startupCpu = cpuAtReady.reduce((a, b) => a + b, 0);

    console.log(
      JSON.stringify({
        instances,
        reminders: total,
        leadSeconds,
        renderedBeforeDue,
        delivered: arrivals.size,
        duplicates,
        lost: total - arrivals.size,
        latencyP50Ms: pct(0.5),
        latencyP99Ms: pct(0.99),
        cpuMsPerNote: span.n ? Math.round((serverCpu - startupCpu) / span.n) : null,
        notesPerSecond: span.n > 1 && span.s > 0 ? Math.round(span.n / span.s) : null,
        database: 'postgres',
        sendPhase: {
          cpuMsPerReminder: {
            instances: +((afterSend.instances - atSend.instances) / total).toFixed(2),
            postgres: +([...afterSend.backends].reduce((a, [pid, cpu]) => a + cpu - (atSend.backends.get(pid) ?? 0), 0) / total).toFixed(2),
            benchAndStandIn: +((afterSend.bench - atSend.bench) / total).toFixed(2),
          },
          transactionsPerReminder: +((afterSend.xacts - atSend.xacts) / total).toFixed(1),
        },
      }),
    );
  } finally {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    if (ds.isInitialized) await ds.destroy();
    await graph.stop();
    rmSync(dataDir, { recursive: true, force: true });
    const c = new Client({ connectionString: base });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  }
}

parent().catch((e) => {
  console.error(e);
  process.exit(1);
});
