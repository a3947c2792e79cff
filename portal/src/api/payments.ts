import { api } from './client';
import type { BillingCycle } from '../lib/pricing';

export interface CheckoutAnswer {
  checkoutUrl?: string | null;
  clientSecret?: string | null;
  sessionId?: string;
}

export interface ConfirmAnswer {
  success: boolean;
  plan: 'premium' | null;
  billingCycle: BillingCycle | null;
  status: string | null;
  subscriptionEndsAt: string | null;
}

export interface TestSession {
  id: string;
  status: string;
  paymentStatus: string;
  billingCycle: BillingCycle;
  amount: number;
  currency: string;
  cancelUrl: string;
}

/** SPEC §7. The amount is sent as the spec has it; the server prices the plan itself. */
export const createPaymentSession = (planId: string, billingCycle: BillingCycle, amount: number) =>
  api.post<CheckoutAnswer>('/api/create-payment-session', { planId, billingCycle, amount });

export const createPaymentIntent = (plan: string, billingCycle: BillingCycle, amount: number) =>
  api.post<CheckoutAnswer>('/api/create-payment-intent', { amount, plan, billingCycle, currency: 'eur', paymentMethod: 'card' });

export const confirmPayment = (plan: string, sessionId: string | null) =>
  api.post<ConfirmAnswer>('/api/confirm-payment', sessionId ? { plan, session_id: sessionId } : { plan });

export const openBillingPortal = () => api.post<{ url: string }>('/api/billing/portal');

export const getTestSession = (id: string) => api.get<TestSession>(`/api/billing/test-mode/sessions/${encodeURIComponent(id)}`);

export const payTestSession = (id: string, card: { cardNumber: string; expiry: string; cvc: string }) =>
  api.post<{ redirectUrl: string }>(`/api/billing/test-mode/sessions/${encodeURIComponent(id)}/pay`, card);

export const setTestCancelAtPeriodEnd = (cancelAtPeriodEnd: boolean) => api.post<{ cancelAtPeriodEnd: boolean }>('/api/billing/test-mode/portal', { cancelAtPeriodEnd });

/** Leaves the app for a provider page (Stripe Checkout, the customer portal), or follows a same-origin path. */
export function goTo(url: string): void {
  window.location.assign(url);
}
