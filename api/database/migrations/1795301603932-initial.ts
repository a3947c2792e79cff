import { MigrationInterface, QueryRunner } from 'typeorm';

export class Initial1795301603932 implements MigrationInterface {
  name = 'Initial1795301603932';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "users" ("id" SERIAL NOT NULL, "username" character varying(64) NOT NULL, "display_name" character varying(80), "phone_number" character varying(20), "email" character varying(254), "language" character varying(2) NOT NULL DEFAULT 'fr', "timezone" character varying(64) NOT NULL DEFAULT 'UTC', "timezone_confirmed" boolean NOT NULL DEFAULT false, "profile_image" text, "password_hash" text, "role" character varying(10) NOT NULL DEFAULT 'user', "plan" character varying(16) NOT NULL DEFAULT 'basic', "trial_ends_at" TIMESTAMP WITH TIME ZONE, "subscription_ends_at" TIMESTAMP WITH TIME ZONE, "billing_cycle" character varying(8), "reminder_quota" integer NOT NULL DEFAULT '2', "reminders_used" integer NOT NULL DEFAULT '0', "referred_by" character varying(32), "telegram_chat_id" character varying(32), "preferred_channel" character varying(16), "last_seen_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_users_username" ON "users" ("username") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_users_phone_number" ON "users" ("phone_number") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_users_telegram_chat_id" ON "users" ("telegram_chat_id") `);
    await queryRunner.query(`CREATE TABLE "password_reset_codes" ("id" SERIAL NOT NULL, "user_id" integer NOT NULL, "code_hash" character varying(64) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "failed_attempts" integer NOT NULL DEFAULT '0', "used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_f3a88f7bc4536c53f2b277a0b56" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_password_reset_codes_user_id" ON "password_reset_codes" ("user_id") `);
    await queryRunner.query(`CREATE TABLE "sessions" ("token_hash" character varying(64) NOT NULL, "user_id" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "last_seen_at" TIMESTAMP WITH TIME ZONE NOT NULL, "ip" character varying(64), "user_agent" character varying(256), CONSTRAINT "PK_abaa9e068cdd390bc5210f79884" PRIMARY KEY ("token_hash"))`);
    await queryRunner.query(`CREATE INDEX "ix_sessions_user_id" ON "sessions" ("user_id") `);
    await queryRunner.query(`CREATE INDEX "ix_sessions_expires_at" ON "sessions" ("expires_at") `);
    await queryRunner.query(`CREATE TABLE "rate_limit_buckets" ("key" character varying(200) NOT NULL, "window_start" TIMESTAMP WITH TIME ZONE NOT NULL, "hits" integer NOT NULL, CONSTRAINT "PK_9eb2f8a2ae370667b4ca83dd313" PRIMARY KEY ("key"))`);
    await queryRunner.query(`CREATE TABLE "newsletter_subscribers" ("id" SERIAL NOT NULL, "email" character varying(254) NOT NULL, "language" character varying(2), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_38f9333e9961b2fdb589128d19b" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_newsletter_subscribers_email" ON "newsletter_subscribers" ("email") `);
    await queryRunner.query(`CREATE TABLE "reminders" ("id" SERIAL NOT NULL, "user_id" integer NOT NULL, "subject" character varying(200) NOT NULL, "reminder_text" character varying(2000) NOT NULL, "due_at" TIMESTAMP WITH TIME ZONE NOT NULL, "timezone" character varying(64) NOT NULL, "status" character varying(12) NOT NULL DEFAULT 'pending', "language_code" character varying(2) NOT NULL DEFAULT 'fr', "voice_note_url" text, "source" character varying(16) NOT NULL DEFAULT 'portal', "channel" character varying(16), "attempts" integer NOT NULL DEFAULT '0', "next_attempt_at" TIMESTAMP WITH TIME ZONE NOT NULL, "lease_owner" character varying(64), "lease_until" TIMESTAMP WITH TIME ZONE, "sent_at" TIMESTAMP WITH TIME ZONE, "failed_at" TIMESTAMP WITH TIME ZONE, "cancelled_at" TIMESTAMP WITH TIME ZONE, "status_changed_at" TIMESTAMP WITH TIME ZONE, "last_error" text, "provider_message_id" character varying(128), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_38715fec7f634b72c6cf7ea4893" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_reminders_user_id" ON "reminders" ("user_id") `);
    await queryRunner.query(`CREATE INDEX "ix_reminders_pending_next_attempt" ON "reminders" ("next_attempt_at") WHERE status = 'pending'`);
    await queryRunner.query(`ALTER TABLE "password_reset_codes" ADD CONSTRAINT "FK_421ca49f5a7b180365035267ca6" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "sessions" ADD CONSTRAINT "FK_085d540d9f418cfbdc7bd55bb19" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "reminders" ADD CONSTRAINT "FK_586e0b8e419125be507701cee2a" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "reminders" DROP CONSTRAINT "FK_586e0b8e419125be507701cee2a"`);
    await queryRunner.query(`ALTER TABLE "sessions" DROP CONSTRAINT "FK_085d540d9f418cfbdc7bd55bb19"`);
    await queryRunner.query(`ALTER TABLE "password_reset_codes" DROP CONSTRAINT "FK_421ca49f5a7b180365035267ca6"`);
    await queryRunner.query(`DROP INDEX "public"."ix_reminders_pending_next_attempt"`);
    await queryRunner.query(`DROP INDEX "public"."ix_reminders_user_id"`);
    await queryRunner.query(`DROP TABLE "reminders"`);
    await queryRunner.query(`DROP INDEX "public"."uq_newsletter_subscribers_email"`);
    await queryRunner.query(`DROP TABLE "newsletter_subscribers"`);
    await queryRunner.query(`DROP TABLE "rate_limit_buckets"`);
    await queryRunner.query(`DROP INDEX "public"."ix_sessions_expires_at"`);
    await queryRunner.query(`DROP INDEX "public"."ix_sessions_user_id"`);
    await queryRunner.query(`DROP TABLE "sessions"`);
    await queryRunner.query(`DROP INDEX "public"."ix_password_reset_codes_user_id"`);
    await queryRunner.query(`DROP TABLE "password_reset_codes"`);
    await queryRunner.query(`DROP INDEX "public"."uq_users_telegram_chat_id"`);
    await queryRunner.query(`DROP INDEX "public"."uq_users_phone_number"`);
    await queryRunner.query(`DROP INDEX "public"."uq_users_username"`);
    await queryRunner.query(`DROP TABLE "users"`);
  }
}
