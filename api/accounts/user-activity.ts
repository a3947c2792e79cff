/**
 * The one way user_activity is written: from a set of (user_id, at) rows — a CTE of the statement
 * that records the messages or deliveries, so both land together or not at all. Rows go in user
 * order (two deliveries racing on the same users lock them in the same order, never in a cycle),
 * and a row only moves forward in time (an older event recorded late changes nothing).
 */
export function recordActivitySql(source: string): string {
  return `INSERT INTO user_activity (user_id, last_active_at)
          SELECT user_id, max(at) FROM ${source} WHERE user_id IS NOT NULL AND at IS NOT NULL GROUP BY user_id ORDER BY user_id
          ON CONFLICT (user_id) DO UPDATE SET last_active_at = excluded.last_active_at
           WHERE user_activity.last_active_at < excluded.last_active_at`;
}
