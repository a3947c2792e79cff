import { MigrationInterface, QueryRunner } from 'typeorm';

export class VoiceNotes1795404726758 implements MigrationInterface {
  name = 'VoiceNotes1795404726758';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "voice_notes" ("hash" character varying(64) NOT NULL, "language" character varying(2) NOT NULL, "engine" character varying(80) NOT NULL, "audio" bytea NOT NULL, "whatsapp_media_id" character varying(128), "whatsapp_media_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_1f8c371286ffab55a547d28903f" PRIMARY KEY ("hash"))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "voice_notes"`);
  }
}
