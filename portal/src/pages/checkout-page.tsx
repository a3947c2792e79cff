import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { ApiError } from '../api/api-error';
import { createPaymentIntent, getTestSession, goTo, payTestSession, setTestCancelAtPeriodEnd, type TestSession } from '../api/payments';
import { usePublicConfigQuery } from '../api/public-config';
import { useSubscriptionQuery } from '../api/subscription';
import { AppTopBar } from '../components/app-top-bar';
import { CLIENT_SECRET_KEY } from '../components/payment-method-dialog';
import { Button, buttonClasses } from '../components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '../components/ui/card';
import { Field } from '../components/ui/field';
import { CheckIcon, CreditCardIcon, ShieldCheckIcon } from '../components/ui/icons';
import { Input } from '../components/ui/input';
import { Spinner } from '../components/ui/spinner';
import { formatDate } from '../lib/format';
import { formatPrice } from '../lib/format-price';
import { isBillingCycle, PREMIUM_MONTHLY_EUR, PREMIUM_YEARLY_EUR, type BillingCycle } from '../lib/pricing';
import { language } from '../state/language';
import { useSignalValue } from '../state/use-signal-value';

const StripeEmbeddedCheckout = lazy(() => import('../components/stripe-embedded-checkout'));

type CheckoutState = { kind: 'preparing' } | { kind: 'ready' } | { kind: 'processing' } | { kind: 'success' } | { kind: 'failed'; message: string };

function errorMessage(e: unknown, fallback: string): string {
  return e instanceof ApiError ? (e.serverMessage ?? fallback) : fallback;
}

function OrderSummary({ billing }: { billing: BillingCycle }) {
  const { t } = useTranslation();
  const lang = useSignalValue(language);
  return (
    <Card>
      <CardHeader><CardTitle>{t('checkout.summary')}</CardTitle></CardHeader>
      <CardBody>
        <dl className="divide-y divide-border text-sm">
          <div className="flex justify-between py-3"><dt className="text-fg-muted">{t('checkout.plan')}</dt><dd className="font-semibold text-fg">{t('sub.plans.premium')}</dd></div>
          <div className="flex justify-between py-3"><dt className="text-fg-muted">{t('checkout.billing')}</dt><dd className="font-semibold text-fg">{billing === 'yearly' ? t('sub.billingYearly') : t('sub.billingMonthly')}</dd></div>
          <div className="flex justify-between py-3 text-base"><dt className="font-semibold text-fg">{t('checkout.total')}</dt><dd className="font-bold text-fg" data-testid="checkout-total">{formatPrice(billing === 'yearly' ? PREMIUM_YEARLY_EUR : PREMIUM_MONTHLY_EUR, lang)}</dd></div>
        </dl>
      </CardBody>
    </Card>
  );
}

function StateNotice({ state }: { state: CheckoutState }) {
  const { t } = useTranslation();
  if (state.kind === 'preparing' || state.kind === 'processing') {
    return (
      <div role="status" className="flex items-center gap-3 rounded-2xl border border-border bg-surface p-5 text-sm text-fg">
        <Spinner className="h-5 w-5" />
        {state.kind === 'preparing' ? t('checkout.preparing') : t('checkout.processing')}
      </div>
    );
  }
  if (state.kind === 'success') {
    return (
      <div role="status" className="flex items-center gap-3 rounded-2xl border border-primary/40 bg-primary-soft p-5 text-sm font-semibold text-primary-soft-fg">
        <CheckIcon className="h-5 w-5" />
        {t('checkout.success')}
      </div>
    );
  }
  if (state.kind === 'failed') {
    return (
      <div role="alert" className="rounded-2xl border border-danger/40 bg-danger-soft p-5 text-danger-soft-fg">
        <p className="font-semibold">{t('checkout.failedTitle')}</p>
        <p className="mt-1 text-sm">{state.message}</p>
      </div>
    );
  }
  return null;
}

