import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Proven numbers: phone proofs, reminders waiting for a proof, and a backfill. An existing
 * account's number counts as proved when that number itself wrote to the bot on WhatsApp, or
 * when the Telegram user shared it as their own contact (Telegram verified it); every other
 * number stays only claimed, so nothing is sent to it until its owner proves it.
 */

export class ProvenNumbers1795402970956 implements MigrationInterface {
  name = 'ProvenNumbers1795402970956';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "phone_proofs" ("id" SERIAL NOT NULL, "user_id" integer NOT NULL, "phone_number" character varying(20) NOT NULL, "kind" character varying(8) NOT NULL, "code_hash" character varying(64) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "attempts" integer NOT NULL DEFAULT '0', "used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6fedb6195d854cbd56ae3b6af18" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ix_phone_proofs_user_id" ON "phone_proofs" ("user_id") `);
    await queryRunner.query(`CREATE INDEX "ix_phone_proofs_phone_kind" ON "phone_proofs" ("phone_number", "kind") `);
    await queryRunner.query(`ALTER TABLE "reminders" ADD "waiting_for" character varying(16)`);
    await queryRunner.query(`UPDATE users u SET phone_verified_at = p.first_at
      FROM (SELECT m.user_id, min(m.created_at) AS first_at FROM message_log m JOIN users x ON x.id = m.user_id
             WHERE m.direction = 'incoming' AND x.phone_number IS NOT NULL
               AND ((m.channel = 'whatsapp' AND m.peer_id = x.phone_number)
                 OR (m.channel = 'telegram' AND m.details->>'contact' = 'true' AND m.text = x.phone_number))
             GROUP BY m.user_id) p
     WHERE u.id = p.user_id AND u.phone_verified_at IS NULL`);
    await queryRunner.query(`ALTER TABLE "phone_proofs" ADD CONSTRAINT "FK_c46320ed9f3a838a0d8387dd623" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "phone_proofs" DROP CONSTRAINT "FK_c46320ed9f3a838a0d8387dd623"`);
    await queryRunner.query(`ALTER TABLE "reminders" DROP COLUMN "waiting_for"`);
    await queryRunner.query(`DROP INDEX "public"."ix_phone_proofs_phone_kind"`);
    await queryRunner.query(`DROP INDEX "public"."ix_phone_proofs_user_id"`);
    await queryRunner.query(`DROP TABLE "phone_proofs"`);
  }
}
