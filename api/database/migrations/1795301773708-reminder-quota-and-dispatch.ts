import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Quota ledger, the embedded delivery log, and a NOTIFY on reminders that become due soon so
 * dispatchers wake at once instead of waiting for their next poll. The trigger is per statement
 * (one notification per bulk insert, carrying the earliest due instant in epoch milliseconds).
 */
export class ReminderQuotaAndDispatch1795301773708 implements MigrationInterface {
  name = 'ReminderQuotaAndDispatch1795301773708';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "reminder_creations" ("id" SERIAL NOT NULL, "user_id" integer NOT NULL, "reminder_id" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_d93bfbbb352e6d538f96f69f25b" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_reminder_creations_user_created" ON "reminder_creations" ("user_id", "created_at") `);
    await queryRunner.query(`CREATE TABLE "reminder_deliveries" ("id" BIGSERIAL NOT NULL, "reminder_id" integer NOT NULL, "user_id" integer NOT NULL, "attempt" integer NOT NULL, "channel" character varying(16) NOT NULL, "delivered_by" character varying(64), "due_at" TIMESTAMP WITH TIME ZONE NOT NULL, "delivered_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_27a51a312a6045e6390716e6de0" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_reminder_deliveries_reminder_id" ON "reminder_deliveries" ("reminder_id") `);
    await queryRunner.query(`ALTER TABLE "reminder_creations" ADD CONSTRAINT "FK_de031b4c9246ebb3abe1935b1cb" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    // Reminders that existed before the ledger still count towards the quota.
    await queryRunner.query(`INSERT INTO "reminder_creations" ("user_id", "reminder_id", "created_at") SELECT "user_id", "id", "created_at" FROM "reminders" WHERE "created_at" > now() - interval '7 days'`);
    await queryRunner.query(`CREATE OR REPLACE FUNCTION reminders_notify_due() RETURNS trigger LANGUAGE plpgsql AS \$\$
DECLARE soonest timestamptz;
BEGIN
  SELECT min(next_attempt_at) INTO soonest FROM new_rows
   WHERE status = 'pending' AND lease_owner IS NULL AND next_attempt_at < now() + interval '10 minutes';
  IF soonest IS NOT NULL THEN
    PERFORM pg_notify('reminders_due', floor(extract(epoch FROM soonest) * 1000)::bigint::text);
  END IF;
  RETURN NULL;
END \$\$`);
    await queryRunner.query(`CREATE TRIGGER reminders_notify_due_insert AFTER INSERT ON "reminders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reminders_notify_due()`);
    await queryRunner.query(`CREATE TRIGGER reminders_notify_due_update AFTER UPDATE ON "reminders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reminders_notify_due()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER IF EXISTS reminders_notify_due_update ON "reminders"`);
    await queryRunner.query(`DROP TRIGGER IF EXISTS reminders_notify_due_insert ON "reminders"`);
    await queryRunner.query(`DROP FUNCTION IF EXISTS reminders_notify_due()`);
    await queryRunner.query(`ALTER TABLE "reminder_creations" DROP CONSTRAINT "FK_de031b4c9246ebb3abe1935b1cb"`);
    await queryRunner.query(`DROP INDEX "public"."ix_reminder_deliveries_reminder_id"`);
    await queryRunner.query(`DROP TABLE "reminder_deliveries"`);
    await queryRunner.query(`DROP INDEX "public"."ix_reminder_creations_user_created"`);
    await queryRunner.query(`DROP TABLE "reminder_creations"`);
  }
}
