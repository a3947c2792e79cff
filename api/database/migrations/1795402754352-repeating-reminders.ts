import { MigrationInterface, QueryRunner } from 'typeorm';

export class RepeatingReminders1795402754352 implements MigrationInterface {
  name = 'RepeatingReminders1795402754352';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "reminders" ADD "rrule" character varying(256)`);
    await queryRunner.query(`ALTER TABLE "reminders" ADD "series_id" integer`);
    await queryRunner.query(`ALTER TABLE "reminders" ADD "series_start" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`CREATE INDEX "ix_reminders_series_id" ON "reminders" ("series_id") WHERE series_id IS NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX "ux_reminders_series_pending" ON "reminders" ("series_id") WHERE status = 'pending' AND series_id IS NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ux_reminders_series_pending"`);
    await queryRunner.query(`DROP INDEX "public"."ix_reminders_series_id"`);
    await queryRunner.query(`ALTER TABLE "reminders" DROP COLUMN "series_start"`);
    await queryRunner.query(`ALTER TABLE "reminders" DROP COLUMN "series_id"`);
    await queryRunner.query(`ALTER TABLE "reminders" DROP COLUMN "rrule"`);
  }
}
