import { DEFAULT_RETENTION, purgeExpired } from '../../api/retention/retention';
import { createTestApp, TestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

jest.setTimeout(60_000);

/** The retention pass deletes what has expired, and only that (issue 10). */
describe('retention', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ db: testDatabases().at(-1)! });
  });
  afterAll(async () => {
    await t?.close();
    await t?.db.drop();
  });

  it('purges old simulator audio, processed inbound events, the old message log, stale counters, sessions and codes', async () => {
    const { user } = await t.registerUser();
    const q = (sql: string, p: unknown[] = []) => t.dataSource.query(sql, p);
    await q(`INSERT INTO simulator_media (id, user_id, mime_type, data, created_at) VALUES (gen_random_uuid(), $1, 'audio/ogg', '\\x00', now() - interval '8 days'), (gen_random_uuid(), $1, 'audio/ogg', '\\x00', now())`, [user.id]);
    await q(`INSERT INTO inbound_events (channel, message_id, sender_id, payload, received_at, status, next_attempt_at) VALUES
      ('whatsapp', 'old-done', 'x', '{}', now() - interval '31 days', 'done', now()),
      ('whatsapp', 'old-pending', 'x', '{}', now() - interval '31 days', 'pending', now() + interval '1 year'),
      ('whatsapp', 'new-done', 'x', '{}', now(), 'done', now())`);
    await q(`INSERT INTO message_log (user_id, channel, peer_id, direction, kind, message_type, text, created_at) VALUES
      ($1, 'simulator', '1', 'incoming', 'message', 'text', 'old', now() - interval '181 days'), ($1, 'simulator', '1', 'incoming', 'message', 'text', 'recent', now())`, [user.id]);
    await q(`INSERT INTO rate_limit_buckets (key, window_start, hits) VALUES ('old-counter', now() - interval '3 days', 4), ('live-counter', now(), 1)`);
    await q(`INSERT INTO send_rates (channel, next_slot_at) VALUES ('telegram:u1', now() - interval '2 hours'), ('telegram:u2', now()), ('telegram', now() - interval '2 hours')`);
    await q(`UPDATE sessions SET created_at = now() - interval '91 days' WHERE user_id = $1`, [user.id]);

    const deleted = await purgeExpired(t.dataSource, DEFAULT_RETENTION);
    expect(deleted).toMatchObject({ simulatorAudio: 1, inboundEvents: 1, messageLog: 1, sessions: 1, recipientSendSlots: 1 });
    // A chat's past slot goes; a recent one and the channel's own row stay.
    expect((await q(`SELECT channel FROM send_rates ORDER BY channel`)).map((r: any) => r.channel)).toEqual(['telegram', 'telegram:u2']);
    expect(deleted.rateLimits).toBeGreaterThanOrEqual(1);
    expect((await q(`SELECT count(*)::int AS n FROM simulator_media WHERE user_id = $1`, [user.id]))[0].n).toBe(1);
    expect((await q(`SELECT message_id FROM inbound_events ORDER BY message_id`)).map((r: any) => r.message_id)).toEqual(['new-done', 'old-pending']);
    expect((await q(`SELECT text FROM message_log WHERE user_id = $1`, [user.id])).map((r: any) => r.text)).toEqual(['recent']);
    expect((await q(`SELECT key FROM rate_limit_buckets WHERE key IN ('old-counter', 'live-counter')`)).map((r: any) => r.key)).toEqual(['live-counter']);
    // A second pass finds nothing more.
    expect(Object.values(await purgeExpired(t.dataSource, DEFAULT_RETENTION)).reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('purges voice notes no reminder needs any more and finished jobs after their retention, and keeps the rest', async () => {
    const q = (sql: string, p: unknown[] = []) => t.dataSource.query(sql, p);
    await q(`INSERT INTO voice_notes (hash, language, engine, audio, needed_until) VALUES
      ('note-needed-long-ago', 'fr', 'test', '\\x00', now() - interval '3 days'),
      ('note-needed-yesterday', 'fr', 'test', '\\x00', now() - interval '1 day'),
      ('note-for-tomorrow', 'fr', 'test', '\\x00', now() + interval '1 day')`);
    await q(`INSERT INTO jobs (kind, key, status, finished_at, next_attempt_at) VALUES
      ('test-kind', 'old-done', 'done', now() - interval '8 days', now()),
      ('test-kind', 'old-failed', 'failed', now() - interval '8 days', now()),
      ('test-kind', 'recent-done', 'done', now() - interval '1 day', now()),
      ('test-kind', 'open', 'pending', NULL, now() + interval '1 year')`);

    const deleted = await purgeExpired(t.dataSource, DEFAULT_RETENTION);
    expect(deleted).toMatchObject({ voiceNotes: 1, finishedJobs: 2 });
    expect((await q(`SELECT hash FROM voice_notes WHERE hash LIKE 'note-%' ORDER BY hash`)).map((r: any) => r.hash)).toEqual(['note-for-tomorrow', 'note-needed-yesterday']);
    expect((await q(`SELECT key FROM jobs WHERE kind = 'test-kind' ORDER BY key`)).map((r: any) => r.key)).toEqual(['open', 'recent-done']);
  });
});
