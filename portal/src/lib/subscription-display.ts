export type BadgeTone = 'success' | 'warning' | 'danger' | 'info' | 'neutral';

export interface SubscriptionFacts {
  status?: string | null;
  plan?: string | null;
  trialEndsAt?: string | null;
  subscriptionEndsAt?: string | null;
}

/** What the subscription badge says: an i18n key, its values, and a colour. */
export interface SubscriptionLabel {
  key: 'sub.label.active' | 'sub.label.trial' | 'sub.label.plan' | 'sub.label.inactive' | 'sub.label.freeTrial';
  values: { plan?: string; days?: number };
  tone: BadgeTone;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function inFuture(iso: string | null | undefined, now: Date): iso is string {
  if (!iso) return false;
  const t = Date.parse(iso);
  return Number.isFinite(t) && t > now.getTime();
}

/** Basic is the free plan (SPEC decisions: `free` = Basic without a trial). */
export function isFreePlan(plan: string | null | undefined): boolean {
  return !plan || plan === 'free' || plan === 'basic';
}

/**
 * SPEC §4 "Subscription display", in its order: a paid period running → active + plan;
 * else a trial running → trial + days left (rounded up); else the plan name (blue for the
 * free plan, red otherwise). Without dates or plan, fall back on the status; with no data
 * at all, "free trial".
 */
export function describeSubscription(facts: SubscriptionFacts | null | undefined, now: Date): SubscriptionLabel {
  if (!facts) return { key: 'sub.label.freeTrial', values: {}, tone: 'warning' };
  const plan = facts.plan ?? undefined;
  if (inFuture(facts.subscriptionEndsAt, now)) {
    return { key: 'sub.label.active', values: { plan: plan ?? 'premium' }, tone: 'success' };
  }
  if (inFuture(facts.trialEndsAt, now)) {
    const days = Math.ceil((Date.parse(facts.trialEndsAt) - now.getTime()) / DAY_MS);
    return { key: 'sub.label.trial', values: { days }, tone: 'warning' };
  }
  if (plan) {
    return { key: 'sub.label.plan', values: { plan }, tone: isFreePlan(plan) ? 'info' : 'danger' };
  }
  switch (facts.status) {
    case 'active':
      return { key: 'sub.label.active', values: { plan: 'premium' }, tone: 'success' };
    case 'trial':
      return { key: 'sub.label.trial', values: { days: 0 }, tone: 'warning' };
    case undefined:
    case null:
      return { key: 'sub.label.freeTrial', values: {}, tone: 'warning' };
    default:
      return { key: 'sub.label.inactive', values: {}, tone: 'danger' };
  }
}
