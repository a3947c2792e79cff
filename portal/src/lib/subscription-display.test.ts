import { describeSubscription } from './subscription-display';

const now = new Date('2026-03-10T12:00:00Z');
const inDays = (d: number) => new Date(now.getTime() + d * 86400000).toISOString();

describe('describeSubscription (SPEC §4 subscription display)', () => {
  it('shows active + plan in green while the paid period runs, even during a trial', () => {
    expect(describeSubscription({ plan: 'premium', subscriptionEndsAt: inDays(30), trialEndsAt: inDays(3) }, now)).toEqual({
      key: 'sub.label.active',
      values: { plan: 'premium' },
      tone: 'success',
    });
  });

  it('shows the trial with days left rounded up, in yellow', () => {
    const label = describeSubscription({ plan: 'premium', trialEndsAt: inDays(2.1), subscriptionEndsAt: inDays(-1) }, now);
    expect(label).toEqual({ key: 'sub.label.trial', values: { days: 3 }, tone: 'warning' });
  });

  it('shows the plan name once both periods are over: blue for the free plan, red otherwise', () => {
    expect(describeSubscription({ plan: 'free', trialEndsAt: inDays(-1) }, now)).toMatchObject({ key: 'sub.label.plan', tone: 'info' });
    expect(describeSubscription({ plan: 'basic', trialEndsAt: inDays(-1) }, now)).toMatchObject({ key: 'sub.label.plan', tone: 'info' });
    expect(describeSubscription({ plan: 'premium', subscriptionEndsAt: inDays(-5) }, now)).toMatchObject({
      key: 'sub.label.plan',
      values: { plan: 'premium' },
      tone: 'danger',
    });
  });

  it('falls back on the status when no plan or dates are known', () => {
    expect(describeSubscription({ status: 'active' }, now)).toMatchObject({ key: 'sub.label.active', tone: 'success' });
    expect(describeSubscription({ status: 'trial' }, now)).toMatchObject({ key: 'sub.label.trial', tone: 'warning' });
    expect(describeSubscription({ status: 'expired' }, now)).toMatchObject({ key: 'sub.label.inactive', tone: 'danger' });
  });

  it('shows "free trial" with no data at all', () => {
    expect(describeSubscription(undefined, now)).toMatchObject({ key: 'sub.label.freeTrial' });
  });
});
