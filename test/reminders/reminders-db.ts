import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { guardPooledClient } from '../../api/database/pool-client-guard';
import { entities } from '../../scripts/entities';
import { EmbeddedPostgres } from '../../api/database/embedded-postgres';
import { migrations } from '../../api/database/migrations';
import { NamingStrategy } from '../../api/database/naming-strategy';
import type { Plan } from '../../api/accounts/user.entity';
import { ReminderCreation } from '../../api/reminders/reminder-creation.entity';
import { ReminderDeliveryRecord } from '../../api/reminders/reminder-delivery-record.entity';
import { createTestDatabase, DbKind, TestDatabase } from '../support/test-db';

export interface ScratchDb {
  kind: DbKind;
  url: string;
  ds: DataSource;
  /** Another pool on the same database, as a second server instance would have. */
  connect(): Promise<DataSource>;
  close(): Promise<void>;
}

function dataSource(url: string): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities: [...entities, ReminderCreation, ReminderDeliveryRecord],
    migrations,
    migrationsTransactionMode: 'each',
    namingStrategy: new NamingStrategy(),
    extra: { max: 10, onConnect: guardPooledClient },
  });
}

/** A fresh migrated database (real Postgres: its own CREATE DATABASE; embedded: in-memory PGlite). */
export async function scratchDb(kind: DbKind): Promise<ScratchDb> {
  let db: TestDatabase | undefined;
  let embedded: EmbeddedPostgres | undefined;
  let url: string;
  if (kind === 'postgres') {
    db = await createTestDatabase('postgres');
    url = db.url!;
  } else {
    embedded = new EmbeddedPostgres('memory://');
    url = await embedded.start();
  }
  const ds = dataSource(url);
  await ds.initialize();
  await ds.runMigrations();
  const others: DataSource[] = [];
  return {
    kind,
    url,
    ds,
    async connect() {
      const other = dataSource(url);
      await other.initialize();
      others.push(other);
      return other;
    },
    async close() {
      for (const o of others) if (o.isInitialized) await o.destroy();
      await ds.destroy();
      await embedded?.stop();
      await db?.drop();
    },
  };
}

let seq = 0;
export async function insertUser(
  ds: DataSource,
  opts: { plan?: Plan; trialEndsAt?: Date | null; subscriptionEndsAt?: Date | null; language?: 'fr' | 'en'; timezone?: string } = {},
) {
  seq += 1;
  const [row] = await ds.query(
    `INSERT INTO users (username, plan, trial_ends_at, subscription_ends_at, language, timezone)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
    [`u${process.pid}_${seq}_${Date.now()}`, opts.plan ?? 'basic', opts.trialEndsAt ?? null, opts.subscriptionEndsAt ?? null, opts.language ?? 'en', opts.timezone ?? 'Europe/Paris'],
  );
  return {
    id: row.id as number,
    plan: row.plan as Plan,
    trialEndsAt: row.trial_ends_at as Date | null,
    subscriptionEndsAt: row.subscription_ends_at as Date | null,
    language: row.language as 'fr' | 'en',
    timezone: row.timezone as string,
  };
}

/** `count` pending reminders for `userId`, due at `dueAt` (bulk, bypassing the quota). */
export async function insertDue(ds: DataSource, userId: number, count: number, dueAt: Date = new Date(Date.now() - 1000)): Promise<void> {
  for (let i = 0; i < count; i += 5000) {
    const n = Math.min(5000, count - i);
    await ds.query(
      `INSERT INTO reminders (user_id, subject, reminder_text, due_at, next_attempt_at, timezone, status_changed_at)
       SELECT $1, 'Subject ' || g, 'Reminder text ' || g, $2, $2, 'UTC', now() FROM generate_series(1, $3) g`,
      [userId, dueAt, n],
    );
  }
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, stepMs = 50): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
