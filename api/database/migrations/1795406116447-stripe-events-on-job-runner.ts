import { MigrationInterface, QueryRunner } from 'typeorm';

export class StripeEventsOnJobRunner1795406116447 implements MigrationInterface {
  name = 'StripeEventsOnJobRunner1795406116447';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_stripe_events_pending"`);
    await queryRunner.query(`ALTER TABLE "stripe_events" DROP COLUMN "lease_until"`);
    await queryRunner.query(`ALTER TABLE "stripe_events" DROP COLUMN "attempts"`);
    await queryRunner.query(`ALTER TABLE "stripe_events" DROP COLUMN "next_attempt_at"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "stripe_events" ADD "next_attempt_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()`);
    await queryRunner.query(`ALTER TABLE "stripe_events" ADD "attempts" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "stripe_events" ADD "lease_until" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`CREATE INDEX "ix_stripe_events_pending" ON "stripe_events" ("received_at") WHERE ((status)::text = 'pending'::text)`);
  }
}
