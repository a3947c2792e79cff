import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { TooManyRequests } from '../common/rate-limit.service';

/** Failures allowed before any delay, per key kind, and the delay cap. */
export const LOGIN_FREE_FAILURES = { accountIp: 5, ip: 20, account: 50 } as const;
export const LOGIN_MAX_DELAY_SECONDS = 60;
/** Failures older than this are forgotten. */
const FORGET_AFTER_SECONDS = 3600;

export const LOGIN_THROTTLED = 'Too many failed sign-in attempts. Please wait a moment and try again.';

/** Delay after `failures` failures when `free` are allowed: 1 s, 2 s, 4 s… capped at a minute. */
export function loginDelaySeconds(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(LOGIN_MAX_DELAY_SECONDS, 2 ** Math.min(failures - free, 10));
}

/**
 * Sign-in throttling that counts FAILURES, not attempts, so an owner is never locked out by a
 * stranger's wrong passwords: the tight limit is per (account, IP), the per-account limit (all
 * IPs together) is high enough to stop only a distributed guessing run, and every delay is
 * capped at a minute. Counters live in Postgres (rate_limit_buckets), shared by every instance.
 */
@Injectable()
export class LoginThrottle {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private keys(account: string, ip: string) {
    const a = account.toLowerCase().slice(0, 80);
    return [
      { key: `login-fail:acct-ip:${a}:${ip}`, free: LOGIN_FREE_FAILURES.accountIp },
      { key: `login-fail:ip:${ip}`, free: LOGIN_FREE_FAILURES.ip },
      { key: `login-fail:acct:${a}`, free: LOGIN_FREE_FAILURES.account },
    ];
  }

  /** Throws 429 (Retry-After) while a delay earned by earlier failures is running. */
  async check(account: string, ip: string): Promise<void> {
    const keys = this.keys(account, ip);
    const rows: Array<{ key: string; hits: number; wait: number }> = await this.dataSource.query(
      `SELECT key, hits, extract(epoch FROM (window_start - now()))::float8 AS wait FROM rate_limit_buckets
        WHERE key = ANY($1::varchar[]) AND window_start > now() - make_interval(secs => $2)`,
      [keys.map((k) => k.key), FORGET_AFTER_SECONDS],
    );
    let worst = 0;
    for (const row of rows) {
      const k = keys.find((x) => x.key === row.key)!;
      // window_start holds the last failure time; the delay runs from there.
      const remaining = loginDelaySeconds(row.hits, k.free) + Number(row.wait);
      worst = Math.max(worst, remaining);
    }
    if (worst > 0) throw new TooManyRequests(LOGIN_THROTTLED, Math.ceil(worst));
  }

  async failed(account: string, ip: string): Promise<void> {
    for (const { key } of this.keys(account, ip)) {
      await this.dataSource.query(
        `INSERT INTO rate_limit_buckets (key, window_start, hits) VALUES ($1, now(), 1)
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN rate_limit_buckets.window_start <= now() - make_interval(secs => $2) THEN 1 ELSE rate_limit_buckets.hits + 1 END,
           window_start = now()`,
        [key.slice(0, 200), FORGET_AFTER_SECONDS],
      );
    }
  }

  /** A success clears this (account, IP) pair; the wider counters decay on their own. */
  async succeeded(account: string, ip: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM rate_limit_buckets WHERE key = $1`, [this.keys(account, ip)[0].key.slice(0, 200)]);
  }
}
