import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ManageBillingButton } from '../manage-billing-button';
import { PaymentMethodDialog } from '../payment-method-dialog';
import { Button } from '../ui/button';
import type { PlanDebug, Subscription } from '../../api/types';
import { formatDate } from '../../lib/format';
import { isFreePlan } from '../../lib/subscription-display';
import { language } from '../../state/language';
import { useSignalValue } from '../../state/use-signal-value';
import { buttonClasses } from '../ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '../ui/card';
import { SparklesIcon } from '../ui/icons';
import { mergeSubscriptionFacts, SubscriptionBadge } from './subscription-badge';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <dt className="text-sm text-fg-muted">{label}</dt>
      <dd className="text-sm font-semibold text-fg">{value}</dd>
    </div>
  );
}

export function SubscriptionTab({ subscription, planDebug, highlightPlan }: { subscription?: Subscription; planDebug?: PlanDebug; highlightPlan?: string | null }) {
  const { t } = useTranslation();
  const lang = useSignalValue(language);
  const facts = mergeSubscriptionFacts(subscription, planDebug);
  const plan = facts?.plan ?? 'free';
  const limit = subscription?.quota.limit;
  const now = Date.now();
  const paidUntil = facts?.subscriptionEndsAt && Date.parse(facts.subscriptionEndsAt) > now ? facts.subscriptionEndsAt : null;
  const trialUntil = facts?.trialEndsAt && Date.parse(facts.trialEndsAt) > now ? facts.trialEndsAt : null;
  // A running subscription is managed, not bought again (the server answers 409 already_subscribed).
  const showUpgrade = !paidUntil && !subscription?.hasRunningSubscription && (isFreePlan(plan) || subscription?.status !== 'active');
  const [choosing, setChoosing] = useState(false);
  const statusKey = subscription?.subscriptionStatus ? `sub.status.${subscription.subscriptionStatus}` : null;
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader className="flex-row items-center justify-between">
          <CardTitle>{t('sub.title')}</CardTitle>
          <SubscriptionBadge facts={facts} />
        </CardHeader>
        <CardBody>
          {subscription?.status === 'expired' && (
            <p role="alert" className="mb-4 rounded-xl bg-danger-soft px-4 py-3 text-sm font-medium text-danger-soft-fg">{t('sub.expiredNotice')}</p>
          )}
          <dl className="divide-y divide-border">
            <Row label={t('checkout.plan')} value={t(`sub.plans.${plan}`, { defaultValue: plan })} />
            <Row label={t('sub.quota')} value={limit === undefined ? '—' : limit === null ? t('sub.unlimited') : t('sub.perWeek', { limit })} />
            {statusKey && <Row label={t('sub.statusLabel')} value={t(statusKey, { defaultValue: subscription!.subscriptionStatus! })} />}
            {subscription?.nextBillingDate && <Row label={t('sub.nextBillingLabel')} value={formatDate(subscription.nextBillingDate, lang)} />}
            {subscription?.cancelsAt && <Row label={t('sub.cancelsLabel')} value={t('sub.cancelsOn', { date: formatDate(subscription.cancelsAt, lang) })} />}
            {paidUntil && !subscription?.nextBillingDate && !subscription?.cancelsAt && <Row label={t('sub.billing')} value={t('sub.paidUntil', { date: formatDate(paidUntil, lang) })} />}
            {!paidUntil && trialUntil && <Row label={t('sub.label.freeTrial')} value={t('sub.trialEnds', { date: formatDate(trialUntil, lang) })} />}
            {subscription?.billingCycle && (
              <Row label={t('sub.billing')} value={subscription.billingCycle === 'yearly' ? t('sub.billingYearly') : t('sub.billingMonthly')} />
            )}
          </dl>
          {subscription?.canManageBilling && (
            <ManageBillingButton className="mt-4" />
          )}
        </CardBody>
      </Card>
      {showUpgrade && (
        <Card className={highlightPlan ? 'border-2 border-primary' : ''}>
          <CardBody className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
            <div className="flex items-start gap-3">
              <span className="flex h-10 w-10 flex-none items-center justify-center rounded-xl bg-accent-soft text-accent-soft-fg"><SparklesIcon className="h-5 w-5" /></span>
              <div>
                <p className="font-semibold text-fg">{t('sub.upgradeTitle')}</p>
                <p className="text-sm text-fg-muted">{t('sub.upgradeText')}</p>
              </div>
            </div>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Link href="/pricing" className={buttonClasses('outline', 'md')}>{t('sub.managePlans')}</Link>
              <Button onClick={() => setChoosing(true)}>{t('pricing.upgrade')}</Button>
            </div>
          </CardBody>
        </Card>
      )}
      <PaymentMethodDialog open={choosing} onOpenChange={setChoosing} billing="monthly" />
    </div>
  );
}
