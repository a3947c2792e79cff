import { entitlement, paidUntil, trialEnd } from './plan';

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

  it('a trial is not a payment: only a running paid subscription is `paid`', () => {
    expect(entitlement({ plan: 'basic', trialEndsAt: days(5), subscriptionEndsAt: null }, now)).toMatchObject({ plan: 'premium', paid: false });
    expect(entitlement({ plan: 'premium', trialEndsAt: null, subscriptionEndsAt: days(30) }, now).paid).toBe(true);
    expect(entitlement({ plan: 'premium', trialEndsAt: null, subscriptionEndsAt: null }, now).paid).toBe(false);
  });
});

describe('paidUntil (a subscriptions row -> end of the Premium it pays for)', () => {
  const row = (o: Partial<Parameters<typeof paidUntil>[0]>) => ({ subscriptionId: 'sub_1', status: 'active', currentPeriodEnd: days(30), pastDueSince: null, endedAt: null, ...o });
  it('active and trialing: until the period ends', () => {
    expect(paidUntil(row({}), now)).toEqual(days(30));
    expect(paidUntil(row({ status: 'trialing' }), now)).toEqual(days(30));
  });
  it('past_due: 3 days from when the payment failed', () => {
    expect(paidUntil(row({ status: 'past_due', pastDueSince: days(-1) }), now)).toEqual(days(2));
    expect(paidUntil(row({ status: 'past_due', pastDueSince: days(-4) }), now)!.getTime()).toBeLessThan(now.getTime());
  });
  it('cancelled: until it ended (the period end when cancelled at period end)', () => {
    expect(paidUntil(row({ status: 'canceled', endedAt: days(-1) }), now)).toEqual(days(-1));
  });
  it('never paid: nothing', () => {
    expect(paidUntil(row({ status: 'incomplete' }), now)).toBeNull();
    expect(paidUntil(row({ status: 'incomplete_expired' }), now)).toBeNull();
    expect(paidUntil(row({ subscriptionId: null }), now)).toBeNull();
  });
});
