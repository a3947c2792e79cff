/**
 * npm run seed:demo -- --users 100000 [--reminders-per-user 10] [--messages-per-user 6]
 *
 * Fills the database in DATABASE_URL (real Postgres; migrated first) with realistic demo data for
 * the back-office: users with French/English names, proven phone numbers, plans and zones;
 * reminders in every status spread over the past months and the weeks ahead; conversations in the
 * message log (texts and voice-note transcripts, the bot's confirmations, delivered reminders).
 * Everything is written by set-based SQL over generate_series (a few statements, not a row at a
 * time), so 100,000 users, a million reminders and 600,000 messages take about a minute.
 * Run it on a scratch database: it adds to whatever is there (its phone numbers use +33 7 ranges).
 */
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { entities } from './entities';
import { recordActivitySql } from '../api/accounts/user-activity';
import { migrations } from '../api/database/migrations';
import { NamingStrategy } from '../api/database/naming-strategy';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const n = Number(process.argv[i + 1]);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`);
  return n;
}

const FIRST = ['Camille', 'Léa', 'Manon', 'Chloé', 'Inès', 'Jade', 'Louise', 'Emma', 'Alice', 'Sarah', 'Lucas', 'Hugo', 'Louis', 'Gabriel', 'Arthur', 'Jules', 'Adam', 'Nathan', 'Yanis', 'Karim', 'Fatou', 'Moussa', 'Aïcha', 'Youssef', 'Olivia', 'James', 'Sophie', 'Thomas', 'Julie', 'Antoine'];
const LAST = ['Martin', 'Bernard', 'Dubois', 'Durand', 'Lefebvre', 'Moreau', 'Laurent', 'Simon', 'Michel', 'Garcia', 'Diallo', 'Traoré', 'Benali', 'Nguyen', 'Smith', 'Roux', 'Fournier', 'Girard', 'Bonnet', 'Lambert'];
const ZONES = ['Europe/Paris', 'Europe/Paris', 'Europe/Paris', 'Europe/Brussels', 'Europe/Zurich', 'America/Toronto', 'Africa/Dakar', 'Africa/Casablanca', 'Africa/Tunis', 'Europe/London', 'America/New_York', 'Asia/Dubai'];
const SUBJECTS_FR = ['Appeler le dentiste', 'Acheter du pain', 'Rendez-vous chez le médecin', 'Payer le loyer', 'Anniversaire de maman', 'Sortir les poubelles', 'Réunion avec Paul', 'Prendre les médicaments', 'Renouveler le passeport', 'Arroser les plantes', 'Récupérer les enfants', 'Appeler le garage', 'Envoyer le dossier', 'Réserver le restaurant', 'Faire les courses'];
const SUBJECTS_EN = ['Call the dentist', 'Buy bread', 'Doctor appointment', 'Pay the rent', "Mom's birthday", 'Take out the trash', 'Meeting with Paul', 'Take my pills', 'Renew the passport', 'Water the plants', 'Pick up the kids', 'Call the garage', 'Send the file', 'Book the restaurant', 'Go grocery shopping'];

const sqlArray = (values: string[]) => `(ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[])`;

async function main() {
  const users = arg('users', 1000);
  const perUser = arg('reminders-per-user', 10);
  const messagesPerUser = arg('messages-per-user', 6);
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('seed:demo writes to real Postgres: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/rappel_demo).');
    process.exit(2);
  }
  const ds = new DataSource({ type: 'postgres', url, entities, migrations, migrationsTransactionMode: 'each', namingStrategy: new NamingStrategy() });
  await ds.initialize();
  await ds.runMigrations();
  const t0 = Date.now();
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const s = Date.now();
    await ds.query(sql, params);
    console.error(`${label}: ${((Date.now() - s) / 1000).toFixed(1)} s`);
  };
  const [{ start }] = await ds.query(`SELECT coalesce(max(id), 0) AS start FROM users`);

  await ds.transaction(async (m) => {
    // Bulk load: no per-row NOTIFY for the live view, no per-row foreign-key check.
    await m.query(`SET LOCAL session_replication_role = replica`);
    const run = (label: string, sql: string, params: unknown[] = []) => {
      const s = Date.now();
      return m.query(sql, params).then(() => console.error(`${label}: ${((Date.now() - s) / 1000).toFixed(1)} s`));
    };
    await run(
      `users (${users})`,
      `INSERT INTO users (username, display_name, phone_number, phone_verified_at, email, language, timezone, timezone_confirmed, plan,
                          trial_ends_at, subscription_ends_at, billing_cycle, reminder_quota, reminders_used, opted_out_at, last_seen_at, created_at, updated_at)
       SELECT '+337' || lpad(($2::bigint + g)::text, 8, '0'),
              ${sqlArray(FIRST)}[1 + g % ${FIRST.length}] || ' ' || ${sqlArray(LAST)}[1 + (g / 7) % ${LAST.length}],
              '+337' || lpad(($2::bigint + g)::text, 8, '0'),
              c - interval '1 minute' * (g % 500),
              CASE WHEN g % 3 = 0 THEN lower(${sqlArray(FIRST)}[1 + g % ${FIRST.length}]) || '.' || g || '@example.com' END,
              CASE WHEN g % 5 = 0 THEN 'en' ELSE 'fr' END,
              ${sqlArray(ZONES)}[1 + g % ${ZONES.length}], true,
              CASE WHEN g % 10 = 0 THEN 'premium' WHEN g % 23 = 0 THEN 'standard' WHEN g % 7 = 0 THEN 'free' ELSE 'basic' END,
              c + interval '7 days',
              CASE WHEN g % 10 = 0 THEN now() + interval '1 day' * (g % 300) END,
              CASE WHEN g % 10 = 0 THEN (CASE WHEN g % 20 = 0 THEN 'yearly' ELSE 'monthly' END) END,
              CASE WHEN g % 10 = 0 THEN 1000 ELSE 5 END, g % 6,
              CASE WHEN g % 50 = 0 THEN c + interval '3 days' END,
              c + interval '1 hour' * (g % 2000), c, c
         FROM (SELECT g, now() - interval '1 minute' * ((g * 7919) % 525600) AS c FROM generate_series(1, $1::int) g) s
       ON CONFLICT DO NOTHING`,
      [users, start + 10_000_000],
    );
    await run(
      `reminders (${users * perUser})`,
      `INSERT INTO reminders (user_id, subject, reminder_text, due_at, timezone, status, language_code, source, channel, attempts, next_attempt_at,
                              sent_at, failed_at, cancelled_at, status_changed_at, last_error, created_at, updated_at)
       SELECT u.id, subj, subj || CASE WHEN u.language = 'en' THEN ' (reminder)' ELSE ' (rappel)' END, due, u.timezone,
              st, u.language, CASE WHEN k % 4 = 0 THEN 'portal' ELSE 'bot' END, CASE WHEN st IN ('sent', 'failed') THEN 'simulator' END,
              CASE WHEN st = 'pending' THEN 0 ELSE 1 END, due,
              CASE WHEN st = 'sent' THEN due END, CASE WHEN st = 'failed' THEN due END, CASE WHEN st = 'cancelled' THEN due - interval '1 hour' END,
              CASE WHEN st = 'pending' THEN due - interval '2 days' ELSE due END,
              CASE WHEN st = 'failed' THEN 'Channel refused the message' END,
              due - interval '2 days', due
         FROM (SELECT u.id, u.language, u.timezone, k,
                      (CASE WHEN u.language = 'en' THEN ${sqlArray(SUBJECTS_EN)} ELSE ${sqlArray(SUBJECTS_FR)} END)[1 + (u.id + k) % ${SUBJECTS_FR.length}] AS subj,
                      CASE WHEN k <= $3::int * 7 / 10 THEN now() - interval '1 hour' * ((u.id * 31 + k * 977) % 4000 + 1)
                           ELSE now() + interval '1 hour' * ((u.id * 17 + k * 131) % 2000 + 1) END AS due,
                      CASE WHEN k <= $3::int * 7 / 10 THEN (CASE WHEN (u.id + k) % 29 = 0 THEN 'failed' WHEN (u.id + k) % 31 = 0 THEN 'cancelled' ELSE 'sent' END)
                           ELSE 'pending' END AS st
                 FROM users u CROSS JOIN generate_series(1, $3::int) k
                WHERE u.id > $1 AND u.id <= $1 + $2) u`,
      [start, users + 0, perUser],
    );
    await run(
      `message_log (${users * messagesPerUser})`,
      `INSERT INTO message_log (user_id, channel, peer_id, direction, kind, message_type, text, details, status, status_at, provider_message_id, created_at)
       SELECT u.id, 'whatsapp', u.phone_number, CASE WHEN k % 2 = 1 THEN 'incoming' ELSE 'outgoing' END, 'message',
              CASE WHEN k % 4 = 1 THEN 'voice' ELSE 'text' END,
              CASE WHEN k % 2 = 1 THEN
                     CASE WHEN u.language = 'en' THEN 'remind me to ' || lower(subj) || ' tomorrow at 9' ELSE 'rappelle-moi de ' || lower(subj) || ' demain à 9h' END
                   ELSE CASE WHEN u.language = 'en' THEN '📅 ' || subj || ' — tomorrow at 09:00. Shall I confirm?' ELSE '📅 ' || subj || ' — demain à 09:00. Je confirme ?' END END,
              CASE WHEN k % 2 = 1 THEN jsonb_build_object('extracted', jsonb_build_object('subject', subj, 'dueAt', at + interval '1 day', 'zone', u.timezone, 'language', u.language))
                   ELSE jsonb_build_object('via', 'text') END,
              CASE WHEN k % 2 = 1 THEN 'received' WHEN k % 6 = 0 THEN 'read' ELSE 'delivered' END, at,
              'wamid.demo.' || u.id || '.' || k, at
         FROM (SELECT u.id, u.language, u.timezone, u.phone_number, k,
                      (CASE WHEN u.language = 'en' THEN ${sqlArray(SUBJECTS_EN)} ELSE ${sqlArray(SUBJECTS_FR)} END)[1 + (u.id + (k + 1) / 2) % ${SUBJECTS_FR.length}] AS subj,
                      u.created_at + interval '1 minute' * (k * 3 + (u.id % 10000)) AS at
                 FROM users u CROSS JOIN generate_series(1, $3::int) k
                WHERE u.id > $1 AND u.id <= $1 + $2) u`,
      [start, users + 0, messagesPerUser],
    );
    // What the bot and the dispatcher record with each incoming message and delivery.
    await run(
      'user_activity',
      recordActivitySql(`(SELECT user_id, created_at AS at FROM message_log WHERE direction = 'incoming' AND user_id > $1 AND user_id <= $1 + $2
                          UNION ALL
                          SELECT user_id, sent_at AS at FROM reminders WHERE status = 'sent' AND user_id > $1 AND user_id <= $1 + $2) seeded`),
      [start, users + 0],
    );
  });
  await step('vacuum analyze', `VACUUM ANALYZE users`);
  await step('vacuum analyze', `VACUUM ANALYZE reminders`);
  await step('vacuum analyze', `VACUUM ANALYZE message_log`);
  await step('vacuum analyze', `VACUUM ANALYZE user_activity`);
  const [counts] = await ds.query(`SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM reminders)::int AS reminders, (SELECT count(*) FROM message_log)::int AS messages`);
  console.log(JSON.stringify({ seeded: { users, reminders: users * perUser, messages: users * messagesPerUser }, totals: counts, seconds: Math.round((Date.now() - t0) / 100) / 10 }));
  await ds.destroy();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
