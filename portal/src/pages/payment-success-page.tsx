import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { ApiError } from '../api/api-error';
import { confirmPayment } from '../api/payments';
import { getSubscription } from '../api/subscription';
import { AppTopBar } from '../components/app-top-bar';
import { authRedirectPath } from '../components/require-auth';
import { Button, buttonClasses } from '../components/ui/button';
import { Card, CardBody } from '../components/ui/card';
import { CheckIcon } from '../components/ui/icons';
import { Spinner } from '../components/ui/spinner';
import { formatDate } from '../lib/format';
import { language } from '../state/language';
import { currentUser } from '../state/session';
import { useSignalValue } from '../state/use-signal-value';

/** SPEC §9: 3 confirm attempts, backoff 1000 ms × 2^n; countdown 3 s; fallback redirect and not-logged-in wait 2 s. */
export const CONFIRM_ATTEMPTS = 3;
export const backoffMs = (attempt: number) => 1000 * 2 ** attempt;
const COUNTDOWN_S = 3;
const FALLBACK_REDIRECT_S = 2;
const NOT_LOGGED_IN_WAIT_MS = 2000;

type View =
  | { kind: 'verifying' }
  | { kind: 'success'; plan: string; until: string | null; seconds: number }
  | { kind: 'delayed'; message: 'delayed' | 'processing' }
  | { kind: 'notLoggedIn' }
  | { kind: 'error' };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Only an active paid subscription counts: a trial user whose payment failed must not be told it worked. */
async function paidBySubscription(): Promise<{ plan: string; until: string | null } | null> {
  try {
    const s = await getSubscription();
    return s.paid ? { plan: s.plan, until: s.subscriptionEndsAt } : null;
  } catch {
    return null;
  }
}

