import { MigrationInterface, QueryRunner } from 'typeorm';

export class FairClaimIndex1795403024619 implements MigrationInterface {
  name = 'FairClaimIndex1795403024619';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "ix_reminders_pending_user_next_attempt" ON "reminders" ("user_id", "next_attempt_at") WHERE status = 'pending'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_reminders_pending_user_next_attempt"`);
  }
}
