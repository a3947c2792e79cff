import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * message_log announces new rows once per INSERT statement (ids comma-separated, 500 per
 * notification) instead of once per row: at the top of the hour the log takes thousands of rows
 * a second in a few multi-row INSERTs, and every notification wakes every listening connection.
 */
export class MessageLogNotifyPerStatement1795501000000 implements MigrationInterface {
  name = 'MessageLogNotifyPerStatement1795501000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER IF EXISTS message_log_notify_insert ON "message_log"`);
    await queryRunner.query(`CREATE OR REPLACE FUNCTION message_log_notify() RETURNS trigger LANGUAGE plpgsql AS \$\$
DECLARE ids text;
BEGIN
  FOR ids IN SELECT string_agg(id::text, ',' ORDER BY id) FROM (SELECT id, (row_number() OVER (ORDER BY id) - 1) / 500 AS chunk FROM new_rows) r GROUP BY chunk ORDER BY chunk LOOP
    PERFORM pg_notify('message_log', ids);
  END LOOP;
  RETURN NULL;
END \$\$`);
    await queryRunner.query(
      `CREATE TRIGGER message_log_notify_insert AFTER INSERT ON "message_log" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION message_log_notify()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER IF EXISTS message_log_notify_insert ON "message_log"`);
    await queryRunner.query(`CREATE OR REPLACE FUNCTION message_log_notify() RETURNS trigger LANGUAGE plpgsql AS \$\$
BEGIN
  PERFORM pg_notify('message_log', NEW.id::text);
  RETURN NULL;
END \$\$`);
    await queryRunner.query(`CREATE TRIGGER message_log_notify_insert AFTER INSERT ON "message_log" FOR EACH ROW EXECUTE FUNCTION message_log_notify()`);
  }
}
