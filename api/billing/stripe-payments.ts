import Stripe from 'stripe';
import type { AppConfig } from '../config/app-config';
import {
  CheckoutCreated,
  CheckoutRequest,
  CheckoutSessionSnapshot,
  InvalidSignatureError,
  InvoiceSnapshot,
  PaymentsGateway,
  PRICES,
  SubscriptionSnapshot,
  VerifiedEvent,
} from './payments.port';
import type { BillingCycle } from './subscription.entity';

type StripeConfig = NonNullable<AppConfig['payments']['stripe']>;

const id = (v: string | { id: string } | null | undefined): string | null => (v == null ? null : typeof v === 'string' ? v : v.id);
const date = (s: number | null | undefined): Date | null => (s == null ? null : new Date(s * 1000));
const cycleOf = (v: unknown): BillingCycle | null => (v === 'monthly' || v === 'yearly' ? v : null);
const userIdOf = (v: unknown): number | null => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** Stripe through its official SDK; STRIPE_API_BASE points it at a stand-in or a self-hosted mock. */
export class StripePayments implements PaymentsGateway {
  readonly mode = 'stripe' as const;
  readonly stripe: Stripe;

  constructor(
    private readonly config: StripeConfig,
    private readonly prices: AppConfig['payments']['prices'],
  ) {
    this.stripe = new Stripe(config.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'Rappel' },
      ...(config.apiBase ?? {}),
    });
  }

  async createCustomer(user: { id: number; email: string | null; phoneNumber: string | null; name: string }): Promise<string> {
    // The idempotency key makes a retried or raced creation return the same customer.
    const customer = await this.stripe.customers.create(
      { name: user.name, email: user.email ?? undefined, phone: user.phoneNumber ?? undefined, metadata: { userId: String(user.id) } },
      { idempotencyKey: `rappel-customer-${user.id}` },
    );
    return customer.id;
  }

  async createCheckout(req: CheckoutRequest): Promise<CheckoutCreated> {
    const price = PRICES[req.cycle];
    const priceId = this.prices[req.cycle];
    const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = priceId
      ? { price: priceId, quantity: 1 }
      : {
          quantity: 1,
          price_data: {
            currency: price.currency,
            unit_amount: price.amountCents,
            recurring: { interval: price.interval },
            product_data: { name: req.cycle === 'yearly' ? 'Rappel Premium (yearly)' : 'Rappel Premium (monthly)' },
          },
        };
    const metadata = { userId: String(req.userId), plan: 'premium', billingCycle: req.cycle };
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: req.customerId,
      client_reference_id: String(req.userId),
      line_items: [lineItem],
      metadata,
      subscription_data: { metadata },
      locale: req.language,
      ...(req.uiMode === 'embedded'
        ? { ui_mode: 'embedded_page', return_url: req.successUrl }
        : { ui_mode: 'hosted_page', success_url: req.successUrl, cancel_url: req.cancelUrl }),
    });
    return { id: session.id, url: session.url ?? null, clientSecret: session.client_secret ?? null };
  }

  async retrieveCheckoutSession(sessionId: string): Promise<CheckoutSessionSnapshot | null> {
    const s = await this.orNull(() => this.stripe.checkout.sessions.retrieve(sessionId));
    if (!s) return null;
    return {
      id: s.id,
      status: s.status ?? null,
      paymentStatus: s.payment_status,
      customerId: id(s.customer),
      subscriptionId: id(s.subscription),
      userId: userIdOf(s.client_reference_id ?? s.metadata?.userId),
      cycle: cycleOf(s.metadata?.billingCycle),
    };
  }

  async retrieveSubscription(subscriptionId: string): Promise<SubscriptionSnapshot | null> {
    const s = await this.orNull(() => this.stripe.subscriptions.retrieve(subscriptionId));
    if (!s) return null;
    const item = s.items?.data?.[0];
    const interval = item?.price?.recurring?.interval;
    return {
      id: s.id,
      customerId: id(s.customer)!,
      status: s.status,
      currentPeriodEnd: date(item?.current_period_end),
      cancelAtPeriodEnd: Boolean(s.cancel_at_period_end),
      endedAt: date(s.ended_at),
      cycle: cycleOf(s.metadata?.billingCycle) ?? (interval === 'year' ? 'yearly' : interval === 'month' ? 'monthly' : null),
      userId: userIdOf(s.metadata?.userId),
    };
  }

  async retrieveInvoice(invoiceId: string): Promise<InvoiceSnapshot | null> {
    const inv = await this.orNull(() => this.stripe.invoices.retrieve(invoiceId));
    if (!inv) return null;
    return {
      id: inv.id!,
      status: inv.status ?? null,
      customerId: id(inv.customer),
      subscriptionId: id(inv.parent?.subscription_details?.subscription ?? null),
      amountPaidCents: inv.amount_paid,
      currency: inv.currency,
    };
  }

  async invoiceForPaymentIntent(paymentIntentId: string): Promise<string | null> {
    const list = await this.stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: paymentIntentId }, limit: 1 });
    return id(list.data[0]?.invoice as string | { id: string } | undefined) ?? null;
  }

  async createPortalSession(customerId: string, returnUrl: string): Promise<string> {
    const s = await this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
    return s.url;
  }

  verifyEvent(rawBody: Buffer, signature: string | undefined): VerifiedEvent {
    if (!signature) throw new InvalidSignatureError('Missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.config.webhookSecret);
    } catch (e) {
      throw new InvalidSignatureError((e as Error).message);
    }
    return { id: event.id, type: event.type, livemode: event.livemode, object: event.data.object as unknown as Record<string, any> };
  }

  /** A 404 from Stripe (resource_missing) reads as "not there", anything else is thrown. */
  private async orNull<T>(f: () => Promise<T>): Promise<T | null> {
    try {
      return await f();
    } catch (e) {
      if (e instanceof Stripe.errors.StripeInvalidRequestError && (e.statusCode === 404 || e.code === 'resource_missing')) return null;
      throw e;
    }
  }
}
