/**
 * @jest-environment-options {"customExportConditions": ["require", "node", "default"]}
 */
jest.mock('wouter', () => require('../testing/wouter-mock'));
import { act, screen } from '@testing-library/react';
import type { Subscription } from '../api/types';
import { errorBody, installFakeFetch } from '../testing/fake-fetch';
import { renderWithApp, testUser } from '../testing/render';
import { setTestLocation, testLocation } from '../testing/wouter-mock';
import { PaymentSuccessPage } from './payment-success-page';

const sub = (over: Partial<Subscription>): Subscription => ({
  status: 'trial', plan: 'premium', trialEndsAt: new Date(Date.now() + 3 * 86400000).toISOString(), isOnTrial: true, trialDaysLeft: 3, subscriptionEndsAt: null, billingCycle: null, paid: false,
  quota: { limit: null, used: 0, windowDays: 7, nextAvailableAt: null }, ...over,
});

async function advance(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

describe('PaymentSuccessPage (SPEC §4)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('confirms once, counts down 3 s with the button disabled, then goes to the dashboard', async () => {
    setTestLocation('/payment-success?session_id=cs_1&payment=success&plan=premium');
    const calls = installFakeFetch((c) => (c.path === '/api/confirm-payment' ? { status: 200, body: { success: true, plan: 'premium', billingCycle: 'monthly', status: 'active', subscriptionEndsAt: '2026-12-23T00:00:00Z' } } : undefined));
    renderWithApp(<PaymentSuccessPage />, { user: testUser, lang: 'en' });
    await advance(0);
    expect(await screen.findByText('Payment successful!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to dashboard' })).toBeDisabled();
    expect(calls.filter((c) => c.path === '/api/confirm-payment')).toEqual([{ method: 'POST', path: '/api/confirm-payment', body: { plan: 'premium', session_id: 'cs_1' } }]);
    await advance(1000);
    expect(screen.getByTestId('countdown')).toHaveTextContent('2 seconds');
    await advance(1000);
    await advance(1000);
    await advance(0);
    expect(testLocation()).toBe('/dashboard');
    expect(calls.filter((c) => c.path === '/api/confirm-payment')).toHaveLength(1);
  });

  it('retries 3 times (1 s, 2 s), then a trial is not a payment: the delayed message', async () => {
    setTestLocation('/payment-success?session_id=cs_2&payment=success&plan=premium');
    const at: number[] = [];
    const calls = installFakeFetch((c) => {
      if (c.path === '/api/confirm-payment') {
        at.push(Date.now());
        return { status: 409, body: errorBody(409, 'Your payment is still being processed.') };
      }
      if (c.path === '/api/subscription') return { status: 200, body: sub({}) };
      return undefined;
    });
    renderWithApp(<PaymentSuccessPage />, { user: testUser, lang: 'en' });
    await advance(0);
    await advance(1000);
    await advance(2000);
    await advance(100);
    expect(calls.filter((c) => c.path === '/api/confirm-payment')).toHaveLength(3);
    expect(at[1] - at[0]).toBeGreaterThanOrEqual(1000);
    expect(at[2] - at[1]).toBeGreaterThanOrEqual(2000);
    expect(await screen.findByText(/There was a problem updating your subscription/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeEnabled();
  });

  it('after three failures an active paid subscription counts as success', async () => {
    setTestLocation('/payment-success?session_id=cs_3&payment=success&plan=premium');
    installFakeFetch((c) => {
      if (c.path === '/api/confirm-payment') return { status: 500, body: errorBody(500, 'boom') };
      if (c.path === '/api/subscription') return { status: 200, body: sub({ status: 'active', isOnTrial: false, paid: true, subscriptionEndsAt: '2027-11-23T00:00:00Z' }) };
      return undefined;
    });
    renderWithApp(<PaymentSuccessPage />, { user: testUser, lang: 'en' });
    await advance(0);
    await advance(3100);
    expect(await screen.findByText('Payment successful!')).toBeInTheDocument();
    await advance(1000);
    await advance(1000);
    await advance(0);
    expect(testLocation()).toBe('/dashboard');
  });

  it('without session_id or payment=success: the generic error, nothing called', async () => {
    setTestLocation('/payment-success?plan=premium&payment=success');
    const calls = installFakeFetch(() => undefined);
    renderWithApp(<PaymentSuccessPage />, { user: testUser, lang: 'en' });
    expect(await screen.findByText('There was an issue with your payment. Please try again.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/confirm-payment')).toHaveLength(0);
  });

  it('signed out: the must-be-logged-in message after 2 s', async () => {
    setTestLocation('/payment-success?session_id=cs_4&payment=success&plan=premium');
    installFakeFetch(() => undefined);
    renderWithApp(<PaymentSuccessPage />, { user: null, lang: 'en' });
    await advance(1900);
    expect(screen.queryByText('You must be logged in to view this page.')).not.toBeInTheDocument();
    await advance(200);
    expect(screen.getByText('You must be logged in to view this page.')).toBeInTheDocument();
  });
});
