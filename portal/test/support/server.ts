import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../..');
/** RAPPEL_SERVER_ENTRY points at another build (e.g. a private copy while dist/ is being rebuilt). */
export const SERVER_ENTRY = process.env.RAPPEL_SERVER_ENTRY ?? join(ROOT, 'dist/api/main.js');

export interface RunningServer {
  url: string;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the first output match after `since` (an output length). */
  waitForOutput(pattern: RegExp, since?: number, timeoutMs?: number): Promise<RegExpMatchArray>;
  stop(): Promise<void>;
}

export function serverIsBuilt(): boolean {
  return existsSync(SERVER_ENTRY);
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolvePort(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not become healthy within ${timeoutMs} ms:\n${output()}`);
}

/**
 * Starts the real server (`node dist/api/main.js`, built by `npm run build:server`) on a free
 * port with a fresh data directory and the embedded Postgres (no DATABASE_URL, no messaging
 * app configured, so reset codes go through the embedded channel and appear in its output).
 */
export async function startServer(
  timeoutMs = 90000,
  /** `env` adds variables; `dataDir` restarts on an existing data directory (kept on stop); `signal` stops it as a crash would. */
  opts: { env?: Record<string, string>; dataDir?: string; port?: number } = {},
): Promise<RunningServer & { dataDir: string; port: number; kill(): Promise<void> }> {
  if (!serverIsBuilt()) throw new Error(`${SERVER_ENTRY} is missing: run "npm run build:server" first`);
  const port = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'rappel-portal-e2e-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_PATH: join(ROOT, 'node_modules'),
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    PORTAL_DIR: join(ROOT, 'portal/dist'),
    ADMIN_DIR: join(ROOT, 'admin/dist'),
    ...opts.env,
  };
  const child = spawn(process.execPath, [SERVER_ENTRY], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    out += chunk.toString('utf8');
    waiters.forEach((w) => w());
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10000);
      await exited;
      clearTimeout(timer);
    }
    if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  /** SIGKILL: no graceful shutdown, leases and all left as a crash leaves them. */
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    }
  };
  try {
    await waitForHealth(url, child, () => out, timeoutMs);
  } catch (e) {
    await stop();
    throw e;
  }
  return {
    url,
    dataDir,
    port,
    kill,
    output: () => out,
    waitForOutput(pattern, since = 0, waitMs = 15000) {
      return new Promise((resolveMatch, reject) => {
        const check = () => {
          const m = out.slice(since).match(pattern);
          if (m) {
            waiters.delete(check);
            clearTimeout(timer);
            resolveMatch(m);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No ${pattern} in the server output within ${waitMs} ms:\n${out.slice(since)}`));
        }, waitMs);
        waiters.add(check);
        check();
      });
    },
    stop,
  };
}
