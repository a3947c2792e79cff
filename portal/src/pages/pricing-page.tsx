import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { usePublicConfigQuery } from '../api/public-config';
import { usePlanDebugQuery, useSubscriptionQuery } from '../api/subscription';
import { ManageBillingButton, useManageBilling } from '../components/manage-billing-button';
import { PaymentMethodDialog } from '../components/payment-method-dialog';
import { AppTopBar } from '../components/app-top-bar';
import { BillingToggle, PricingPlans } from '../components/pricing-plans';
import { buttonClasses } from '../components/ui/button';
import { ArrowLeftIcon, CreditCardIcon } from '../components/ui/icons';
import { isBillingCycle, type BillingCycle } from '../lib/pricing';

/** /pricing and /subscription: the plan cards, reading `billing` (and `plan`) from the query. */
export function PricingPage() {
  const { t } = useTranslation();
  const params = new URLSearchParams(useSearch());
  const initial = params.get('billing');
  const [billing, setBilling] = useState<BillingCycle>(isBillingCycle(initial) ? initial : 'monthly');
  const plan = usePlanDebugQuery();
  const config = usePublicConfigQuery();
  const paymentsOff = config.data?.payments === 'off';
  const subscription = useSubscriptionQuery();
  // A running subscription is managed, not bought twice: the plan button opens "Manage billing".
  const running = subscription.data?.hasRunningSubscription === true;
  const billingPortal = useManageBilling();
  const [choosing, setChoosing] = useState(params.get('plan') === 'premium' && params.get('method') === 'card');
  return (
    <div className="flex min-h-screen flex-col">
      <AppTopBar />
      <main id="main" className="container-page flex-1 py-8 md:py-12">
        <Link href="/dashboard?tab=subscription" className={buttonClasses('ghost', 'sm', '-ml-3 mb-6')}>
          <ArrowLeftIcon className="h-4 w-4" />
          {t('common.backToDashboard')}
        </Link>
        <div className="mx-auto mb-10 max-w-2xl text-center">
          <h1 className="text-3xl font-bold tracking-tight text-fg md:text-4xl">{t('pricing.title')}</h1>
          <p className="mt-3 text-lg text-fg-muted">{t('pricing.subtitle')}</p>
        </div>
        {paymentsOff && (
          <div role="status" className="mx-auto mb-8 flex max-w-2xl gap-4 rounded-2xl border border-accent/40 bg-accent-soft p-5 text-accent-soft-fg">
            <CreditCardIcon className="mt-0.5 h-6 w-6 flex-none" />
            <div>
              <p className="font-semibold">{t('checkout.unavailableTitle')}</p>
              <p className="mt-1 text-sm">{t('checkout.unavailableText')}</p>
            </div>
          </div>
        )}
        {config.data?.payments === 'test' && (
          <p className="mx-auto mb-6 w-fit rounded-full bg-accent-soft px-4 py-1.5 text-xs font-semibold text-accent-soft-fg" data-testid="test-mode-badge">{t('checkout.testMode')}</p>
        )}
        {running && (
          <div role="status" data-testid="already-subscribed" className="mx-auto mb-8 flex max-w-2xl flex-col gap-3 rounded-2xl border border-primary/40 bg-primary-soft/40 p-5 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <p className="font-semibold text-fg">{t('pricing.alreadySubscribedTitle')}</p>
              <p className="mt-1 text-sm text-fg-muted">{t('pricing.alreadySubscribedText')}</p>
            </div>
            <ManageBillingButton className="flex-none" />
          </div>
        )}
        <div className="mb-10 flex justify-center">
          <BillingToggle value={billing} onChange={setBilling} />
        </div>
        <PricingPlans
          billing={billing}
          basicHref="/dashboard"
          premiumHref={`/checkout?plan=premium&billing=${billing}`}
          onChoosePremium={() => (running ? void billingPortal.open() : setChoosing(true))}
          premiumDisabled={paymentsOff}
          currentPlan={plan.data?.subscriptionEndsAt && Date.parse(plan.data.subscriptionEndsAt) > Date.now() ? plan.data.plan : plan.data?.plan === 'premium' ? null : plan.data?.plan}
        />
      </main>
      <PaymentMethodDialog open={choosing && !running} onOpenChange={setChoosing} billing={billing} />
    </div>
  );
}
