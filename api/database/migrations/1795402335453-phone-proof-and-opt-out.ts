import { MigrationInterface, QueryRunner } from 'typeorm';

export class PhoneProofAndOptOut1795402335453 implements MigrationInterface {
  name = 'PhoneProofAndOptOut1795402335453';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "phone_verified_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "users" ADD "opted_out_at" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "opted_out_at"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "phone_verified_at"`);
  }
}
