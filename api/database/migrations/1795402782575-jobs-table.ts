import { MigrationInterface, QueryRunner } from 'typeorm';

export class JobsTable1795402782575 implements MigrationInterface {
  name = 'JobsTable1795402782575';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "jobs" ("id" BIGSERIAL NOT NULL, "kind" character varying(32) NOT NULL, "key" character varying(200), "payload" jsonb NOT NULL DEFAULT '{}', "status" character varying(8) NOT NULL DEFAULT 'pending', "attempts" integer NOT NULL DEFAULT '0', "next_attempt_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "lease_owner" character varying(64), "lease_until" TIMESTAMP WITH TIME ZONE, "last_error" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "finished_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_cf0a6c42b72fcc7f7c237def345" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_jobs_pending_next_attempt" ON "jobs" ("kind", "next_attempt_at") WHERE status = 'pending'`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_jobs_open_key" ON "jobs" ("kind", "key") WHERE status = 'pending' AND key IS NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."uq_jobs_open_key"`);
    await queryRunner.query(`DROP INDEX "public"."ix_jobs_pending_next_attempt"`);
    await queryRunner.query(`DROP TABLE "jobs"`);
  }
}
