import type { EntityManager } from 'typeorm';

/** Where a waiting reminder's next attempt is parked: after any real due date, so no claim returns it. */
export const PARKED_UNTIL = new Date('9999-01-01T00:00:00Z');

/**
 * The user can be reached now (number proved, chat linked): their waiting reminders are due
 * again at once, or at their own time when it is still ahead. One statement, usable inside the
 * transaction that made the user reachable; the reminders' NOTIFY trigger wakes the dispatchers.
 * Returns how many were released.
 */
export async function releaseWaitingReminders(m: Pick<EntityManager, 'query'>, userId: number): Promise<number> {
  const res: [unknown[], number] = await m.query(
    `UPDATE reminders SET waiting_for = NULL, last_error = NULL, next_attempt_at = GREATEST(due_at, now()), updated_at = now()
      WHERE user_id = $1 AND status = 'pending' AND waiting_for IS NOT NULL RETURNING id`,
    [userId],
  );
  return res[1];
}
