import { MigrationInterface, QueryRunner } from 'typeorm';

export class BackofficeAuditCampaigns1795403261841 implements MigrationInterface {
  name = 'BackofficeAuditCampaigns1795403261841';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "audit_log" ("id" BIGSERIAL NOT NULL, "actor_id" integer, "actor_name" character varying(64) NOT NULL, "actor_role" character varying(10) NOT NULL, "action" character varying(40) NOT NULL, "target_type" character varying(24) NOT NULL, "target_id" character varying(40), "changes" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_07fefa57f7f5ab8fc3f52b3ed0b" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_audit_log_target" ON "audit_log" ("target_type", "target_id") `);
    await queryRunner.query(`CREATE TABLE "campaigns" ("id" SERIAL NOT NULL, "message" character varying(1000) NOT NULL, "language" character varying(2) NOT NULL, "audience" character varying(10) NOT NULL, "status" character varying(12) NOT NULL DEFAULT 'pending', "created_by_id" integer, "created_by_name" character varying(64) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "completed_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_831e3fcd4fc45b4e4c3f57a9ee4" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE TABLE "campaign_recipients" ("campaign_id" integer NOT NULL, "user_id" integer NOT NULL, "status" character varying(8) NOT NULL DEFAULT 'pending', "claimed_at" TIMESTAMP WITH TIME ZONE, "batch" integer, "done_at" TIMESTAMP WITH TIME ZONE, "channel" character varying(16), "via" character varying(8), "error" text, CONSTRAINT "PK_a8b60a4a83e13c093d60f8091e2" PRIMARY KEY ("campaign_id", "user_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_campaign_recipients_status" ON "campaign_recipients" ("campaign_id", "status") `);
    await queryRunner.query(`ALTER TABLE "jobs" ALTER COLUMN "payload" SET DEFAULT '{}'::jsonb`);
    await queryRunner.query(`CREATE INDEX "ix_reminders_sent_at" ON "reminders" ("sent_at", "user_id") WHERE status = 'sent'`);
    await queryRunner.query(`CREATE INDEX "ix_reminders_status" ON "reminders" ("status") `);
    await queryRunner.query(`CREATE INDEX "ix_message_log_incoming_created" ON "message_log" ("created_at", "user_id") WHERE direction = 'incoming'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_message_log_incoming_created"`);
    await queryRunner.query(`DROP INDEX "public"."ix_reminders_status"`);
    await queryRunner.query(`DROP INDEX "public"."ix_reminders_sent_at"`);
    await queryRunner.query(`ALTER TABLE "jobs" ALTER COLUMN "payload" SET DEFAULT '{}'`);
    await queryRunner.query(`DROP INDEX "public"."ix_campaign_recipients_status"`);
    await queryRunner.query(`DROP TABLE "campaign_recipients"`);
    await queryRunner.query(`DROP TABLE "campaigns"`);
    await queryRunner.query(`DROP INDEX "public"."ix_audit_log_target"`);
    await queryRunner.query(`DROP TABLE "audit_log"`);
  }
}
