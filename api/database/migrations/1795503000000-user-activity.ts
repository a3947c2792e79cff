import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * user_activity: each user's last moment of activity (wrote to the bot, or had a reminder
 * delivered), for the dashboard's "active users" without scanning the message log and the
 * reminders. Backfilled from both, exactly as the dashboard counted before; ix_users_staff lets
 * the dashboard leave the few staff accounts out without reading every user.
 */
export class UserActivity1795503000000 implements MigrationInterface {
  name = 'UserActivity1795503000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "user_activity" ("user_id" integer NOT NULL, "last_active_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_11108754ec780c670440e32baad" PRIMARY KEY ("user_id"))`);
    await queryRunner.query(`CREATE INDEX "ix_user_activity_last_active_at" ON "user_activity" ("last_active_at") `);
    await queryRunner.query(`ALTER TABLE "user_activity" ADD CONSTRAINT "FK_11108754ec780c670440e32baad" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`CREATE INDEX "ix_users_staff" ON "users" ("id") WHERE role <> 'user'`);
    await queryRunner.query(`INSERT INTO "user_activity" ("user_id", "last_active_at")
      SELECT user_id, max(at) FROM (
        SELECT user_id, max(created_at) AS at FROM message_log WHERE direction = 'incoming' AND user_id IS NOT NULL GROUP BY user_id
        UNION ALL
        SELECT user_id, max(sent_at) AS at FROM reminders WHERE status = 'sent' AND sent_at IS NOT NULL GROUP BY user_id) a
      WHERE user_id IN (SELECT id FROM users)
      GROUP BY user_id`);
    await queryRunner.query(`ANALYZE "user_activity"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_users_staff"`);
    await queryRunner.query(`ALTER TABLE "user_activity" DROP CONSTRAINT "FK_11108754ec780c670440e32baad"`);
    await queryRunner.query(`DROP INDEX "public"."ix_user_activity_last_active_at"`);
    await queryRunner.query(`DROP TABLE "user_activity"`);
  }
}
