import { MigrationInterface, QueryRunner } from 'typeorm';

/** voice_notes.needed_until: the latest due instant a note was made for, so retention can drop notes nothing needs. */
export class VoiceNotesNeededUntil1795501000100 implements MigrationInterface {
  name = 'VoiceNotesNeededUntil1795501000100';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "voice_notes" ADD "needed_until" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()`);
    await queryRunner.query(`CREATE INDEX "ix_voice_notes_needed_until" ON "voice_notes" ("needed_until") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_voice_notes_needed_until"`);
    await queryRunner.query(`ALTER TABLE "voice_notes" DROP COLUMN "needed_until"`);
  }
}
