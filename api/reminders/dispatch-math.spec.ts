import { retryDelayMs } from '../jobs/backoff';
import { quotaExceededMessage } from './quota-messages';
import { quotaState, QUOTA_WINDOW_MS } from './quota-window';
import { TokenBucket } from './token-bucket';

describe('retryDelayMs', () => {
  const policy = { baseMs: 1000, maxMs: 60_000 };
  it('doubles per attempt within [d/2, d]', () => {
    expect(retryDelayMs(1, policy, undefined, () => 0)).toBe(500);
    expect(retryDelayMs(1, policy, undefined, () => 1)).toBe(1000);
    expect(retryDelayMs(3, policy, undefined, () => 1)).toBe(4000);
    expect(retryDelayMs(3, policy, undefined, () => 0)).toBe(2000);
  });
  it('is capped', () => {
    expect(retryDelayMs(20, policy, undefined, () => 1)).toBe(60_000);
  });
  it('honours a longer Retry-After, not a shorter one', () => {
    expect(retryDelayMs(1, policy, 30_000, () => 1)).toBe(30_000);
    expect(retryDelayMs(3, policy, 10, () => 1)).toBe(4000);
  });
});

describe('quotaState (rolling 7 days, injected now)', () => {
  const now = new Date('2030-03-10T12:00:00Z');
  const ago = (h: number) => new Date(now.getTime() - h * 3600_000);

  it('allows under the limit and reports no waiting time', () => {
    expect(quotaState(5, [ago(1), ago(2), ago(3), ago(4)], now)).toEqual({ limit: 5, used: 4, allowed: true, nextAvailableAt: null });
  });

  it('refuses at the limit; next slot when the oldest counted entry leaves the window', () => {
    const s = quotaState(5, [ago(10), ago(100), ago(20), ago(30), ago(40)], now);
    expect(s.allowed).toBe(false);
    expect(s.used).toBe(5);
    expect(s.nextAvailableAt!.getTime()).toBe(ago(100).getTime() + QUOTA_WINDOW_MS);
  });

  it('ignores entries exactly 7 days old or older', () => {
    const s = quotaState(5, [ago(168), ago(200), ago(1), ago(2), ago(3), ago(4)], now);
    expect(s).toMatchObject({ used: 4, allowed: true });
  });

  it('over the limit (limit lowered): waits for enough entries to leave', () => {
    const s = quotaState(5, [ago(1), ago(2), ago(3), ago(4), ago(5), ago(6), ago(7)], now);
    // 7 used, limit 5: the 3rd oldest (5 h ago) must leave before one more fits.
    expect(s.nextAvailableAt!.getTime()).toBe(ago(5).getTime() + QUOTA_WINDOW_MS);
  });

  it('unlimited', () => {
    expect(quotaState(null, Array.from({ length: 50 }, (_, i) => ago(i)), now)).toMatchObject({ allowed: true, used: 50, nextAvailableAt: null });
  });

  it('message in the user language and zone, with the upgrade path', () => {
    const at = new Date('2030-03-12T08:30:00Z');
    const fr = quotaExceededMessage('fr', 5, at, 'Europe/Paris');
    expect(fr).toContain('mardi 12 mars 2030 à 09:30 (Europe/Paris)');
    expect(fr).toContain('/pricing');
    const en = quotaExceededMessage('en', 10, at, 'America/New_York');
    expect(en).toContain('Tuesday 12 March 2030 at 04:30 (America/New_York)');
    expect(en).toContain('limit of 10 reminders');
  });
});

describe('TokenBucket', () => {
  it('grants the burst at once, then one token per 1/rate seconds', () => {
    let t = 0;
    const b = new TokenBucket(10, 2, () => t);
    expect(b.reserve()).toBe(0);
    expect(b.reserve()).toBe(0);
    expect(b.reserve()).toBeCloseTo(100);
    expect(b.reserve()).toBeCloseTo(200);
    t = 1000; // refilled 10 tokens but capped at the burst after paying the debt of 2
    expect(b.reserve()).toBe(0);
  });

  it('drains a burst of 1000 at the configured rate', () => {
    let t = 0;
    const b = new TokenBucket(80, 80, () => t);
    const waits = Array.from({ length: 1000 }, () => b.reserve());
    // The last one waits (1000 − 80) / 80 s: the whole burst takes 11.5 s at 80/s.
    expect(waits[999]).toBeCloseTo(((1000 - 80) / 80) * 1000);
    expect(waits.filter((w) => w === 0)).toHaveLength(80);
  });
});
