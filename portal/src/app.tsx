import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Route, Switch } from 'wouter';
import i18n from './i18n/i18n';
import { RequireAuth } from './components/require-auth';
import { SessionSync } from './components/session-sync';
import { Toaster } from './components/ui/toaster';
import { AboutPage } from './pages/about-page';
import { AuthPage } from './pages/auth-page';
import { CheckoutPage } from './pages/checkout-page';
import { CreateReminderPage } from './pages/create-reminder-page';
import { DashboardPage } from './pages/dashboard-page';
import { FeaturesPage } from './pages/features-page';
import { LandingPage } from './pages/landing-page';
import { NotFoundPage } from './pages/not-found-page';
import { PaymentSuccessPage } from './pages/payment-success-page';
import { PricingPage } from './pages/pricing-page';
import { followSystemTheme } from './state/theme';

function Routes() {
  const { t } = useTranslation();
  return (
    <>
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
        <Route path="/payment-success">
          <RequireAuth><PaymentSuccessPage /></RequireAuth>
        </Route>
        <Route component={NotFoundPage} />
      </Switch>
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
