import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';

export type DbKind = 'embedded' | 'postgres';

/** Integration tests run on the embedded database always, and on real Postgres when TEST_DATABASE_URL is set. */
export function testDatabases(): DbKind[] {
  return process.env.TEST_DATABASE_URL ? ['embedded', 'postgres'] : ['embedded'];
}

export interface TestDatabase {
  kind: DbKind;
  /** DATABASE_URL for real Postgres; undefined for embedded. */
  url?: string;
  /** DATA_DIR: a fresh temp dir (embedded data lives in DATA_DIR/pg). */
  dataDir: string;
  drop(): Promise<void>;
}

/** A fresh, empty database: a new CREATE DATABASE on real Postgres, a new PGlite directory otherwise. */
export async function createTestDatabase(kind: DbKind): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rappel-test-'));
  if (kind === 'embedded') {
    return { kind, dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `rappel_t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    kind,
    url: url.toString(),
    dataDir,
    drop: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      const c = new Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
