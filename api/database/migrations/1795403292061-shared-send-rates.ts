import { MigrationInterface, QueryRunner } from 'typeorm';

export class SharedSendRates1795403292061 implements MigrationInterface {
  name = 'SharedSendRates1795403292061';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "send_rates" ("channel" character varying(32) NOT NULL, "next_slot_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_2022b8528fceef22dd81fcafadc" PRIMARY KEY ("channel"))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "send_rates"`);
  }
}
