import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { DataSource, EntityManager } from 'typeorm';
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
import { BillingCycle } from './subscription.entity';
import { TestModeObject } from './test-mode-object.entity';

/** Stripe's documented test cards, as the embedded checkout answers them. */
const TEST_CARDS: Record<string, { ok: true } | { ok: false; declineCode: string; message: string }> = {
  '4242424242424242': { ok: true },
  '4000056655665556': { ok: true },
  '5555555555554444': { ok: true },
  '2223003122003222': { ok: true },
  '378282246310005': { ok: true },
  '4000002500003155': { ok: true },
  '4000000000000002': { ok: false, declineCode: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': { ok: false, declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000009987': { ok: false, declineCode: 'lost_card', message: 'Your card was declined.' },
  '4000000000000069': { ok: false, declineCode: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { ok: false, declineCode: 'incorrect_cvc', message: "Your card's security code is incorrect." },
};

export type TestCardOutcome = { ok: true } | { ok: false; code: 'card_declined' | 'invalid_number'; declineCode?: string; message: string };

export function testCardOutcome(number: string): TestCardOutcome {
  const digits = number.replace(/[\s-]/g, '');
  const known = TEST_CARDS[digits];
  if (!known) return { ok: false, code: 'invalid_number', message: 'Use one of Stripe\'s test card numbers, such as 4242 4242 4242 4242.' };
  return known.ok ? known : { ok: false, code: 'card_declined', declineCode: known.declineCode, message: known.message };
}

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * The embedded no-keys payments provider (outside production): Stripe-shaped customers, checkout
 * sessions, subscriptions and invoices kept in Postgres, paid through the app's own test-mode
 * checkout page. Its events are signed with a local secret and go through the same webhook
 * handler as Stripe's, so fulfilment has one code path.
 */
export class TestModePayments implements PaymentsGateway {
  readonly mode = 'test' as const;
  /** Events are signed and verified inside one request, so a per-process secret suffices. */
  private readonly webhookSecret = `whsec_test_${randomBytes(24).toString('hex')}`;
  private readonly webhooks = Stripe.webhooks;

  constructor(private readonly dataSource: DataSource) {}

  private repo(m?: EntityManager) {
    return (m ?? this.dataSource.manager).getRepository(TestModeObject);
  }

  async get(id: string, m?: EntityManager): Promise<Record<string, any> | null> {
    return (await this.repo(m).findOne({ where: { id } }))?.data ?? null;
  }

  async put(obj: Record<string, any>, m?: EntityManager): Promise<void> {
    await this.repo(m).save({ id: obj.id, kind: obj.object, data: obj });
  }

  async createCustomer(user: { id: number; email: string | null; phoneNumber: string | null; name: string }): Promise<string> {
    const customer = { id: newId('cus'), object: 'customer', name: user.name, email: user.email, phone: user.phoneNumber, metadata: { userId: String(user.id) } };
    await this.put(customer);
    return customer.id;
  }

  async createCheckout(req: CheckoutRequest): Promise<CheckoutCreated> {
    const price = PRICES[req.cycle];
    const session = {
      id: newId('cs'),
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      customer: req.customerId,
      client_reference_id: String(req.userId),
      metadata: { userId: String(req.userId), plan: 'premium', billingCycle: req.cycle },
      amount_total: price.amountCents,
      currency: price.currency,
      subscription: null as string | null,
      success_url: req.successUrl,
      cancel_url: req.cancelUrl,
      created: seconds(new Date()),
    };
    await this.put(session);
    // The app's own checkout page stands in for Stripe's, hosted or embedded alike.
    return { id: session.id, url: `/checkout?test_session=${encodeURIComponent(session.id)}`, clientSecret: null };
  }

  async retrieveCheckoutSession(id: string): Promise<CheckoutSessionSnapshot | null> {
    const s = await this.get(id);
    if (!s || s.object !== 'checkout.session') return null;
    return {
      id: s.id,
      status: s.status,
      paymentStatus: s.payment_status,
      customerId: s.customer,
      subscriptionId: s.subscription,
      userId: Number(s.client_reference_id) || null,
      cycle: s.metadata?.billingCycle ?? null,
    };
  }

  async retrieveSubscription(id: string): Promise<SubscriptionSnapshot | null> {
    const s = await this.get(id);
    if (!s || s.object !== 'subscription') return null;
    return {
      id: s.id,
      customerId: s.customer,
      status: s.status,
      currentPeriodEnd: s.items.data[0].current_period_end ? new Date(s.items.data[0].current_period_end * 1000) : null,
      cancelAtPeriodEnd: s.cancel_at_period_end,
      endedAt: s.ended_at ? new Date(s.ended_at * 1000) : null,
      cycle: s.metadata?.billingCycle ?? null,
      userId: Number(s.metadata?.userId) || null,
    };
  }

  async retrieveInvoice(id: string): Promise<InvoiceSnapshot | null> {
    const inv = await this.get(id);
    if (!inv || inv.object !== 'invoice') return null;
    return {
      id: inv.id,
      status: inv.status,
      customerId: inv.customer,
      subscriptionId: inv.parent?.subscription_details?.subscription ?? null,
      amountPaidCents: inv.amount_paid,
      currency: inv.currency,
    };
  }

  async invoiceForPaymentIntent(paymentIntentId: string): Promise<string | null> {
    const pi = await this.get(paymentIntentId);
    return pi?.invoice ?? null;
  }

  async createPortalSession(customerId: string): Promise<string> {
    return `/checkout?test_portal=${encodeURIComponent(customerId)}`;
  }

  verifyEvent(rawBody: Buffer, signature: string | undefined): VerifiedEvent {
    if (!signature) throw new InvalidSignatureError('Missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch (e) {
      throw new InvalidSignatureError((e as Error).message);
    }
    return { id: event.id, type: event.type, livemode: false, object: event.data.object as unknown as Record<string, any> };
  }

  /** An event as Stripe would post it, with its Stripe-Signature header. */
  signedEvent(type: string, object: Record<string, any>): { body: Buffer; signature: string } {
    const payload = JSON.stringify({ id: newId('evt'), object: 'event', type, livemode: false, created: seconds(new Date()), api_version: Stripe.API_VERSION, data: { object } });
    return { body: Buffer.from(payload), signature: this.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret }) };
  }

  /**
   * Pays an open session with a test card: on success creates the subscription, its first paid
   * invoice and payment intent, completes the session, and returns the events Stripe would send.
   */
  async pay(sessionId: string, now = new Date()): Promise<Array<{ type: string; object: Record<string, any> }>> {
    return this.dataSource.transaction(async (m) => {
      const session = (await m.getRepository(TestModeObject).createQueryBuilder('o').setLock('pessimistic_write').where('o.id = :id', { id: sessionId }).getOne())?.data;
      if (!session || session.status !== 'open') return [];
      const cycle = session.metadata.billingCycle as BillingCycle;
      const price = PRICES[cycle];
      const end = new Date(now);
      if (cycle === 'yearly') end.setUTCFullYear(end.getUTCFullYear() + 1);
      else end.setUTCMonth(end.getUTCMonth() + 1);
      const subscription = {
        id: newId('sub'),
        object: 'subscription',
        customer: session.customer,
        status: 'active',
        cancel_at_period_end: false,
        ended_at: null,
        metadata: session.metadata,
        items: { object: 'list', data: [{ id: newId('si'), object: 'subscription_item', current_period_start: seconds(now), current_period_end: seconds(end), price: { currency: price.currency, unit_amount: price.amountCents, recurring: { interval: price.interval } } }] },
      };
      const paymentIntent = { id: newId('pi'), object: 'payment_intent', amount: price.amountCents, currency: price.currency, status: 'succeeded', customer: session.customer, invoice: '' };
      const invoice = {
        id: newId('in'),
        object: 'invoice',
        customer: session.customer,
        status: 'paid',
        amount_paid: price.amountCents,
        currency: price.currency,
        billing_reason: 'subscription_create',
        parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: session.metadata } },
      };
      paymentIntent.invoice = invoice.id;
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id, invoice: invoice.id });
      for (const o of [subscription, paymentIntent, invoice, session]) await this.put(o, m);
      return [
        { type: 'checkout.session.completed', object: session },
        { type: 'invoice.paid', object: invoice },
      ];
    });
  }

  /** The test-mode customer portal: cancel at period end, or resume. */
  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<Record<string, any> | null> {
    const sub = await this.get(subscriptionId);
    if (!sub || sub.object !== 'subscription' || sub.status === 'canceled') return null;
    sub.cancel_at_period_end = cancel;
    await this.put(sub);
    return sub;
  }

  /** Refunds the payment of an invoice; returns the charge Stripe would report. */
  async refundInvoice(invoiceId: string): Promise<Record<string, any> | null> {
    const rows = await this.dataSource.query(`SELECT data FROM billing_test_objects WHERE kind = 'payment_intent' AND data->>'invoice' = $1`, [invoiceId]);
    const pi = rows[0]?.data;
    if (!pi) return null;
    const charge = { id: newId('ch'), object: 'charge', payment_intent: pi.id, amount: pi.amount, amount_refunded: pi.amount, refunded: true, customer: pi.customer, currency: pi.currency };
    await this.put(charge);
    return charge;
  }
}
