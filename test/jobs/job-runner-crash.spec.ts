import { ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { testDatabases } from '../support/test-db';
import { insertDue, insertUser, scratchDb, ScratchDb, waitFor } from '../reminders/reminders-db';

/**
 * The job runner (here running the reminders kind: every kind shares this code) really dies (SIGKILL) in the middle of a slow run, and a second process
 * takes over: nothing is lost, the dead instance's leases are honoured until they expire, and
 * the only duplicates are the reminders it had delivered but not yet recorded as sent (the
 * group-commit window: at-least-once across a crash, as ReminderDispatcher documents).
 */

const ROOT = path.resolve(__dirname, '../..');
const CHILD = path.join(ROOT, 'test/support/dispatcher-child.ts');
const USERS = 4;
const PER_USER = 500;
const TOTAL = USERS * PER_USER;
const LEASE_SECONDS = 3;
const A_BATCH = 25;
const A_MAX_IN_FLIGHT = 50;
/** A is killed once this many deliveries are on record: some, far from all. */
const KILL_AFTER = 300;

interface Line {
  phase: 'handed' | 'delivered';
  id: number;
  attempt: number;
  at: number;
}

function readRecord(file: string): Line[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.split(' '))
    .filter((p) => p.length === 4 && (p[0] === 'handed' || p[0] === 'delivered'))
    .map(([phase, id, attempt, at]) => ({ phase: phase as Line['phase'], id: Number(id), attempt: Number(attempt), at: Number(at) }));
}

const delivered = (lines: Line[]) => lines.filter((l) => l.phase === 'delivered');

