import { useTranslation } from 'react-i18next';
import type { PlanDebug, Subscription } from '../../api/types';
import { describeSubscription, type SubscriptionFacts } from '../../lib/subscription-display';
import { Badge } from '../ui/badge';

/** The plan-debug answer is fresher (polled every 5 s), so its fields win over the subscription's. */
export function mergeSubscriptionFacts(sub?: Subscription, debug?: PlanDebug): SubscriptionFacts | undefined {
  if (!sub && !debug) return undefined;
  return {
    status: sub?.status,
    plan: debug?.plan ?? sub?.plan,
    trialEndsAt: debug?.trialEndsAt ?? sub?.trialEndsAt,
    subscriptionEndsAt: debug?.subscriptionEndsAt ?? sub?.subscriptionEndsAt,
  };
}

export function SubscriptionBadge({ facts, now = new Date() }: { facts: SubscriptionFacts | undefined; now?: Date }) {
  const { t } = useTranslation();
  const label = describeSubscription(facts, now);
  const plan = label.values.plan ? t(`sub.plans.${label.values.plan}`, { defaultValue: label.values.plan }) : undefined;
  return (
    <Badge tone={label.tone} data-testid="subscription-badge">
      {t(label.key, { plan, days: label.values.days })}
    </Badge>
  );
}
