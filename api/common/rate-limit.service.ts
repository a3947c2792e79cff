import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * Fixed-window rate limits counted in Postgres, so every instance behind the load balancer
 * shares the same counters. One statement per hit: the upsert resets an expired window.
 */
@Injectable()
export class RateLimitService {
  constructor(private readonly dataSource: DataSource) {}

  async hit(key: string, limit: number, windowSeconds: number): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
    const rows: Array<{ hits: number; window_start: Date }> = await this.dataSource.query(
      `INSERT INTO rate_limit_buckets (key, window_start, hits) VALUES ($1, now(), 1)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limit_buckets.window_start <= now() - make_interval(secs => $2) THEN 1 ELSE rate_limit_buckets.hits + 1 END,
         window_start = CASE WHEN rate_limit_buckets.window_start <= now() - make_interval(secs => $2) THEN now() ELSE rate_limit_buckets.window_start END
       RETURNING hits, window_start`,
      [key.slice(0, 200), windowSeconds],
    );
    const { hits, window_start } = rows[0];
    const retryAfterSeconds = Math.max(1, Math.ceil((new Date(window_start).getTime() + windowSeconds * 1000 - Date.now()) / 1000));
    return { allowed: hits <= limit, retryAfterSeconds };
  }

  /** Throws 429 when any of the keys is over its limit (all keys are counted). */
  async enforce(checks: Array<{ key: string; limit: number }>, windowSeconds: number, message: string): Promise<void> {
    let worst = 0;
    for (const c of checks) {
      const r = await this.hit(c.key, c.limit, windowSeconds);
      if (!r.allowed) worst = Math.max(worst, r.retryAfterSeconds);
    }
    if (worst > 0) throw new TooManyRequests(message, worst);
  }
}

export class TooManyRequests extends HttpException {
  constructor(message: string, readonly retryAfterSeconds: number) {
    super({ statusCode: 429, error: 'Too Many Requests', message, retryAfterSeconds }, HttpStatus.TOO_MANY_REQUESTS);
  }
}
