import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Telegram updates were keyed by update_id alone, which Telegram reuses after a quiet week. From
 * now on the durable key is the message ("<chat>:<message id>" or "cb:<query id>") and the
 * update_id is kept apart as delivery_id, refused only within a window. Rows recorded under the
 * old key keep it as their delivery id, so an update redelivered across the upgrade is still
 * recognised.
 */
export class TelegramDeliveryWindow1795500004000 implements MigrationInterface {
  name = 'TelegramDeliveryWindow1795500004000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "inbound_events" ADD "delivery_id" character varying(32)`);
    await queryRunner.query(`CREATE INDEX "ix_inbound_events_delivery" ON "inbound_events" ("channel", "delivery_id") WHERE delivery_id IS NOT NULL`);
    await queryRunner.query(`UPDATE "inbound_events" SET "delivery_id" = "message_id" WHERE "channel" = 'telegram' AND "message_id" ~ '^[0-9]{1,32}$'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_inbound_events_delivery"`);
    await queryRunner.query(`ALTER TABLE "inbound_events" DROP COLUMN "delivery_id"`);
  }
}
