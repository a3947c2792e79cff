/**
 * Generates a migration from the difference between the entities and a database that has all
 * committed migrations applied (as `typeorm migration:generate` does, without needing ts-node).
 * Usage: npx tsx scripts/generate-migration.ts <Name>   (uses TEST_DATABASE_URL or the local Postgres)
 */
import 'reflect-metadata';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { entities } from './entities';
import { migrations } from '../api/database/migrations';
import { NamingStrategy } from '../api/database/naming-strategy';

async function main() {
  const name = process.argv[2];
  if (!name || !/^[A-Z][A-Za-z0-9]+$/.test(name)) throw new Error('Usage: generate-migration.ts <PascalCaseName>');
  const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const db = `rappel_gen_${Date.now()}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${db}`);
  const url = new URL(base);
  url.pathname = `/${db}`;
  const ds = new DataSource({ type: 'postgres', url: url.toString(), entities, migrations, namingStrategy: new NamingStrategy() });
  try {
    await ds.initialize();
    await ds.runMigrations();
    const sql = await ds.driver.createSchemaBuilder().log();
    if (sql.upQueries.length === 0) {
      console.log('No changes: entities match the migrations.');
      return;
    }
    const ts = Date.now();
    const esc = (q: string) => q.replace(/\\/g, '\\\\').replace(/`/g, '\\`');
    const up = sql.upQueries.map((q) => `    await queryRunner.query(\`${esc(q.query)}\`);`).join('\n');
    const down = sql.downQueries.reverse().map((q) => `    await queryRunner.query(\`${esc(q.query)}\`);`).join('\n');
    const cls = `${name}${ts}`;
    const file = path.join(__dirname, '../api/database/migrations', `${ts}-${name.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()}.ts`);
    fs.writeFileSync(
      file,
      `import { MigrationInterface, QueryRunner } from 'typeorm';\n\nexport class ${cls} implements MigrationInterface {\n  name = '${cls}';\n\n  public async up(queryRunner: QueryRunner): Promise<void> {\n${up}\n  }\n\n  public async down(queryRunner: QueryRunner): Promise<void> {\n${down}\n  }\n}\n`,
    );
    console.log(`Wrote ${path.relative(process.cwd(), file)} (${cls}); api/database/migrations/index.ts picks it up`);
  } finally {
    if (ds.isInitialized) await ds.destroy();
    await admin.query(`DROP DATABASE IF EXISTS ${db}`);
    await admin.end();
  }
}

main().catch((e) => {
  console.error(e.message ?? e);
  process.exit(1);
});
