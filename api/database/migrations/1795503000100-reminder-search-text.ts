import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Back-office reminder search over a million rows: `search_text`, subject and text lower-cased
 * once when written (a stored generated column), searched with a plain LIKE — a fraction of the
 * cost of ILIKE over both columns, which matters when the newest matches are far down the list —
 * and one trigram GIN index on it (instead of the two-column one) where pg_trgm exists.
 * Adding the column rewrites the table once (about a minute per million reminders).
 * TypeORM keeps generated columns' expressions in its typeorm_metadata table; it is filled here
 * as TypeORM itself would, so that generating the next migration finds nothing to change.
 */
export class ReminderSearchText1795503000100 implements MigrationInterface {
  name = 'ReminderSearchText1795503000100';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "public"."ix_reminders_search_trgm"`);
    await queryRunner.query(`ALTER TABLE "reminders" ADD "search_text" text GENERATED ALWAYS AS (lower(subject || chr(31) || reminder_text)) STORED NOT NULL`);
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS "typeorm_metadata" ("type" character varying NOT NULL, "database" character varying, "schema" character varying, "table" character varying, "name" character varying, "value" text)`,
    );
    await queryRunner.query(
      `INSERT INTO "typeorm_metadata" ("database", "schema", "table", "type", "name", "value")
       VALUES (current_database(), current_schema(), 'reminders', 'GENERATED_COLUMN', 'search_text', 'lower(subject || chr(31) || reminder_text)')`,
    );
    await queryRunner.query(`DO $$ BEGIN
      IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        CREATE INDEX IF NOT EXISTS "ix_reminders_search_text_trgm" ON "reminders" USING gin ("search_text" gin_trgm_ops);
      END IF;
    END $$`);
    await queryRunner.query(`ANALYZE "reminders"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "public"."ix_reminders_search_text_trgm"`);
    await queryRunner.query(`DELETE FROM "typeorm_metadata" WHERE "type" = 'GENERATED_COLUMN' AND "table" = 'reminders' AND "name" = 'search_text'`);
    await queryRunner.query(`ALTER TABLE "reminders" DROP COLUMN "search_text"`);
    await queryRunner.query(`DO $$ BEGIN
      IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        CREATE INDEX IF NOT EXISTS "ix_reminders_search_trgm" ON "reminders" USING gin ("subject" gin_trgm_ops, "reminder_text" gin_trgm_ops);
      END IF;
    END $$`);
  }
}
