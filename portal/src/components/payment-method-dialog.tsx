import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ApiError } from '../api/api-error';
import { createPaymentSession, goTo, openBillingPortal } from '../api/payments';
import { usePublicConfigQuery } from '../api/public-config';
import { PREMIUM_MONTHLY_EUR, PREMIUM_YEARLY_EUR, type BillingCycle } from '../lib/pricing';
import { showToast } from '../state/toasts';
import { Button } from './ui/button';
import { Dialog } from './ui/dialog';
import { CheckIcon, CreditCardIcon } from './ui/icons';

/** Where Embedded Checkout finds a client secret handed over by create-payment-session. */
export const CLIENT_SECRET_KEY = 'rappel.checkout.clientSecret';

/**
 * SPEC §4 "Payment start": the method modal (card only), then a payment session: Stripe's hosted
 * Checkout (or the test-mode page) by its URL, or /checkout with Embedded Checkout when a client
 * secret comes back (or when a publishable key lets /checkout open one itself).
 */
export function PaymentMethodDialog({ open, onOpenChange, billing }: { open: boolean; onOpenChange: (open: boolean) => void; billing: BillingCycle }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const config = usePublicConfigQuery();
  const [busy, setBusy] = useState(false);
  const checkoutPath = `/checkout?plan=premium&billing=${billing}&method=card`;

  async function start() {
    setBusy(true);
    try {
      if (config.data?.payments === 'stripe' && config.data.stripePublishableKey) {
        navigate(checkoutPath);
        return;
      }
      const answer = await createPaymentSession('premium', billing, billing === 'yearly' ? PREMIUM_YEARLY_EUR : PREMIUM_MONTHLY_EUR);
      if (answer.checkoutUrl) {
        goTo(answer.checkoutUrl);
      } else if (answer.clientSecret) {
        sessionStorage.setItem(CLIENT_SECRET_KEY, answer.clientSecret);
        navigate(checkoutPath);
      } else {
        throw new Error(t('payment.invalidResponse'));
      }
    } catch (e) {
      setBusy(false);
      if (e instanceof ApiError && e.body?.code === 'already_subscribed') {
        // Already paying: send them to the billing portal rather than to a second subscription.
        onOpenChange(false);
        showToast({ title: t('pricing.alreadySubscribedTitle'), description: t('pricing.alreadySubscribedText') });
        void openBillingPortal().then((p) => goTo(p.url), () => undefined);
        return;
      }
      const message = e instanceof ApiError ? (e.serverMessage ?? t('payment.requestFailed', { status: e.status })) : (e as Error).message;
      showToast({ title: t('payment.errorTitle'), description: message, variant: 'destructive' });
    }
  }

  return (
    <Dialog open={open} onOpenChange={(o) => !busy && onOpenChange(o)} title={t('payment.methodTitle')} description={t('payment.methodText')} closeLabel={t('common.close')}>
      <div role="radiogroup" aria-label={t('payment.methodTitle')} className="flex flex-col gap-3">
        <button type="button" role="radio" aria-checked="true" className="flex items-center gap-3 rounded-xl border-2 border-primary bg-primary-soft/40 p-4 text-left">
          <CreditCardIcon className="h-6 w-6 flex-none text-primary" />
          <span className="flex-1">
            <span className="block font-semibold text-fg">{t('payment.card')}</span>
            <span className="block text-xs text-fg-muted">{config.data?.payments === 'test' ? t('payment.cardTestHint') : t('payment.cardHint')}</span>
          </span>
          <CheckIcon className="h-5 w-5 text-primary" />
        </button>
      </div>
      <Button className="mt-6 w-full" onClick={start} disabled={busy || config.data?.payments === 'off'} aria-busy={busy}>
        {busy ? t('checkout.preparing') : t('payment.continue')}
      </Button>
    </Dialog>
  );
}