/** The embedded test mode's own card form (no Stripe keys, outside production): Stripe's test cards only. */
function TestModeCheckout({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const lang = useSignalValue(language);
  const [session, setSession] = useState<TestSession | null>(null);
  const [state, setState] = useState<CheckoutState>({ kind: 'preparing' });
  const [card, setCard] = useState({ cardNumber: '', expiry: '', cvc: '' });

  useEffect(() => {
    getTestSession(sessionId)
      .then((s) => {
        setSession(s);
        setState(s.status === 'open' ? { kind: 'ready' } : { kind: 'failed', message: t('checkout.sessionClosed') });
      })
      .catch((e) => setState({ kind: 'failed', message: errorMessage(e, t('payment.unexpected')) }));
  }, [sessionId, t]);

  async function pay(e: FormEvent) {
    e.preventDefault();
    setState({ kind: 'processing' });
    try {
      const { redirectUrl } = await payTestSession(sessionId, card);
      setState({ kind: 'success' });
      navigate(redirectUrl);
    } catch (err) {
      setState({ kind: 'failed', message: cardErrorMessage(err) });
    }
  }

  /** Card errors in the user's language, from the server's error code (never its English text). */
  function cardErrorMessage(err: unknown): string {
    const body = err instanceof ApiError ? (err.body as { code?: string; declineCode?: string } | null) : null;
    if (body?.code === 'card_declined') return t(`checkout.decline.${body.declineCode ?? 'generic_decline'}`, { defaultValue: t('checkout.decline.generic_decline') });
    if (body?.code === 'invalid_card' || (err instanceof ApiError && err.status === 400)) return t('checkout.invalidCard');
    return errorMessage(err, t('payment.unexpected'));
  }

  const billing = session?.billingCycle ?? 'monthly';
  const busy = state.kind === 'processing' || state.kind === 'success';
  return (
    <>
      <p className="w-fit rounded-full bg-accent-soft px-4 py-1.5 text-sm font-semibold text-accent-soft-fg" data-testid="test-mode-label">{t('checkout.testMode')}</p>
      {session && <OrderSummary billing={billing} />}
      <StateNotice state={state} />
      {session && session.status === 'open' && (
        <Card>
          <CardHeader><CardTitle className="flex items-center gap-2"><CreditCardIcon className="h-5 w-5" />{t('payment.card')}</CardTitle></CardHeader>
          <CardBody>
            <form onSubmit={pay} className="flex flex-col gap-4" noValidate>
              <Field label={t('checkout.cardNumber')} hint={t('checkout.testCardsHint')}>
                <Input name="cardnumber" inputMode="numeric" autoComplete="cc-number" placeholder="4242 4242 4242 4242" value={card.cardNumber} onChange={(e) => setCard({ ...card, cardNumber: e.target.value })} disabled={busy} required />
              </Field>
              <div className="grid grid-cols-2 gap-4">
                <Field label={t('checkout.expiry')}>
                  <Input name="exp-date" autoComplete="cc-exp" placeholder={t('checkout.expiryPlaceholder')} value={card.expiry} onChange={(e) => setCard({ ...card, expiry: e.target.value })} disabled={busy} required />
                </Field>
                <Field label={t('checkout.cvc')}>
                  <Input name="cvc" inputMode="numeric" autoComplete="cc-csc" placeholder="123" value={card.cvc} onChange={(e) => setCard({ ...card, cvc: e.target.value })} disabled={busy} required />
                </Field>
              </div>
              <Button type="submit" disabled={busy} aria-busy={busy}>
                {busy ? t('checkout.processing') : t('checkout.pay', { amount: formatPrice(session.amount, lang) })}
              </Button>
              <Link href={session.cancelUrl} className={buttonClasses('ghost', 'sm', 'self-center')}>{t('checkout.cancel')}</Link>
            </form>
          </CardBody>
        </Card>
      )}
    </>
  );
}

/** The test mode's customer portal: cancel at period end, or resume. */
function TestModePortal() {
  const { t } = useTranslation();
  const lang = useSignalValue(language);
  const sub = useSubscriptionQuery();
  const [state, setState] = useState<CheckoutState>({ kind: 'ready' });
  async function set(cancel: boolean) {
    setState({ kind: 'processing' });
    try {
      await setTestCancelAtPeriodEnd(cancel);
      await sub.refetch();
      setState({ kind: 'ready' });
    } catch (e) {
      setState({ kind: 'failed', message: errorMessage(e, t('payment.unexpected')) });
    }
  }
  const data = sub.data;
  return (
    <>
      <p className="w-fit rounded-full bg-accent-soft px-4 py-1.5 text-sm font-semibold text-accent-soft-fg">{t('checkout.testMode')}</p>
      <Card>
        <CardHeader><CardTitle>{t('sub.manageBilling')}</CardTitle></CardHeader>
        <CardBody className="flex flex-col gap-4 text-sm">
          {data?.cancelsAt && <p>{t('sub.cancelsOn', { date: formatDate(data.cancelsAt, lang) })}</p>}
          {data?.nextBillingDate && <p>{t('sub.nextBilling', { date: formatDate(data.nextBillingDate, lang) })}</p>}
          <StateNotice state={state} />
          {data?.cancelsAt ? (
            <Button onClick={() => set(false)} disabled={state.kind === 'processing'}>{t('checkout.resume')}</Button>
          ) : (
            <Button variant="danger" onClick={() => set(true)} disabled={state.kind === 'processing' || !data?.nextBillingDate}>{t('checkout.cancelAtPeriodEnd')}</Button>
          )}
          <Link href="/dashboard?tab=subscription" className={buttonClasses('ghost', 'sm', 'self-start')}>{t('common.backToDashboard')}</Link>
        </CardBody>
      </Card>
    </>
  );
}

/** Stripe mode: an Embedded Checkout session for the chosen plan (hosted Checkout when no client secret comes back). */
function StripeCheckout({ billing, plan }: { billing: BillingCycle; plan: string }) {
  const { t } = useTranslation();
  const config = usePublicConfigQuery();
  const [state, setState] = useState<CheckoutState>({ kind: 'preparing' });
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !config.data) return;
    started.current = true;
    if (config.data.payments === 'off') {
      setState({ kind: 'failed', message: t('checkout.unavailableText') });
      return;
    }
    const handed = sessionStorage.getItem(CLIENT_SECRET_KEY);
    if (handed) {
      sessionStorage.removeItem(CLIENT_SECRET_KEY);
      setClientSecret(handed);
      setState({ kind: 'ready' });
      return;
    }
    createPaymentIntent(plan, billing, billing === 'yearly' ? PREMIUM_YEARLY_EUR : PREMIUM_MONTHLY_EUR)
      .then((a) => {
        if (a.clientSecret) {
          setClientSecret(a.clientSecret);
          setState({ kind: 'ready' });
        } else if (a.checkoutUrl) {
          setState({ kind: 'processing' });
          goTo(a.checkoutUrl);
        } else setState({ kind: 'failed', message: t('payment.invalidResponse') });
      })
      .catch((e) => setState({ kind: 'failed', message: errorMessage(e, t('payment.unexpected')) }));
  }, [config.data, billing, plan, t]);
  const key = config.data?.stripePublishableKey;
  return (
    <>
      <OrderSummary billing={billing} />
      <StateNotice state={state} />
      {state.kind === 'ready' && clientSecret && key && (
        <Suspense fallback={<StateNotice state={{ kind: 'preparing' }} />}>
          <div className="overflow-hidden rounded-2xl bg-white p-2"><StripeEmbeddedCheckout publishableKey={key} clientSecret={clientSecret} /></div>
        </Suspense>
      )}
      {state.kind === 'failed' && <Link href="/pricing" className={buttonClasses('primary', 'md', 'self-start')}>{t('checkout.tryAgain')}</Link>}
    </>
  );
}

/** /checkout: Stripe's Embedded Checkout, or the test mode's own card page and customer portal. */
export function CheckoutPage() {
  const { t } = useTranslation();
  const params = new URLSearchParams(useSearch());
  const testSession = params.get('test_session');
  const testPortal = params.get('test_portal');
  const billingParam = params.get('billing');
  const billing = isBillingCycle(billingParam) ? billingParam : 'monthly';
  return (
    <div className="flex min-h-screen flex-col">
      <AppTopBar />
      <main id="main" className="container-page flex-1 py-10 md:py-16">
        <div className="mx-auto flex max-w-lg flex-col gap-6">
          <h1 className="text-3xl font-bold tracking-tight text-fg">{t('checkout.title')}</h1>
          {testSession ? <TestModeCheckout sessionId={testSession} /> : testPortal ? <TestModePortal /> : <StripeCheckout billing={billing} plan={params.get('plan') || 'premium'} />}
          <p className="flex items-center gap-2 text-xs text-fg-muted" data-testid="checkout-secure"><ShieldCheckIcon className="h-4 w-4 shrink-0" />{t(testSession || testPortal ? 'checkout.secureTestMode' : 'checkout.secure')}</p>
        </div>
      </main>
    </div>
  );
}
