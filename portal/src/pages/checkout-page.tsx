import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { AppTopBar } from '../components/app-top-bar';
import { buttonClasses } from '../components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '../components/ui/card';
import { CreditCardIcon, ShieldCheckIcon } from '../components/ui/icons';
import { formatPrice } from '../lib/format-price';
import { isBillingCycle, PREMIUM_MONTHLY_EUR, PREMIUM_YEARLY_EUR } from '../lib/pricing';
import { language } from '../state/language';
import { useSignalValue } from '../state/use-signal-value';

/** Payments are not open yet: the page shows the order and says so, and charges nothing. */
export function CheckoutPage() {
  const { t } = useTranslation();
  const lang = useSignalValue(language);
  const params = new URLSearchParams(useSearch());
  const plan = params.get('plan') || 'premium';
  const billingParam = params.get('billing');
  const billing = isBillingCycle(billingParam) ? billingParam : 'monthly';
  const price = billing === 'yearly' ? PREMIUM_YEARLY_EUR : PREMIUM_MONTHLY_EUR;
  return (
    <div className="flex min-h-screen flex-col">
      <AppTopBar />
      <main id="main" className="container-page flex-1 py-10 md:py-16">
        <div className="mx-auto flex max-w-lg flex-col gap-6">
          <h1 className="text-3xl font-bold tracking-tight text-fg">{t('checkout.title')}</h1>
          <Card>
            <CardHeader><CardTitle>{t('checkout.summary')}</CardTitle></CardHeader>
            <CardBody>
              <dl className="divide-y divide-border text-sm">
                <div className="flex justify-between py-3"><dt className="text-fg-muted">{t('checkout.plan')}</dt><dd className="font-semibold text-fg">{t(`sub.plans.${plan}`, { defaultValue: plan })}</dd></div>
                <div className="flex justify-between py-3"><dt className="text-fg-muted">{t('checkout.billing')}</dt><dd className="font-semibold text-fg">{billing === 'yearly' ? t('sub.billingYearly') : t('sub.billingMonthly')}</dd></div>
                <div className="flex justify-between py-3 text-base"><dt className="font-semibold text-fg">{t('checkout.total')}</dt><dd className="font-bold text-fg">{formatPrice(price, lang)}</dd></div>
              </dl>
            </CardBody>
          </Card>
          <div role="status" className="flex gap-4 rounded-2xl border border-accent/40 bg-accent-soft p-5 text-accent-soft-fg">
            <CreditCardIcon className="mt-0.5 h-6 w-6 flex-none" />
            <div>
              <p className="font-semibold">{t('checkout.unavailableTitle')}</p>
              <p className="mt-1 text-sm">{t('checkout.unavailableText')}</p>
            </div>
          </div>
          <p className="flex items-center gap-2 text-xs text-fg-muted"><ShieldCheckIcon className="h-4 w-4" />{t('checkout.secure')}</p>
          <Link href="/dashboard" className={buttonClasses('primary', 'md', 'self-start')}>{t('common.backToDashboard')}</Link>
        </div>
      </main>
    </div>
  );
}
