import { MigrationInterface, QueryRunner } from 'typeorm';

export class BillingAndReferrals1795402905156 implements MigrationInterface {
  name = 'BillingAndReferrals1795402905156';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "billing_notices" ("id" SERIAL NOT NULL, "user_id" integer NOT NULL, "kind" character varying(24) NOT NULL, "key" character varying(128) NOT NULL, "status" character varying(8) NOT NULL DEFAULT 'pending', "last_error" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c0f67630ec47ebf7af915d9cc29" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_billing_notices_kind_key" ON "billing_notices" ("kind", "key") `);
    await queryRunner.query(`CREATE TABLE "stripe_events" ("id" character varying(255) NOT NULL, "type" character varying(64) NOT NULL, "payload" jsonb NOT NULL, "livemode" boolean NOT NULL DEFAULT false, "status" character varying(8) NOT NULL DEFAULT 'pending', "attempts" integer NOT NULL DEFAULT '0', "next_attempt_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "lease_until" TIMESTAMP WITH TIME ZONE, "last_error" text, "received_at" TIMESTAMP WITH TIME ZONE NOT NULL, "processed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d3247bd5fc3f66b6982bbcdd897" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_stripe_events_pending" ON "stripe_events" ("received_at") WHERE status = 'pending'`);
    await queryRunner.query(`CREATE TABLE "subscriptions" ("id" SERIAL NOT NULL, "user_id" integer NOT NULL, "customer_id" character varying(64) NOT NULL, "subscription_id" character varying(64), "plan" character varying(16) NOT NULL DEFAULT 'premium', "billing_cycle" character varying(8), "status" character varying(24), "current_period_end" TIMESTAMP WITH TIME ZONE, "cancel_at_period_end" boolean NOT NULL DEFAULT false, "past_due_since" TIMESTAMP WITH TIME ZONE, "ended_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a87248d73155605cf782be9ee5e" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_subscriptions_user" ON "subscriptions" ("user_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_subscriptions_customer" ON "subscriptions" ("customer_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_subscriptions_subscription" ON "subscriptions" ("subscription_id") `);
    await queryRunner.query(`CREATE TABLE "billing_test_objects" ("id" character varying(64) NOT NULL, "kind" character varying(32) NOT NULL, "data" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_5a4dee10168a0b05ed805c0a502" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE TABLE "referral_partners" ("id" SERIAL NOT NULL, "name" character varying(120) NOT NULL, "email" character varying(254) NOT NULL, "phone_number" character varying(20), "referral_code" character varying(6) NOT NULL, "active" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_45e2ab633a57428e1b1a6049c76" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_referral_partners_code" ON "referral_partners" ("referral_code") `);
    await queryRunner.query(`CREATE TABLE "referral_commissions" ("id" SERIAL NOT NULL, "partner_id" integer NOT NULL, "user_id" integer, "user_name" character varying(80), "invoice_id" character varying(255) NOT NULL, "amount_cents" integer NOT NULL, "amount_paid_cents" integer NOT NULL, "currency" character varying(3) NOT NULL DEFAULT 'eur', "status" character varying(10) NOT NULL DEFAULT 'pending', "plan_type" character varying(8) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ea91978c3fd0b7509e9456daecf" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_referral_commissions_partner" ON "referral_commissions" ("partner_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_referral_commissions_invoice" ON "referral_commissions" ("invoice_id") `);
    await queryRunner.query(`ALTER TABLE "referral_commissions" ADD CONSTRAINT "FK_ddff4c07a933ef602cea1d13cfb" FOREIGN KEY ("partner_id") REFERENCES "referral_partners"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "referral_commissions" DROP CONSTRAINT "FK_ddff4c07a933ef602cea1d13cfb"`);
    await queryRunner.query(`DROP INDEX "public"."uq_referral_commissions_invoice"`);
    await queryRunner.query(`DROP INDEX "public"."ix_referral_commissions_partner"`);
    await queryRunner.query(`DROP TABLE "referral_commissions"`);
    await queryRunner.query(`DROP INDEX "public"."uq_referral_partners_code"`);
    await queryRunner.query(`DROP TABLE "referral_partners"`);
    await queryRunner.query(`DROP TABLE "billing_test_objects"`);
    await queryRunner.query(`DROP INDEX "public"."uq_subscriptions_subscription"`);
    await queryRunner.query(`DROP INDEX "public"."uq_subscriptions_customer"`);
    await queryRunner.query(`DROP INDEX "public"."uq_subscriptions_user"`);
    await queryRunner.query(`DROP TABLE "subscriptions"`);
    await queryRunner.query(`DROP INDEX "public"."ix_stripe_events_pending"`);
    await queryRunner.query(`DROP TABLE "stripe_events"`);
    await queryRunner.query(`DROP INDEX "public"."uq_billing_notices_kind_key"`);
    await queryRunner.query(`DROP TABLE "billing_notices"`);
  }
}
