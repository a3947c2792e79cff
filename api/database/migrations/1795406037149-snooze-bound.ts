import { MigrationInterface, QueryRunner } from 'typeorm';

export class SnoozeBound1795406037149 implements MigrationInterface {
  name = 'SnoozeBound1795406037149';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "reminders" ADD "snoozes" integer NOT NULL DEFAULT '0'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "reminders" DROP COLUMN "snoozes"`);
  }
}
