import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Every committed migration in this folder (`<timestamp>-<name>.ts`, generated with
 * scripts/generate-migration.ts), in timestamp order. The list is read from the folder so that a
 * new migration needs no registration here and parallel branches never conflict on it.
 */
export const migrations: Function[] = fs
  .readdirSync(__dirname)
  .filter((file) => /^\d{13}-[a-z0-9-]+\.(ts|js)$/.test(file))
  .sort()
  .map((file) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const exported = Object.values(require(path.join(__dirname, file)) as Record<string, unknown>);
    const migration = exported.find((value): value is Function => typeof value === 'function');
    if (!migration) throw new Error(`Migration file ${file} exports no migration class`);
    return migration;
  });
