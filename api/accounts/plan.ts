import type { Plan, User } from './user.entity';

export const TRIAL_DAYS = 7;
const DAY = 86_400_000;

export interface Entitlement {
  /** The plan that applies now: a running trial is Premium. */
  plan: Plan;
  status: 'trial' | 'active';
  /** A paid subscription is running now (a trial is not a payment). */
  paid: boolean;
  isOnTrial: boolean;
  trialEndsAt: Date | null;
  trialDaysLeft: number;
  subscriptionEndsAt: Date | null;
  /** Reminders allowed per rolling 7 days; null = unlimited. */
  weeklyLimit: number | null;
}

export const WEEKLY_LIMITS: Record<Plan, number | null> = { free: 5, basic: 5, standard: 10, premium: null };

/**
 * The account's effective plan (SPEC.md decisions): a paid subscription that has not ended keeps
 * its plan; otherwise a running trial is Premium; otherwise the account falls back to Basic
 * (legacy Standard and admin-granted Premium without an end date stay as they are). `free` is
 * Basic without a trial. There is no "expired" state that blocks: Basic always works.
 */
export function entitlement(user: Pick<User, 'plan' | 'trialEndsAt' | 'subscriptionEndsAt'>, now = new Date()): Entitlement {
  const trialEndsAt = user.trialEndsAt ? new Date(user.trialEndsAt) : null;
  const subscriptionEndsAt = user.subscriptionEndsAt ? new Date(user.subscriptionEndsAt) : null;
  const paid = subscriptionEndsAt !== null && subscriptionEndsAt > now;
  const onTrial = !paid && user.plan !== 'free' && user.plan !== 'premium' && trialEndsAt !== null && trialEndsAt > now;
  let plan: Plan;
  if (paid) plan = user.plan;
  else if (onTrial) plan = 'premium';
  else if (user.plan === 'premium' && subscriptionEndsAt !== null) plan = 'basic';
  else plan = user.plan;
  return {
    plan,
    status: onTrial ? 'trial' : 'active',
    paid: paid && plan !== 'free' && plan !== 'basic',
    isOnTrial: onTrial,
    trialEndsAt,
    trialDaysLeft: onTrial ? Math.ceil((trialEndsAt!.getTime() - now.getTime()) / DAY) : 0,
    subscriptionEndsAt,
    weeklyLimit: plan in WEEKLY_LIMITS ? WEEKLY_LIMITS[plan] : 5,
  };
}

/**
 * entitlement()'s `plan` as a SQL expression over a users row (columns plan, trial_ends_at,
 * subscription_ends_at, optionally qualified by `alias`), at the instant in parameter `now`, for
 * counting by effective plan in the database (test/admin/admin-api.spec.ts checks it against entitlement() case by case).
 */
export function effectivePlanSql(now: string, alias = ''): string {
  const c = (column: string) => (alias ? `${alias}.${column}` : column);
  return `(CASE WHEN ${c('subscription_ends_at')} > ${now} THEN ${c('plan')}
               WHEN ${c('plan')} NOT IN ('free', 'premium') AND ${c('trial_ends_at')} > ${now} THEN 'premium'
               WHEN ${c('plan')} = 'premium' AND ${c('subscription_ends_at')} IS NOT NULL THEN 'basic'
               ELSE ${c('plan')} END)`;
}

export const PAST_DUE_GRACE_DAYS = 3;

/** What paidUntil() reads of a row of the subscriptions table. */
export interface SubscriptionTerms {
  subscriptionId: string | null;
  status: string | null;
  currentPeriodEnd: Date | null;
  pastDueSince: Date | null;
  endedAt: Date | null;
}

/**
 * Until when a subscription (as stored in the subscriptions table) pays for Premium: active or
 * trialing until the period ends; past_due for PAST_DUE_GRACE_DAYS from when the payment failed;
 * cancelled until it ended (the period end when cancelled at period end). null = it never paid
 * for anything now (incomplete, unpaid, expired). BillingService writes this onto the user
 * (plan, subscriptionEndsAt) in the transaction that stores the row, which entitlement() reads.
 */
export function paidUntil(sub: SubscriptionTerms, now = new Date()): Date | null {
  if (!sub.subscriptionId) return null;
  switch (sub.status) {
    case 'active':
    case 'trialing':
      return sub.currentPeriodEnd;
    case 'past_due': {
      return new Date((sub.pastDueSince ?? now).getTime() + PAST_DUE_GRACE_DAYS * DAY);
    }
    case 'canceled':
      return sub.endedAt ?? now;
    default:
      return null;
  }
}

export function trialEnd(from = new Date()): Date {
  return new Date(from.getTime() + TRIAL_DAYS * DAY);
}
