import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Back-office search (`?q=` substring, case-insensitive) over 100,000 users and a million
 * reminders: trigram GIN indexes when the server has pg_trgm (every PostgreSQL package ships it).
 * The embedded database has no pg_trgm: there the search scans, which its small data allows.
 * Written by hand: TypeORM entities cannot declare GIN operator-class indexes.
 */
export class AdminSearchTrigram1795403900000 implements MigrationInterface {
  name = 'AdminSearchTrigram1795403900000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DO $$ BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
    EXCEPTION WHEN OTHERS THEN
      RAISE NOTICE 'pg_trgm is not available: back-office search will scan';
    END $$`);
    await queryRunner.query(`DO $$ BEGIN
      IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        CREATE INDEX IF NOT EXISTS "ix_users_search_trgm" ON "users" USING gin ("username" gin_trgm_ops, "email" gin_trgm_ops, "phone_number" gin_trgm_ops, "display_name" gin_trgm_ops);
        CREATE INDEX IF NOT EXISTS "ix_reminders_search_trgm" ON "reminders" USING gin ("subject" gin_trgm_ops, "reminder_text" gin_trgm_ops);
      END IF;
    END $$`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "public"."ix_reminders_search_trgm"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "public"."ix_users_search_trgm"`);
  }
}
