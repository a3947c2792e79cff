/**
 * Throughput and latency of the WhatsApp webhook: signature check, parse, hand-off to the sink.
 *
 *   npm run bench:webhook -- [--requests 5000] [--concurrency 16] [--max-seconds 30]
 *
 * The server runs in a child process so the load generator does not share its event loop. The
 * sink is the real Postgres intake store (embedded PGlite, or DATABASE_URL when set): one insert
 * per request, as in production. Prints one JSON line:
 * {"requests","perSecond","p50Ms","p99Ms","errors"}. Traffic stays on 127.0.0.1.
 */
import 'reflect-metadata';
import { fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { EmbeddedPostgres } from '../api/database/embedded-postgres';
import { migrations } from '../api/database/migrations';
import { NamingStrategy } from '../api/database/naming-strategy';
import type { MessageLogService } from '../api/live/message-log.service';
import { IntakeStore } from '../bot/conversation/intake/intake.store';
import { IntakeWakeups } from '../bot/conversation/intake/intake-wakeups';
import { ChannelsModule } from '../bot/channels/channels.module';
import { INBOUND_SINK, STATUS_SINK } from '../bot/channels/inbound-sink.port';
import { signWhatsappBody } from '../bot/channels/whatsapp/whatsapp-signature';

const APP_SECRET = 'bench-app-secret';
/** Message ids unique per run, so a reused DATABASE_URL does not turn them into duplicates. */
const RUN = Date.now().toString(36);

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/**
 * The real intake store on Postgres: embedded PGlite in a temporary directory by default, the
 * database of DATABASE_URL when set (migrated first). The intake worker does not run, so this
 * measures what a webhook costs: signature, parse, one INSERT … ON CONFLICT DO NOTHING.
 */
async function openStore(): Promise<{ store: IntakeStore; count: () => Promise<number>; close: () => Promise<void> }> {
  let embedded: EmbeddedPostgres | undefined;
  let url = process.env.DATABASE_URL;
  const dir = mkdtempSync(join(tmpdir(), 'bench-webhook-'));
  if (!url) {
    embedded = new EmbeddedPostgres(join(dir, 'pg'), 0);
    await embedded.start();
    url = embedded.url;
  }
  const ds = new DataSource({ type: 'postgres', url, migrations, namingStrategy: new NamingStrategy(), extra: { max: embedded ? 8 : 20 } });
  await ds.initialize();
  await ds.runMigrations({ transaction: 'each' });
  const [{ max }] = await ds.query(`SELECT coalesce(max(id), 0)::text AS max FROM inbound_events`);
  const statusesOnly = { updateStatus: async () => 0 } as unknown as MessageLogService;
  return {
    store: new IntakeStore(ds, statusesOnly, new IntakeWakeups()),
    count: async () => Number((await ds.query(`SELECT count(*)::int AS n FROM inbound_events WHERE id > $1`, [max]))[0].n),
    close: async () => {
      await ds.destroy();
      await embedded?.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function serve(): Promise<void> {
  const { store: sink, count, close } = await openStore();
  process.stderr.write(`sink: Postgres intake store (${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded PGlite'})\n`);
  @Module({
    imports: [
      ChannelsModule.forRoot({
        whatsapp: {
          phoneNumberId: '106540352242922',
          accessToken: 'unused',
          appSecret: APP_SECRET,
          verifyToken: 'unused',
          reminderTemplate: 'rappel_reminder',
        },
      }),
    ],
    providers: [
      { provide: INBOUND_SINK, useValue: sink },
      { provide: STATUS_SINK, useValue: sink },
    ],
  })
  class BenchModule {}

  const app = await NestFactory.create(BenchModule, { rawBody: true, logger: ['error'] });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  process.send!({ port });
  process.on('message', async (m: { cmd: string }) => {
    if (m.cmd === 'count') process.send!({ accepted: await count(), cpuMs: (process.cpuUsage().user + process.cpuUsage().system) / 1000 });
    if (m.cmd === 'exit') {
      await app.close();
      await close();
      process.exit(0);
    }
  });
}

function payload(i: number): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
              contacts: [{ profile: { name: 'Bench User' }, wa_id: '33612345678' }],
              messages: [
                {
                  from: '33612345678',
                  id: `wamid.BENCH${RUN}${i.toString().padStart(10, '0')}`,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  text: { body: 'Rappelle-moi demain à 9h d’appeler le dentiste' },
                  type: 'text',
                },
              ],
            },
            field: 'messages',
          },
        ],
      },
    ],
  });
}

async function load(): Promise<void> {
  const total = arg('requests', 5000);
  const concurrency = arg('concurrency', 16);
  const maxMs = arg('max-seconds', 30) * 1000;
  const warmup = Math.min(500, Math.ceil(total / 10));

  // BENCH_PROFILE_DIR=/tmp/prof writes a V8 CPU profile of the server, to see where time goes.
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const child = fork(__filename, ['--serve'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: [...process.execArgv, ...profile] });
  const ask = <T>(cmd?: string) =>
    new Promise<T>((resolve) => {
      child.once('message', (m) => resolve(m as T));
      if (cmd) child.send({ cmd });
    });
  const { port } = await ask<{ port: number }>();
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });

  const post = (i: number) =>
    new Promise<number>((resolve, reject) => {
      const body = Buffer.from(payload(i));
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/whatsapp/webhook',
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': body.length,
            'x-hub-signature-256': signWhatsappBody(body, APP_SECRET),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  async function run(from: number, count: number, latencies: number[] | null): Promise<{ done: number; errors: number }> {
    let next = from;
    let done = 0;
    let errors = 0;
    const deadline = Date.now() + maxMs;
    const worker = async () => {
      while (next < from + count && Date.now() < deadline) {
        const i = next++;
        const t0 = process.hrtime.bigint();
        const status = await post(i).catch(() => 0);
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        done++;
        if (status !== 200) errors++;
        latencies?.push(ms);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return { done, errors };
  }

  await run(0, warmup, null);
  const latencies: number[] = [];
  const t0 = process.hrtime.bigint();
  const { done, errors } = await run(warmup, total, latencies);
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;

  const { accepted, cpuMs } = await ask<{ accepted: number; cpuMs: number }>('count');
  // Server CPU per request (boot included) tells whether the server or the shared cores limit the rate.
  process.stderr.write(
    `server cpu: ${(cpuMs / (done + warmup)).toFixed(3)} ms/request (boot included); load average ${loadavg()[0].toFixed(1)}\n`,
  );
  const lost = Math.max(0, done + warmup - errors - accepted);
  if (lost > 0) process.stderr.write(`warning: ${lost} acknowledged deliveries never reached the sink\n`);
  child.send({ cmd: 'exit' });
  agent.destroy();

  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  const round = (n: number) => Math.round(n * 100) / 100;
  process.stdout.write(
    JSON.stringify({ requests: done, perSecond: round(done / seconds), p50Ms: round(pct(50)), p99Ms: round(pct(99)), errors: errors + lost }) + '\n',
  );
}

(process.argv.includes('--serve') ? serve() : load()).catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
