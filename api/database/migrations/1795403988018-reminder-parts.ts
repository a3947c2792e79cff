import { MigrationInterface, QueryRunner } from 'typeorm';

export class ReminderParts1795403988018 implements MigrationInterface {
  name = 'ReminderParts1795403988018';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "reminder_parts" ("reminder_id" integer NOT NULL, "due_at" TIMESTAMP WITH TIME ZONE NOT NULL, "part" character varying(16) NOT NULL, "provider_message_id" character varying(128), "sent_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_3c71282cbcfc71d5965a183183b" PRIMARY KEY ("reminder_id", "due_at", "part"))`);
    await queryRunner.query(`ALTER TABLE "reminder_parts" ADD CONSTRAINT "FK_a5f86c142a35f319471bab1910d" FOREIGN KEY ("reminder_id") REFERENCES "reminders"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "reminder_parts" DROP CONSTRAINT "FK_a5f86c142a35f319471bab1910d"`);
    await queryRunner.query(`DROP TABLE "reminder_parts"`);
  }
}
