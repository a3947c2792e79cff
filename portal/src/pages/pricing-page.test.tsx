/**
 * Signals ship ES modules under the "browser" condition jsdom uses; take the CommonJS builds.
 * @jest-environment-options {"customExportConditions": ["require", "node", "default"]}
 */
jest.mock('wouter', () => require('../testing/wouter-mock'));
jest.mock('../api/payments', () => ({ ...jest.requireActual('../api/payments'), goTo: jest.fn() }));
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { goTo } from '../api/payments';
import type { Subscription } from '../api/types';
import { errorBody, installFakeFetch } from '../testing/fake-fetch';
import { renderWithApp, testUser } from '../testing/render';
import { setTestLocation } from '../testing/wouter-mock';
import { PricingPage } from './pricing-page';

const day = 86400000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

function subscription(over: Partial<Subscription>): Subscription {
  return {
    status: 'trial', plan: 'premium', trialEndsAt: iso(2 * day), isOnTrial: true, trialDaysLeft: 2, subscriptionEndsAt: null, billingCycle: null,
    quota: { limit: null, used: 0, windowDays: 7, nextAvailableAt: null }, hasRunningSubscription: false, canManageBilling: false, ...over,
  };
}

function serve(sub: Subscription, checkout: { status: number; body: unknown } = { status: 200, body: { checkoutUrl: '/checkout?test_session=cs_test_1' } }) {
  return installFakeFetch((c) => {
    if (c.path === '/api/subscription') return { status: 200, body: sub };
    if (c.path === '/api/plan-debug') return { status: 200, body: { plan: sub.plan, trialEndsAt: sub.trialEndsAt, subscriptionEndsAt: sub.subscriptionEndsAt } };
    if (c.path === '/api/config/public') return { status: 200, body: { whatsappNumber: null, telegramBotUsername: null, simulator: false, payments: 'test' } };
    if (c.method === 'POST' && c.path === '/api/create-payment-session') return checkout;
    if (c.method === 'POST' && c.path === '/api/billing/portal') return { status: 200, body: { url: '/checkout?test_portal=1' } };
    return undefined;
  });
}

describe('PricingPage with a running subscription', () => {
  beforeEach(() => {
    setTestLocation('/pricing');
    (goTo as jest.Mock).mockClear();
  });

  it('sends a subscriber to "Manage billing" instead of a second checkout', async () => {
    // Cancelling at period end: Premium until then, and still no second subscription.
    const calls = serve(subscription({ status: 'active', isOnTrial: false, trialEndsAt: null, subscriptionEndsAt: iso(-day), subscriptionStatus: 'active', canManageBilling: true, hasRunningSubscription: true, plan: 'free' }));
    renderWithApp(<PricingPage />, { user: testUser });
    expect(await screen.findByTestId('already-subscribed')).toHaveTextContent('Vous êtes déjà Premium');
    await userEvent.click(screen.getByRole('button', { name: 'Passer à Premium' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/checkout?test_portal=1'));
    expect(calls.filter((c) => c.path === '/api/create-payment-session')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers checkout to someone without a running subscription', async () => {
    const calls = serve(subscription({}));
    renderWithApp(<PricingPage />, { user: testUser });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/subscription')).toBe(true));
    expect(screen.queryByTestId('already-subscribed')).not.toBeInTheDocument();
  });

  it('when the server answers 409 already_subscribed, goes to the billing portal rather than showing an error', async () => {
    setTestLocation('/pricing?plan=premium&method=card');
    const calls = serve(subscription({}), { status: 409, body: { ...errorBody(409, 'You already have a Premium subscription.'), code: 'already_subscribed' } });
    renderWithApp(<PricingPage />, { user: testUser });
    await userEvent.click(await screen.findByRole('button', { name: 'Continuer vers le paiement' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/checkout?test_portal=1'));
    expect(calls.filter((c) => c.path === '/api/create-payment-session')).toHaveLength(1);
  });
});
