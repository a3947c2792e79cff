import { entitlement, trialEnd } from './plan';

const now = new Date('2026-05-10T12:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);

describe('effective plan', () => {
  it('a new account is on a 7-day Premium trial, unlimited', () => {
    const e = entitlement({ plan: 'basic', trialEndsAt: trialEnd(now), subscriptionEndsAt: null }, now);
    expect(e).toMatchObject({ plan: 'premium', status: 'trial', isOnTrial: true, trialDaysLeft: 7, weeklyLimit: null });
  });

  it('trial days left are rounded up', () => {
    expect(entitlement({ plan: 'basic', trialEndsAt: new Date(now.getTime() + 1000), subscriptionEndsAt: null }, now).trialDaysLeft).toBe(1);
  });

  it('falls back to Basic (5 a week) after the trial', () => {
    expect(entitlement({ plan: 'basic', trialEndsAt: days(-1), subscriptionEndsAt: null }, now)).toMatchObject({ plan: 'basic', status: 'active', isOnTrial: false, weeklyLimit: 5 });
  });

  it('`free` is Basic without a trial', () => {
    expect(entitlement({ plan: 'free', trialEndsAt: days(3), subscriptionEndsAt: null }, now)).toMatchObject({ plan: 'free', isOnTrial: false, weeklyLimit: 5 });
  });

  it('a paid subscription keeps its plan until it ends, then Basic', () => {
    expect(entitlement({ plan: 'premium', trialEndsAt: null, subscriptionEndsAt: days(30) }, now)).toMatchObject({ plan: 'premium', status: 'active', weeklyLimit: null });
    expect(entitlement({ plan: 'premium', trialEndsAt: null, subscriptionEndsAt: days(-1) }, now)).toMatchObject({ plan: 'basic', weeklyLimit: 5 });
  });

  it('legacy Standard allows 10 a week; admin-granted Premium has no end', () => {
    expect(entitlement({ plan: 'standard', trialEndsAt: null, subscriptionEndsAt: null }, now).weeklyLimit).toBe(10);
    expect(entitlement({ plan: 'premium', trialEndsAt: null, subscriptionEndsAt: null }, now).weeklyLimit).toBeNull();
  });
});
