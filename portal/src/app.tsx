import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Route, Switch } from 'wouter';
import i18n from './i18n/i18n';
import { RequireAuth } from './components/require-auth';
import { SessionSync } from './components/session-sync';
import { Toaster } from './components/ui/toaster';
import { LandingPage } from './pages/landing-page';
import { NotFoundPage } from './pages/not-found-page';
import { followSystemTheme } from './state/theme';
import { PageSpinner } from './components/ui/spinner';

// Signed-in screens and secondary pages load on demand, so the landing page stays light.
const AuthPage = lazy(() => import('./pages/auth-page').then((m) => ({ default: m.AuthPage })));
const CheckoutPage = lazy(() => import('./pages/checkout-page').then((m) => ({ default: m.CheckoutPage })));
const CreateReminderPage = lazy(() => import('./pages/create-reminder-page').then((m) => ({ default: m.CreateReminderPage })));
const DashboardPage = lazy(() => import('./pages/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const PaymentSuccessPage = lazy(() => import('./pages/payment-success-page').then((m) => ({ default: m.PaymentSuccessPage })));
const PricingPage = lazy(() => import('./pages/pricing-page').then((m) => ({ default: m.PricingPage })));
const AboutPage = lazy(() => import('./pages/about-page').then((m) => ({ default: m.AboutPage })));
const FeaturesPage = lazy(() => import('./pages/features-page').then((m) => ({ default: m.FeaturesPage })));
const SimulatorPage = lazy(() => import('./pages/simulator').then((m) => ({ default: m.SimulatorPage })));

function Routes() {
  const { t } = useTranslation();
  return (
    <>
      <Suspense fallback={<PageSpinner label={t('common.loading')} />}>
      <Switch>
        <Route path="/" component={LandingPage} />
        <Route path="/auth" component={AuthPage} />
        <Route path="/features" component={FeaturesPage} />
        <Route path="/how-it-works" component={FeaturesPage} />
        <Route path="/about" component={AboutPage} />
        <Route path="/dashboard">
          <RequireAuth><DashboardPage /></RequireAuth>
        </Route>
        <Route path="/create-reminder">
          <RequireAuth><CreateReminderPage /></RequireAuth>
        </Route>
        <Route path="/pricing">
          <RequireAuth><PricingPage /></RequireAuth>
        </Route>
        <Route path="/subscription">
          <RequireAuth><PricingPage /></RequireAuth>
        </Route>
        <Route path="/checkout">
          <RequireAuth><CheckoutPage /></RequireAuth>
        </Route>
        <Route path="/simulator">
          <RequireAuth><SimulatorPage /></RequireAuth>
        </Route>
        {/* Not behind RequireAuth: the page itself says "must be logged in" after 2 s (SPEC §4). */}
        <Route path="/payment-success" component={PaymentSuccessPage} />
        <Route component={NotFoundPage} />
      </Switch>
      </Suspense>
      <Toaster closeLabel={t('common.close')} />
    </>
  );
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  useEffect(() => followSystemTheme(), []);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SessionSync />
        <Routes />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
