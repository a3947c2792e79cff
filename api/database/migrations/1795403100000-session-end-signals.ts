import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Live sockets close when their session ends, on every instance: deleting a session row (logout,
 * password reset, purge, promotion...) NOTIFYs `sessions_ended` with its token hash and user id.
 * A change of role ends the account's sessions whatever code path made it.
 */
export class SessionEndSignals1795403100000 implements MigrationInterface {
  name = 'SessionEndSignals1795403100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE OR REPLACE FUNCTION rappel_session_ended() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('sessions_ended', json_build_object('tokenHash', OLD.token_hash, 'userId', OLD.user_id)::text);
  RETURN OLD;
END $$ LANGUAGE plpgsql`);
    await queryRunner.query(`CREATE TRIGGER trg_sessions_ended AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION rappel_session_ended()`);
    await queryRunner.query(`CREATE OR REPLACE FUNCTION rappel_role_changed() RETURNS trigger AS $$
BEGIN
  IF NEW.role IS DISTINCT FROM OLD.role THEN
    DELETE FROM sessions WHERE user_id = NEW.id;
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql`);
    await queryRunner.query(`CREATE TRIGGER trg_users_role_changed AFTER UPDATE OF role ON users FOR EACH ROW EXECUTE FUNCTION rappel_role_changed()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER IF EXISTS trg_users_role_changed ON users`);
    await queryRunner.query(`DROP FUNCTION IF EXISTS rappel_role_changed()`);
    await queryRunner.query(`DROP TRIGGER IF EXISTS trg_sessions_ended ON sessions`);
    await queryRunner.query(`DROP FUNCTION IF EXISTS rappel_session_ended()`);
  }
}
