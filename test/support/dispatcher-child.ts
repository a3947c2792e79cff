/**
 * One dispatcher instance in its own process, for crash tests: the parent forks it with
 * `node --import tsx` (a single process, so SIGKILL hits the dispatcher itself, not a wrapper)
 * and kills it mid-run. Configured by environment:
 *   CHILD_DB_URL, CHILD_INSTANCE_ID, CHILD_RECORD_FILE, CHILD_LEASE_SECONDS, CHILD_BATCH_SIZE,
 *   CHILD_MAX_IN_FLIGHT, CHILD_DELAY_MIN_MS, CHILD_DELAY_MAX_MS, CHILD_POLL_MS, and
 *   CHILD_WAIT_FOR_START=1 to connect but not dispatch until told (so a stand-by can be ready
 *   before the moment it must take over, without the seconds of start-up in between)
 *
 * The delivery adapter appends to CHILD_RECORD_FILE and fsyncs before it reports anything, so
 * the file is the truth about what this process handed over even after a kill -9:
 *   "handed <id> <attempt> <epochMs>"     written when the dispatcher hands the reminder over
 *   "delivered <id> <attempt> <epochMs>"  written and fsynced after the (slow) send, before ok is returned
 * Messages to the parent: {type:'ready', pid, instanceId}; {type:'start'} starts a waiting
 * dispatcher; on {type:'stop'} it stops gracefully
 * and answers {type:'stats', stats} before exiting.
 */
import 'reflect-metadata';
import * as fs from 'node:fs';
import { DataSource } from 'typeorm';
import { entities } from '../../scripts/entities';
import { NamingStrategy } from '../../api/database/naming-strategy';
import { QuotaService } from '../../api/reminders/quota.service';
import type { DeliveryOutcome, DueReminder, ReminderDeliveryPort } from '../../api/reminders/reminder-delivery.port';
import { ReminderDispatcher } from '../../api/reminders/reminder-dispatcher';
import { RemindersService } from '../../api/reminders/reminders.service';

function env(name: string): string {
  const v = process.env[name];
  if (v === undefined || v === '') throw new Error(`${name} is not set`);
  return v;
}
const num = (name: string, fallback?: number): number => {
  const raw = process.env[name];
  if ((raw === undefined || raw === '') && fallback !== undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n)) throw new Error(`${name} must be a number`);
  return n;
};

class FileRecordingDelivery implements ReminderDeliveryPort {
  private readonly fd: number;

  constructor(file: string, private readonly minMs: number, private readonly maxMs: number) {
    this.fd = fs.openSync(file, 'a');
  }

  async channelFor(): Promise<string> {
    return 'simulator';
  }

  async deliver(r: DueReminder): Promise<DeliveryOutcome> {
    this.record('handed', r);
    const ms = this.minMs + Math.random() * (this.maxMs - this.minMs);
    if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
    this.record('delivered', r);
    return { ok: true, providerMessageId: `file-${r.id}-${r.attempt}` };
  }

  private record(phase: 'handed' | 'delivered', r: DueReminder): void {
    // One write per line with O_APPEND: a kill leaves whole lines only (the kernel keeps what was
    // written). A delivery is fsynced before it is reported, so it would survive the machine
    // going down too; "handed" lines ride along with the next fsync (about 1 ms each here).
    fs.writeSync(this.fd, `${phase} ${r.id} ${r.attempt} ${Date.now()}\n`);
    if (phase === 'delivered') fs.fdatasyncSync(this.fd);
  }
}

async function main(): Promise<void> {
  const instanceId = env('CHILD_INSTANCE_ID');
  const ds = new DataSource({
    type: 'postgres',
    url: env('CHILD_DB_URL'),
    entities,
    namingStrategy: new NamingStrategy(),
    // The parent finds this process's server sessions by name to know when they are gone.
    applicationName: instanceId,
    extra: { max: 4 },
  });
  await ds.initialize();
  const store = new RemindersService(ds, new QuotaService(ds));
  const delivery = new FileRecordingDelivery(env('CHILD_RECORD_FILE'), num('CHILD_DELAY_MIN_MS', 0), num('CHILD_DELAY_MAX_MS', 0));
  const batchSize = num('CHILD_BATCH_SIZE');
  const log = (m: string) => process.stderr.write(`[${instanceId}] ${m}\n`);
  const dispatcher = new ReminderDispatcher(
    store,
    delivery,
    {
      pollIntervalMs: num('CHILD_POLL_MS', 50),
      batchSize,
      maxInFlight: num('CHILD_MAX_IN_FLIGHT', batchSize * 2),
      leaseSeconds: num('CHILD_LEASE_SECONDS'),
      maxAttempts: 5,
      rates: { simulator: 100_000 },
      instanceId,
    },
    { log, warn: log, error: log },
  );
  // The parent going away (test crash) must not leave this process running.
  process.on('disconnect', () => process.exit(1));
  process.on('message', async (m: { type: string }) => {
    if (m.type === 'start') {
      dispatcher.start();
      return;
    }
    if (m.type !== 'stop') return;
    await dispatcher.stop(2000);
    process.send!({ type: 'stats', stats: dispatcher.stats }, () => {
      void ds.destroy().finally(() => process.exit(0));
    });
  });
  if (process.env.CHILD_WAIT_FOR_START !== '1') dispatcher.start();
  process.send!({ type: 'ready', pid: process.pid, instanceId: dispatcher.instanceId });
}

main().catch((e) => {
  process.stderr.write(`dispatcher child failed: ${(e as Error).stack ?? e}\n`);
  process.exit(1);
});
