import type { BillingCycle } from './subscription.entity';

/** What the app needs to know about a provider subscription (re-read on every event). */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
  cycle: BillingCycle | null;
  userId: number | null;
}

export interface CheckoutSessionSnapshot {
  id: string;
  status: string | null;
  paymentStatus: string;
  customerId: string | null;
  subscriptionId: string | null;
  userId: number | null;
  cycle: BillingCycle | null;
}

export interface InvoiceSnapshot {
  id: string;
  status: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  amountPaidCents: number;
  currency: string;
}

export interface CheckoutRequest {
  userId: number;
  customerId: string;
  cycle: BillingCycle;
  /** hosted = redirect to checkoutUrl; embedded = the browser mounts Embedded Checkout with clientSecret. */
  uiMode: 'hosted' | 'embedded';
  successUrl: string;
  cancelUrl: string;
  language: 'fr' | 'en';
}

export interface CheckoutCreated {
  id: string;
  url: string | null;
  clientSecret: string | null;
}

/** An event whose signature was checked: only ids are read from it. */
export interface VerifiedEvent {
  id: string;
  type: string;
  livemode: boolean;
  object: Record<string, any>;
}

export class InvalidSignatureError extends Error {
  readonly code = 'invalid_signature';
}

/**
 * The payment provider. StripePayments speaks to Stripe (or STRIPE_API_BASE) through the official
 * SDK; TestModePayments is the embedded no-keys default, keeping Stripe-shaped objects in Postgres.
 */
export interface PaymentsGateway {
  readonly mode: 'stripe' | 'test';
  createCustomer(user: { id: number; email: string | null; phoneNumber: string | null; name: string }): Promise<string>;
  createCheckout(req: CheckoutRequest): Promise<CheckoutCreated>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSessionSnapshot | null>;
  retrieveSubscription(id: string): Promise<SubscriptionSnapshot | null>;
  retrieveInvoice(id: string): Promise<InvoiceSnapshot | null>;
  /** The invoice a payment intent paid (refunds arrive as charges). */
  invoiceForPaymentIntent(paymentIntentId: string): Promise<string | null>;
  createPortalSession(customerId: string, returnUrl: string): Promise<string>;
  /** Checks the Stripe-Signature header against the raw body; throws InvalidSignatureError. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): VerifiedEvent;
}

export const PAYMENTS_GATEWAY = Symbol('PAYMENTS_GATEWAY');

/** The server's price table, in cents (SPEC: 4.99 EUR a month, 49.90 EUR a year). */
export const PRICES: Record<BillingCycle, { amountCents: number; currency: 'eur'; interval: 'month' | 'year' }> = {
  monthly: { amountCents: 499, currency: 'eur', interval: 'month' },
  yearly: { amountCents: 4990, currency: 'eur', interval: 'year' },
};
