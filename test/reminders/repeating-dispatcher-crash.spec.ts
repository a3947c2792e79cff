import { ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DateTime } from 'luxon';
import { QuotaService } from '../../api/reminders/quota.service';
import { RemindersService } from '../../api/reminders/reminders.service';
import { testDatabases } from '../support/test-db';
import { insertUser, scratchDb, ScratchDb, waitFor } from './reminders-db';

/**
 * A daily reminder delivered three times in a row by two dispatcher processes, one of which is
 * killed with SIGKILL between occurrences (alternately the one that delivered the last one):
 * each occurrence is handed over exactly once, at its own day, and the series goes on. A day
 * passing is simulated by making the pending occurrence claimable now (`next_attempt_at`); its
 * due time, computed by the process that recorded the previous delivery, is left as it is.
 */

const ROOT = path.resolve(__dirname, '../..');
const CHILD = path.join(ROOT, 'test/support/dispatcher-child.ts');
const ZONE = 'Europe/Paris';

interface Child {
  name: string;
  proc: ChildProcess;
  file: string;
  output: string[];
  exited: Promise<unknown>;
}

const lines = (file: string) =>
  fs.existsSync(file)
    ? fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split(' '))
        .map(([phase, id]) => ({ phase, id: Number(id) }))
    : [];

describe.each(testDatabases())('a daily reminder across dispatcher crashes (%s)', (kind) => {
  let db: ScratchDb;
  let dir: string;
  const children: Child[] = [];

  beforeAll(async () => {
    db = await scratchDb(kind);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rappel-repeat-crash-'));
  });

  afterAll(async () => {
    for (const c of children) if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGKILL');
    // SIGKILL cannot be ignored: every child exits.
    await Promise.all(children.map((c) => c.exited));
    await db?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function start(name: string): Promise<Child> {
    const file = path.join(dir, `${name}.log`);
    const proc = fork(CHILD, [], {
      cwd: ROOT,
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        CHILD_DB_URL: db.url,
        CHILD_INSTANCE_ID: `repeat-${name}-${randomBytes(3).toString('hex')}`,
        CHILD_RECORD_FILE: file,
        CHILD_LEASE_SECONDS: '3',
        CHILD_BATCH_SIZE: '10',
        CHILD_POLL_MS: '50',
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const output: string[] = [];
    proc.stdout!.on('data', (d) => output.push(String(d)));
    proc.stderr!.on('data', (d) => output.push(String(d)));
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    const child: Child = { name, proc, file, output, exited };
    children.push(child);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${name} not ready: ${output.join('')}`)), 30_000);
      proc.on('message', (m: { type: string }) => {
        if (m.type === 'ready') {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    return child;
  }

  it('three occurrences, each delivered exactly once, a kill -9 between each', async () => {
    const user = await insertUser(db.ds, { plan: 'premium', timezone: ZONE });
    const reminders = new RemindersService(db.ds, new QuotaService(db.ds));
    const created = await reminders.createForUser(user as any, { subject: 'Prendre la pilule', dueAt: new Date(Date.now() + 3600_000), rrule: 'FREQ=DAILY', source: 'bot' });
    // Due a second ago, at a whole minute of the zone's wall clock.
    const first = DateTime.now().setZone(ZONE).minus({ minutes: 1 }).startOf('minute').toJSDate();
    await db.ds.query(`UPDATE reminders SET due_at = $2, next_attempt_at = $2, series_start = $2 WHERE id = $1`, [created.id, first]);
    const series = created.id;
    // PGlite serves every socket client from one backend session, so a statement that meets the
    // half-sent one of a process just killed can be refused; the observer simply asks again (the
    // dispatchers do the same on their next cycle). Real Postgres never needs the retry.
    const query = async (sql: string, params: unknown[]): Promise<any> => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await db.ds.query(sql, params);
        } catch (e) {
          if (kind !== 'embedded' || attempt >= 5) throw e;
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    };
    const rows = async () =>
      (await query(`SELECT id, status, due_at FROM reminders WHERE series_id = $1 ORDER BY due_at`, [series])) as Array<{ id: number; status: string; due_at: Date }>;

    let live = await Promise.all([start('a1'), start('b1')]);
    for (let occurrence = 1; occurrence <= 3; occurrence++) {
      // The occurrence is recorded as sent and the next one is pending (one transaction).
      await waitFor(async () => (await rows()).filter((r) => r.status === 'sent').length === occurrence, 30_000, 20);
      const now = await rows();
      expect(now.filter((r) => r.status === 'pending')).toHaveLength(1);
      // Kill -9 the instance that delivered it (it is the one most likely to hold state), and start a replacement.
      const sentId = now.filter((r) => r.status === 'sent')[occurrence - 1].id;
      const deliverer = live.find((c) => lines(c.file).some((l) => l.phase === 'delivered' && l.id === sentId)) ?? live[0];
      deliverer.proc.kill('SIGKILL');
      await deliverer.exited;
      live = [live.find((c) => c !== deliverer)!, await start(`${deliverer.name}-${occurrence + 1}`)];
      // A day passes for the pending occurrence.
      if (occurrence < 3) await query(`UPDATE reminders SET next_attempt_at = now() WHERE series_id = $1 AND status = 'pending'`, [series]);
    }
    // Let the survivors poll a while longer: nothing more may be delivered.
    await new Promise((r) => setTimeout(r, 500));

    const all = await rows();
    const sent = all.filter((r) => r.status === 'sent');
    expect(sent).toHaveLength(3);
    expect(all.filter((r) => r.status === 'pending')).toHaveLength(1);
    // Day after day at the same wall-clock time in the zone.
    const wall = all.map((r) => DateTime.fromJSDate(new Date(r.due_at), { zone: ZONE }));
    for (let i = 1; i < wall.length; i++) {
      expect(wall[i].toFormat('HH:mm')).toBe(wall[0].toFormat('HH:mm'));
      expect(wall[i].startOf('day').diff(wall[i - 1].startOf('day'), 'days').days).toBe(1);
    }
    // Every process's record: each occurrence handed over and delivered once, by exactly one of them.
    const record = children.flatMap((c) => lines(c.file));
    for (const r of sent) {
      expect(record.filter((l) => l.phase === 'handed' && l.id === r.id)).toHaveLength(1);
      expect(record.filter((l) => l.phase === 'delivered' && l.id === r.id)).toHaveLength(1);
    }
    expect(record.filter((l) => l.phase === 'handed')).toHaveLength(3);
    expect(children.filter((c) => c.proc.signalCode === 'SIGKILL')).toHaveLength(3);
  }, 180_000);
});