/** `p`, or an error (with the child's output) after `ms`; the timer never outlives the wait. */
async function within<T>(ms: number, what: string, p: Promise<T>, output: string[] = []): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms. Child output:\n${output.join('')}`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

interface Child {
  proc: ChildProcess;
  instanceId: string;
  output: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

describe.each(testDatabases())('dispatcher killed with SIGKILL on %s', (kind) => {
  let db: ScratchDb;
  let dir: string;
  const children: Child[] = [];

  beforeAll(async () => {
    db = await scratchDb(kind);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rappel-crash-'));
  });

  afterAll(async () => {
    // Runs on failure too: no dispatcher may outlive the test.
    for (const c of children) {
      if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGKILL');
      await within(5000, 'dispatcher exit after SIGKILL', c.exited, c.output).catch(() => undefined);
    }
    await db?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function startChild(name: string, env: Record<string, string>): Promise<Child> {
    const instanceId = `crash-${name}-${randomBytes(3).toString('hex')}`;
    // node --import tsx (not the tsx CLI, which runs the script in a grandchild): the pid we
    // kill is the dispatcher's own.
    const proc = fork(CHILD, [], {
      cwd: ROOT,
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        CHILD_DB_URL: db.url,
        CHILD_INSTANCE_ID: instanceId,
        CHILD_LEASE_SECONDS: String(LEASE_SECONDS),
        CHILD_POLL_MS: '50',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const output: string[] = [];
    proc.stdout!.on('data', (d) => output.push(String(d)));
    proc.stderr!.on('data', (d) => output.push(String(d)));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      proc.once('exit', (code, signal) => resolve({ code, signal })),
    );
    const child: Child = { proc, instanceId, output, exited };
    children.push(child);
    const ready = await within(
      30_000,
      `dispatcher ${name} ready`,
      Promise.race([
        new Promise<{ pid: number; instanceId: string }>((resolve) =>
          proc.on('message', (m: { type: string; pid: number; instanceId: string }) => (m.type === 'ready' ? resolve(m) : undefined)),
        ),
        exited.then(({ code, signal }): never => {
          throw new Error(`dispatcher ${name} exited before ready (${code ?? signal}): ${output.join('')}`);
        }),
      ]),
      output,
    );
    expect(ready.pid).toBe(proc.pid);
    expect(ready.instanceId).toBe(instanceId);
    return child;
  }

  async function stopChild(c: Child): Promise<Record<string, number>> {
    const stats = new Promise<Record<string, number>>((resolve) =>
      c.proc.on('message', (m: { type: string; stats: Record<string, number> }) => (m.type === 'stats' ? resolve(m.stats) : undefined)),
    );
    c.proc.send({ type: 'stop' });
    const result = await within(10_000, 'dispatcher stop', stats, c.output);
    await within(10_000, 'dispatcher exit', c.exited, c.output);
    return result;
  }

  it(`${TOTAL} due reminders: A is killed mid-run, B delivers the rest after A's leases expire`, async () => {
    for (let u = 0; u < USERS; u++) {
      const user = await insertUser(db.ds);
      await insertDue(db.ds, user.id, PER_USER);
    }
    const aFile = path.join(dir, `a-${kind}.log`);
    const bFile = path.join(dir, `b-${kind}.log`);

    // Both processes are started (and connected) up front; B waits for its cue, so B is
    // polling while A's leases are still live instead of spending them on start-up.
    const [a, b] = await Promise.all([
      startChild('a', {
        CHILD_RECORD_FILE: aFile,
        CHILD_BATCH_SIZE: String(A_BATCH),
        CHILD_MAX_IN_FLIGHT: String(A_MAX_IN_FLIGHT),
        CHILD_DELAY_MIN_MS: '20',
        CHILD_DELAY_MAX_MS: '50',
        CHILD_WAIT_FOR_START: '1',
      }),
      startChild('b', {
        CHILD_RECORD_FILE: bFile,
        CHILD_BATCH_SIZE: '200',
        CHILD_DELAY_MIN_MS: '0',
        CHILD_DELAY_MAX_MS: '0',
        CHILD_WAIT_FOR_START: '1',
      }),
    ]);

    a.proc.send({ type: 'start' });
    await waitFor(async () => delivered(readRecord(aFile)).length >= KILL_AFTER, 30_000, 10);
    const killedAt = Date.now();
    process.kill(a.proc.pid!, 'SIGKILL');
    expect(await a.exited).toEqual({ code: null, signal: 'SIGKILL' });

    // The server may still be finishing a statement A sent before it died (a claim that would
    // then hold leases nobody knows about, or a sent mark): wait until A's sessions are gone.
    if (kind === 'postgres') {
      await waitFor(async () => {
        const [{ n }] = await db.ds.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1`, [a.instanceId]);
        return n === 0;
      }, 10_000, 20);
    }
    const snapshot = async () => {
      const leased: Array<{ id: number; until_ms: number }> = await db.ds.query(
        `SELECT id, extract(epoch FROM lease_until)::float8 * 1000 AS until_ms FROM reminders
          WHERE lease_owner = $1 AND status = 'pending' ORDER BY id`,
        [a.instanceId],
      );
      const sent: Array<{ id: number }> = await db.ds.query(`SELECT id FROM reminders WHERE status = 'sent' ORDER BY id`);
      return { leased, sent: sent.map((r) => r.id) };
    };
    // The embedded server has no pg_stat_activity to watch: a snapshot that holds still is the sign.
    let state = await snapshot();
    for (let i = 0; i < 50; i++) {
      await new Promise((r) => setTimeout(r, 150));
      const again = await snapshot();
      if (JSON.stringify(again) === JSON.stringify(state)) break;
      state = again;
    }
    const aLeased = new Map(state.leased.map((r) => [r.id, Number(r.until_ms)]));
    const aSent = new Set(state.sent);

    b.proc.send({ type: 'start' });
    let allSentAt = 0;
    await waitFor(async () => {
      const [{ n }] = await db.ds.query(`SELECT count(*)::int AS n FROM reminders WHERE status <> 'sent'`);
      if (n === 0) allSentAt = Date.now();
      return n === 0;
    }, 40_000, 25);
    const bStats = await stopChild(b);

    const aLines = readRecord(aFile);
    const bLines = readRecord(bFile);
    const aDelivered = new Set(delivered(aLines).map((l) => l.id));
    const aHanded = new Set(aLines.filter((l) => l.phase === 'handed').map((l) => l.id));
    const bDelivered = delivered(bLines);
    const bById = new Map(bDelivered.map((l) => [l.id, l]));
    const bHandedAt = new Map(bLines.filter((l) => l.phase === 'handed').map((l) => [l.id, l.at]));

    // A was killed part-way, not after it had finished.
    expect(aDelivered.size).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(aDelivered.size).toBeLessThan(TOTAL);
    // What A held at the kill is bounded by its in-flight limit, and every lease is A's short one
    // (the claim or last renewal happened no later than about the kill).
    expect(aLeased.size).toBeGreaterThan(0);
    expect(aLeased.size).toBeLessThanOrEqual(A_MAX_IN_FLIGHT);
    for (const until of aLeased.values()) expect(until).toBeLessThanOrEqual(killedAt + LEASE_SECONDS * 1000 + 2000);
    // Every sent mark A committed follows a delivery on record; everything A handed over and did
    // not get marked is still leased to it (no third state).
    for (const id of aSent) expect(aDelivered.has(id)).toBe(true);
    for (const id of aHanded) expect(aSent.has(id) || aLeased.has(id)).toBe(true);

    // Every reminder sent, delivered at least once; no process delivered one twice by itself.
    const [{ unsent }] = await db.ds.query(`SELECT count(*)::int AS unsent FROM reminders WHERE status <> 'sent'`);
    expect(unsent).toBe(0);
    const all: Array<{ id: number; attempts: number }> = await db.ds.query(`SELECT id, attempts FROM reminders ORDER BY id`);
    expect(all).toHaveLength(TOTAL);
    for (const r of all) expect(aDelivered.has(r.id) || bById.has(r.id)).toBe(true);
    expect(delivered(aLines).length).toBe(aDelivered.size);
    expect(bDelivered.length).toBe(bById.size);

    // Nothing A had marked sent went out again.
    const resentAfterSent = [...aSent].filter((id) => bById.has(id));
    expect(resentAfterSent).toEqual([]);
    // B delivered exactly what was still pending at the kill: A's leased ones and the unclaimed.
    expect(bById.size).toBe(TOTAL - aSent.size);

    // A's leases were honoured: B handed none of them over before its lease_until.
    const early: number[] = [];
    for (const [id, until] of aLeased) {
      const handed = bHandedAt.get(id);
      expect(handed).toBeDefined();
      if (handed! < Math.floor(until)) early.push(id);
    }
    expect(early).toEqual([]);
    // ...which means something only because B was at work while they were live: the reminders
    // A never claimed went out before the first of A's leases ran out.
    const firstLeaseEnd = Math.min(...aLeased.values());
    const bFirst = Math.min(...bDelivered.map((l) => l.at));
    expect(bFirst).toBeLessThan(firstLeaseEnd);
    // The lost attempt is counted: twice for A's leased ones, once for everything else.
    for (const r of all) expect(r.attempts).toBe(aLeased.has(r.id) ? 2 : 1);

    // Duplicates: only reminders A delivered but had not yet recorded as sent (all within its
    // in-flight set), never more than it could hold at once.
    const duplicates = [...aDelivered].filter((id) => bById.has(id));
    for (const id of duplicates) expect(aLeased.has(id)).toBe(true);
    expect(duplicates).toEqual([...aDelivered].filter((id) => !aSent.has(id)));
    expect(duplicates.length).toBeLessThanOrEqual(A_MAX_IN_FLIGHT);

    const leasedRecovered = Math.max(...[...aLeased.keys()].map((id) => bById.get(id)!.at));
    const figures = {
      database: kind,
      reminders: TOTAL,
      aDeliveredBeforeKill: aDelivered.size,
      aMarkedSent: aSent.size,
      inFlightAtKill: aLeased.size,
      handedNotFinished: [...aLeased.keys()].filter((id) => aHanded.has(id) && !aDelivered.has(id)).length,
      claimedNotHanded: [...aLeased.keys()].filter((id) => !aHanded.has(id)).length,
      duplicates: duplicates.length,
      leaseLeftAtKillMs: Math.round(Math.max(...aLeased.values()) - killedAt),
      bFirstDeliveryAfterKillMs: bFirst - killedAt,
      leasedRedeliveredAfterKillMs: leasedRecovered - killedAt,
      allSentAfterKillMs: allSentAt - killedAt,
      bStats,
    };
    console.log(`dispatcher crash figures: ${JSON.stringify(figures)}`);
  }, 60_000);
});
