import { MigrationInterface, QueryRunner } from 'typeorm';

export class BotConversation1795302577795 implements MigrationInterface {
  name = 'BotConversation1795302577795';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "message_log" ("id" BIGSERIAL NOT NULL, "user_id" integer, "channel" character varying(16) NOT NULL, "peer_id" character varying(64) NOT NULL, "direction" character varying(8) NOT NULL, "kind" character varying(8) NOT NULL DEFAULT 'message', "message_type" character varying(8) NOT NULL, "text" text, "details" jsonb, "reminder_id" integer, "provider_message_id" character varying(128), "status" character varying(12), "status_at" TIMESTAMP WITH TIME ZONE, "error" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_f89fb3fddab953711137ce8b62c" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_message_log_provider_id" ON "message_log" ("channel", "provider_message_id") `);
    await queryRunner.query(`CREATE INDEX "ix_message_log_user" ON "message_log" ("user_id", "id") `);
    await queryRunner.query(`CREATE TABLE "simulator_media" ("id" uuid NOT NULL, "user_id" integer NOT NULL, "mime_type" character varying(64) NOT NULL, "data" bytea NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c9c9bd53283479dc241e160434d" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_simulator_media_created" ON "simulator_media" ("created_at") `);
    await queryRunner.query(`CREATE TABLE "conversation_states" ("user_id" integer NOT NULL, "state" jsonb NOT NULL DEFAULT '{}'::jsonb, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c4c3558ac442d4b8bc8de103b2d" PRIMARY KEY ("user_id"))`);
    await queryRunner.query(`CREATE TABLE "inbound_events" ("id" BIGSERIAL NOT NULL, "channel" character varying(16) NOT NULL, "message_id" character varying(128) NOT NULL, "sender_id" character varying(64) NOT NULL, "payload" jsonb NOT NULL, "received_at" TIMESTAMP WITH TIME ZONE NOT NULL, "status" character varying(8) NOT NULL DEFAULT 'pending', "attempts" integer NOT NULL DEFAULT '0', "next_attempt_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "lease_owner" character varying(64), "lease_until" TIMESTAMP WITH TIME ZONE, "effects_started_at" TIMESTAMP WITH TIME ZONE, "processed_at" TIMESTAMP WITH TIME ZONE, "last_error" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b76e26fa0121da742b191b7ded0" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_inbound_events_pending_sender" ON "inbound_events" ("channel", "sender_id", "id") WHERE status = 'pending'`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_inbound_events_channel_message" ON "inbound_events" ("channel", "message_id") `);
    await queryRunner.query(`CREATE TABLE "telegram_link_tokens" ("token" character varying(64) NOT NULL, "user_id" integer NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_4855819645db015eac282d56342" PRIMARY KEY ("token"))`);
    // Wake-ups for other instances: a new inbound event for the intake workers, a new log row
    // (payload: its id) for the live WebSocket fan-out. Hand-written: the generator knows no triggers.
    await queryRunner.query(`CREATE OR REPLACE FUNCTION inbound_events_notify() RETURNS trigger LANGUAGE plpgsql AS \$\$
BEGIN
  PERFORM pg_notify('inbound_events', '');
  RETURN NULL;
END \$\$`);
    await queryRunner.query(`CREATE TRIGGER inbound_events_notify_insert AFTER INSERT ON "inbound_events" FOR EACH STATEMENT EXECUTE FUNCTION inbound_events_notify()`);
    await queryRunner.query(`CREATE OR REPLACE FUNCTION message_log_notify() RETURNS trigger LANGUAGE plpgsql AS \$\$
BEGIN
  PERFORM pg_notify('message_log', NEW.id::text);
  RETURN NULL;
END \$\$`);
    await queryRunner.query(`CREATE TRIGGER message_log_notify_insert AFTER INSERT ON "message_log" FOR EACH ROW EXECUTE FUNCTION message_log_notify()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER IF EXISTS message_log_notify_insert ON "message_log"`);
    await queryRunner.query(`DROP FUNCTION IF EXISTS message_log_notify()`);
    await queryRunner.query(`DROP TRIGGER IF EXISTS inbound_events_notify_insert ON "inbound_events"`);
    await queryRunner.query(`DROP FUNCTION IF EXISTS inbound_events_notify()`);
    await queryRunner.query(`DROP TABLE "telegram_link_tokens"`);
    await queryRunner.query(`DROP INDEX "public"."uq_inbound_events_channel_message"`);
    await queryRunner.query(`DROP INDEX "public"."ix_inbound_events_pending_sender"`);
    await queryRunner.query(`DROP TABLE "inbound_events"`);
    await queryRunner.query(`DROP TABLE "conversation_states"`);
    await queryRunner.query(`DROP INDEX "public"."ix_simulator_media_created"`);
    await queryRunner.query(`DROP TABLE "simulator_media"`);
    await queryRunner.query(`DROP INDEX "public"."ix_message_log_user"`);
    await queryRunner.query(`DROP INDEX "public"."ix_message_log_provider_id"`);
    await queryRunner.query(`DROP TABLE "message_log"`);
  }
}