/** /payment-success: verifies the payment with the server, then sends the user to the dashboard (SPEC §4). */
export function PaymentSuccessPage() {
  const { t } = useTranslation();
  const lang = useSignalValue(language);
  const user = useSignalValue(currentUser);
  const [path, navigate] = useLocation();
  const search = useSearch();
  const queryClient = useQueryClient();
  const params = new URLSearchParams(search);
  const sessionId = params.get('session_id');
  const plan = params.get('plan') || 'premium';
  const valid = Boolean(sessionId) && params.get('payment') === 'success';
  const [view, setView] = useState<View>(valid ? { kind: 'verifying' } : { kind: 'error' });
  const attempted = useRef(false);
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);

  const succeed = useCallback(
    (p: string, until: string | null, seconds: number) => {
      void queryClient.invalidateQueries();
      if (mounted.current) setView({ kind: 'success', plan: p, until, seconds });
    },
    [queryClient],
  );

  const toAuth = useCallback(() => navigate(authRedirectPath(path, search, lang), { replace: true }), [navigate, path, search, lang]);

  // Confirmation is attempted once per visit.
  useEffect(() => {
    if (!valid || attempted.current || user === undefined) return;
    if (user === null) {
      const timer = setTimeout(() => mounted.current && setView({ kind: 'notLoggedIn' }), NOT_LOGGED_IN_WAIT_MS);
      return () => clearTimeout(timer);
    }
    attempted.current = true;
    void (async () => {
      for (let n = 0; n < CONFIRM_ATTEMPTS; n++) {
        try {
          const answer = await confirmPayment(plan, sessionId);
          if (answer.success) return succeed(answer.plan ?? plan, answer.subscriptionEndsAt, COUNTDOWN_S);
        } catch (e) {
          if (e instanceof ApiError && e.status === 401) return toAuth();
        }
        if (!mounted.current) return;
        if (n < CONFIRM_ATTEMPTS - 1) await sleep(backoffMs(n));
      }
      const paid = await paidBySubscription();
      if (paid) return succeed(paid.plan, paid.until, FALLBACK_REDIRECT_S);
      if (mounted.current) setView({ kind: 'delayed', message: 'delayed' });
    })();
    return undefined;
  }, [valid, user, plan, sessionId, succeed, toAuth]);

  // Countdown, then the dashboard.
  useEffect(() => {
    if (view.kind !== 'success') return;
    if (view.seconds <= 0) {
      navigate('/dashboard');
      return;
    }
    const timer = setTimeout(() => setView({ ...view, seconds: view.seconds - 1 }), 1000);
    return () => clearTimeout(timer);
  }, [view, navigate]);

  async function checkAgain() {
    setView({ kind: 'verifying' });
    try {
      const answer = await confirmPayment(plan, sessionId);
      if (answer.success) return succeed(answer.plan ?? plan, answer.subscriptionEndsAt, FALLBACK_REDIRECT_S);
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) return toAuth();
    }
    const paid = await paidBySubscription();
    if (paid) return succeed(paid.plan, paid.until, FALLBACK_REDIRECT_S);
    setView({ kind: 'delayed', message: 'processing' });
  }

  const planName = (p: string) => t(`sub.plans.${p}`, { defaultValue: p });
  return (
    <div className="flex min-h-screen flex-col">
      <AppTopBar />
      <main id="main" className="container-page flex-1 py-12 md:py-16">
        <Card className="mx-auto max-w-lg">
          <CardBody className="flex flex-col items-center gap-5 text-center" aria-live="polite">
            {view.kind === 'verifying' && (
              <>
                <Spinner className="h-10 w-10" label={t('paymentSuccess.verifying')} />
                <h1 className="text-2xl font-bold text-fg">{t('paymentSuccess.verifying')}</h1>
                <p className="text-sm text-fg-muted">{t('paymentSuccess.verifyingText')}</p>
              </>
            )}
            {view.kind === 'success' && (
              <>
                <span className="flex h-14 w-14 items-center justify-center rounded-full bg-primary-soft text-primary-soft-fg"><CheckIcon className="h-8 w-8" /></span>
                <h1 className="text-2xl font-bold text-fg">{t('paymentSuccess.successTitle')}</h1>
                <p className="text-fg" data-testid="upgraded-text">{t('paymentSuccess.upgraded', { plan: planName(view.plan) })}</p>
                <ul className="flex w-full flex-col gap-2 rounded-2xl bg-surface-muted p-4 text-left text-sm text-fg">
                  {[view.plan === 'premium' ? t('paymentSuccess.benefitPremium') : t('paymentSuccess.benefitBasic'), t('paymentSuccess.benefitActive'), view.until ? t('paymentSuccess.benefitValidUntil', { date: formatDate(view.until, lang) }) : t('paymentSuccess.benefitValid')].map((b) => (
                    <li key={b} className="flex items-start gap-2"><CheckIcon className="mt-0.5 h-4 w-4 flex-none text-primary" />{b}</li>
                  ))}
                </ul>
                <p className="text-sm text-fg-muted" data-testid="countdown">{t('paymentSuccess.redirecting', { count: view.seconds })}</p>
                <Button onClick={() => navigate('/dashboard')} disabled={view.seconds > 0}>{t('common.backToDashboard')}</Button>
              </>
            )}
            {view.kind === 'delayed' && (
              <>
                <h1 className="text-2xl font-bold text-fg">{t('paymentSuccess.title')}</h1>
                <p role="alert" className="rounded-2xl border border-accent/40 bg-accent-soft p-4 text-sm text-accent-soft-fg">
                  {view.message === 'processing' ? t('paymentSuccess.stillProcessing') : t('paymentSuccess.delayed')}
                </p>
                <div className="flex flex-col gap-2 sm:flex-row">
                  <Link href="/dashboard" className={buttonClasses('outline', 'md')}>{t('common.backToDashboard')}</Link>
                  <Button onClick={checkAgain}>{t('paymentSuccess.checkAgain')}</Button>
                </div>
              </>
            )}
            {view.kind === 'notLoggedIn' && (
              <>
                <h1 className="text-2xl font-bold text-fg">{t('paymentSuccess.title')}</h1>
                <p role="alert" className="text-sm text-danger">{t('paymentSuccess.notLoggedIn')}</p>
                <Link href={authRedirectPath(path, search, lang)} className={buttonClasses('primary', 'md')}>{t('paymentSuccess.signIn')}</Link>
              </>
            )}
            {view.kind === 'error' && (
              <>
                <h1 className="text-2xl font-bold text-fg">{t('paymentSuccess.title')}</h1>
                <p role="alert" className="text-sm text-danger">{t('paymentSuccess.missing')}</p>
                <Link href="/dashboard" className={buttonClasses('primary', 'md')}>{t('common.backToDashboard')}</Link>
              </>
            )}
          </CardBody>
        </Card>
      </main>
    </div>
  );
}
