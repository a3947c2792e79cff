import type { DataSource } from 'typeorm';

/**
 * How long a reusable delivery id (Telegram's update_id) is remembered. Telegram keeps an
 * undelivered update for at most 24 hours, so a redelivery comes within a day of the first try;
 * and it starts update ids again at random only after a week without any update. Two days covers
 * every redelivery with a day to spare and stays five days short of the first possible reuse, so a
 * new message under a recycled update_id is never mistaken for a duplicate. (The message's own
 * key, (chat, message id), is what keeps a redelivery out for good.)
 */
export const DELIVERY_ID_WINDOW_HOURS = 48;

export interface RetentionPolicy {
  /** Simulator voice recordings (days). */
  simulatorAudioDays: number;
  /** Processed (done or failed) inbound events: the provider ids they dedup on (days). */
  inboundEventDays: number;
  /** The message log (MESSAGE_LOG_RETENTION_DAYS). */
  messageLogDays: number;
  /** Reusable delivery ids (Telegram update_id) on inbound events (hours). */
  deliveryIdHours: number;
  /** Voice notes, counted from the latest due instant they were made for (voice_notes.needed_until). */
  voiceNoteDays: number;
  /** Finished (done or failed) rows of the shared jobs table. */
  finishedJobDays: number;
}

export const DEFAULT_RETENTION: RetentionPolicy = {
  simulatorAudioDays: 7,
  inboundEventDays: 30,
  messageLogDays: 180,
  deliveryIdHours: DELIVERY_ID_WINDOW_HOURS,
  voiceNoteDays: 2,
  finishedJobDays: 7,
};

/**
 * One retention pass: what Rappel no longer needs is deleted. Each statement is idempotent, so a
 * pass that runs twice (at-least-once job) or on two instances changes nothing the second time.
 * Returns the rows deleted per kind.
 */
export async function purgeExpired(db: Pick<DataSource, 'query'>, policy: RetentionPolicy): Promise<Record<string, number>> {
  const statements: Record<string, [string, unknown[]]> = {
    simulatorAudio: [`DELETE FROM simulator_media WHERE created_at < now() - make_interval(days => $1)`, [policy.simulatorAudioDays]],
    inboundEvents: [`DELETE FROM inbound_events WHERE status IN ('done', 'failed') AND received_at < now() - make_interval(days => $1)`, [policy.inboundEventDays]],
    // Past the window an update_id no longer dedups anything: cleared, so the index stays small.
    deliveryIds: [`UPDATE inbound_events SET delivery_id = NULL WHERE delivery_id IS NOT NULL AND created_at < now() - make_interval(hours => $1)`, [policy.deliveryIdHours]],
    messageLog: [`DELETE FROM message_log WHERE created_at < now() - make_interval(days => $1)`, [policy.messageLogDays]],
    // A note is needed until the reminder it was made for is due; one still needed later is remade at send time.
    voiceNotes: [`DELETE FROM voice_notes WHERE needed_until < now() - make_interval(days => $1)`, [policy.voiceNoteDays]],
    finishedJobs: [`DELETE FROM jobs WHERE status IN ('done', 'failed') AND finished_at < now() - make_interval(days => $1)`, [policy.finishedJobDays]],
    // A recipient's send slot ("telegram:u42") is only worth keeping while it is in the future.
    recipientSendSlots: [`DELETE FROM send_rates WHERE channel LIKE '%:%' AND next_slot_at < now() - interval '1 hour'`, []],
    // The longest window a counter needs is a day (code sends, link welcomes).
    rateLimits: [`DELETE FROM rate_limit_buckets WHERE window_start < now() - interval '2 days'`, []],
    sessions: [`DELETE FROM sessions WHERE expires_at < now() OR created_at < now() - interval '90 days'`, []],
    resetCodes: [`DELETE FROM password_reset_codes WHERE expires_at < now() - interval '1 day'`, []],
    phoneProofs: [`DELETE FROM phone_proofs WHERE expires_at < now() - interval '1 day'`, []],
    telegramLinkTokens: [`DELETE FROM telegram_link_tokens WHERE expires_at < now() - interval '1 day'`, []],
  };
  const deleted: Record<string, number> = {};
  for (const [name, [sql, params]] of Object.entries(statements)) {
    const res: [unknown[], number] = await db.query(`${sql} RETURNING 1`, params);
    deleted[name] = Array.isArray(res) && typeof res[1] === 'number' ? res[1] : 0;
  }
  return deleted;
}
