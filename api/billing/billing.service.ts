import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { paidUntil } from '../accounts/plan';
import type { User } from '../accounts/user.entity';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { ReferralsService } from '../referrals/referrals.service';
import { BillingError } from './billing.errors';
import { BillingNotices } from './billing-notices';
import { PAYMENTS_GATEWAY, PaymentsGateway, PRICES, VerifiedEvent } from './payments.port';
import { BillingCycle, Subscription } from './subscription.entity';

/** Statuses in which a subscription is running (paid for, or being retried). */
const LIVE = new Set(['active', 'trialing', 'past_due']);
/** Statuses of a subscription that was paid for at some point: they decide the user's plan. */
const DECIDES_PLAN = new Set(['active', 'trialing', 'past_due', 'canceled', 'unpaid']);

/** The plan and billing cycle a browser asks for, priced only from the server's table. */
export function parsePlan(planId: unknown, cycle: unknown): BillingCycle {
  const plan = typeof planId === 'string' ? planId.trim().toLowerCase() : '';
  let c = typeof cycle === 'string' ? cycle.trim().toLowerCase() : cycle === undefined || cycle === null ? 'monthly' : '';
  // "premium-yearly" / "premium_monthly" carry the cycle in the plan id.
  const m = /^premium[-_ ](monthly|yearly)$/.exec(plan);
  if (m && (cycle === undefined || cycle === null)) c = m[1];
  if (plan !== 'premium' && !m) throw new BillingError('unknown_plan', `Unknown plan "${String(planId ?? '')}": the only paid plan is premium.`);
  if (c !== 'monthly' && c !== 'yearly') throw new BillingError('unknown_plan', `Unknown billing cycle "${String(cycle)}": use monthly or yearly.`);
  return c;
}

/**
 * Whether a stored subscription is still running (active, trialing or past_due, its period not over):
 * such a user must not start a second one, and is sent to "Manage billing" instead.
 */
export function hasRunningSubscription(row: Pick<Subscription, 'subscriptionId' | 'status' | 'currentPeriodEnd'> | null, now = new Date()): boolean {
  if (!row?.subscriptionId || !row.status || !LIVE.has(row.status)) return false;
  if (row.status === 'past_due') return true;
  return !row.currentPeriodEnd || row.currentPeriodEnd > now;
}

export interface PaymentState {
  success: boolean;
  plan: 'premium' | null;
  billingCycle: BillingCycle | null;
  status: string | null;
  subscriptionEndsAt: Date | null;
}

/**
 * Payments: checkout sessions priced from the server's table, fulfilment from the provider's own
 * state (webhook or confirm-payment, idempotent with each other), and the projection of the
 * subscriptions table onto the user's plan that entitlement() reads.
 */
@Injectable()
export class BillingService {
  private readonly logger = new Logger(BillingService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(PAYMENTS_GATEWAY) private readonly gateway: PaymentsGateway | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly referrals: ReferralsService,
    private readonly notices: BillingNotices,
  ) {}

  get mode(): AppConfig['payments']['mode'] {
    return this.config.payments.mode;
  }

  private requireGateway(): PaymentsGateway {
    if (!this.gateway) throw new BillingError('payments_off', 'Payments are not open yet.');
    return this.gateway;
  }

  private repo() {
    return this.dataSource.getRepository(Subscription);
  }

  /** The user's one provider customer, created once and reused. */
  async ensureCustomer(user: User): Promise<Subscription> {
    const existing = await this.repo().findOneBy({ userId: user.id });
    if (existing) return existing;
    const customerId = await this.requireGateway().createCustomer({ id: user.id, email: user.email, phoneNumber: user.phoneNumber, name: user.displayName ?? user.username });
    await this.dataSource.query(`INSERT INTO subscriptions (user_id, customer_id) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING`, [user.id, customerId]);
    return (await this.repo().findOneBy({ userId: user.id }))!;
  }

  async createCheckout(user: User, planId: unknown, cycle: unknown, uiMode: 'hosted' | 'embedded', currency?: unknown): Promise<{ checkoutUrl: string | null; clientSecret: string | null; sessionId: string; amount: number; currency: string }> {
    const gateway = this.requireGateway();
    const billingCycle = parsePlan(planId, cycle);
    if (currency !== undefined && currency !== null && String(currency).toLowerCase() !== 'eur') throw new BillingError('unsupported_currency', 'Only eur is accepted.');
    const row = await this.ensureCustomer(user);
    if (hasRunningSubscription(row)) {
      throw new BillingError('already_subscribed', 'You already have a Premium subscription. Open "Manage billing" to change or cancel it.');
    }
    const base = this.config.publicUrl;
    const created = await gateway.createCheckout({
      userId: user.id,
      customerId: row.customerId,
      cycle: billingCycle,
      uiMode,
      successUrl: `${base}/payment-success?session_id={CHECKOUT_SESSION_ID}&payment=success&plan=premium`,
      cancelUrl: `${base}/pricing?billing=${billingCycle}`,
      language: user.language === 'en' ? 'en' : 'fr',
    });
    const price = PRICES[billingCycle];
    return { checkoutUrl: created.url, clientSecret: created.clientSecret, sessionId: created.id, amount: price.amountCents / 100, currency: price.currency };
  }

  /**
   * The return from checkout: the session must be the caller's and paid; then the subscription
   * is stored from the provider's state (the same as the webhook does, so either may come first).
   * Without a session id it re-reads the caller's current subscription.
   */
  async confirm(user: User, sessionId?: string): Promise<PaymentState> {
    const gateway = this.requireGateway();
    if (sessionId) {
      const session = await gateway.retrieveCheckoutSession(sessionId);
      if (!session) throw new BillingError('session_not_found', 'There was an error verifying your payment. Please contact support.');
      const mine = await this.repo().findOneBy({ userId: user.id });
      const owned = session.userId === user.id && (!session.customerId || !mine || mine.customerId === session.customerId);
      if (!owned) throw new BillingError('session_of_another_user', 'This payment belongs to another account.');
      if (session.paymentStatus !== 'paid' || !session.subscriptionId) {
        throw new BillingError('payment_pending', 'Your payment is still being processed. Please try again or contact support if this persists.');
      }
      await this.syncSubscription(session.subscriptionId);
    } else {
      const mine = await this.repo().findOneBy({ userId: user.id });
      if (mine?.subscriptionId) await this.syncSubscription(mine.subscriptionId);
    }
    return this.state(user.id);
  }

  async state(userId: number): Promise<PaymentState> {
    const row = await this.repo().findOneBy({ userId });
    const until = row ? paidUntil(row) : null;
    const success = until !== null && until > new Date();
    return { success, plan: success ? 'premium' : null, billingCycle: row?.billingCycle ?? null, status: row?.status ?? null, subscriptionEndsAt: until };
  }

  async subscriptionOf(userId: number): Promise<Subscription | null> {
    return this.repo().findOneBy({ userId });
  }

  async portalUrl(user: User): Promise<string> {
    const gateway = this.requireGateway();
    const row = await this.repo().findOneBy({ userId: user.id });
    if (!row?.subscriptionId) throw new BillingError('no_subscription', 'There is no subscription to manage on this account.');
    return gateway.createPortalSession(row.customerId, `${this.config.publicUrl}/dashboard?tab=subscription`);
  }

  /**
   * Stores a subscription as the provider reports it now, and projects it onto the user's plan in
   * the same transaction. Events only say which subscription to re-read, so their order is moot.
   */
  async syncSubscription(subscriptionId: string, now = new Date()): Promise<Subscription | null> {
    const snap = await this.requireGateway().retrieveSubscription(subscriptionId);
    if (!snap) return null;
    let started: { userId: number; until: Date } | null = null;
    const result = await this.dataSource.transaction(async (m) => {
      const lock = (where: string, value: unknown) =>
        m.getRepository(Subscription).createQueryBuilder('s').setLock('pessimistic_write').where(where, { value }).getOne();
      let row = await lock('s.customer_id = :value', snap.customerId);
      if (!row && snap.userId) {
        // A customer made outside ensureCustomer (e.g. in Stripe's dashboard) for a known user.
        await m.query(`INSERT INTO subscriptions (user_id, customer_id) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING`, [snap.userId, snap.customerId]);
        row = await lock('s.user_id = :value', snap.userId);
      }
      if (!row) {
        this.logger.warn(`Subscription ${snap.id} of unknown customer ${snap.customerId}: ignored`);
        return null;
      }
      // News about an older, finished subscription must not overwrite the running one.
      if (row.subscriptionId && row.subscriptionId !== snap.id && row.status && LIVE.has(row.status) && !LIVE.has(snap.status)) return row;
      const wasPaying = paidUntil(row, now);
      const sameSub = row.subscriptionId === snap.id;
      row.subscriptionId = snap.id;
      row.status = snap.status;
      row.billingCycle = snap.cycle ?? row.billingCycle;
      row.currentPeriodEnd = snap.currentPeriodEnd;
      row.cancelAtPeriodEnd = snap.cancelAtPeriodEnd;
      row.endedAt = snap.endedAt;
      row.pastDueSince = snap.status === 'past_due' ? (sameSub && row.pastDueSince ? row.pastDueSince : now) : null;
      await m.getRepository(Subscription).save(row);
      if (DECIDES_PLAN.has(snap.status)) {
        const until = paidUntil(row, now) ?? now;
        await m.query(`UPDATE users SET plan = 'premium', subscription_ends_at = $2, billing_cycle = $3, updated_at = now() WHERE id = $1`, [row.userId, until, row.billingCycle]);
        if (until > now && (snap.status === 'active' || snap.status === 'trialing') && !(wasPaying && wasPaying > now && sameSub)) started = { userId: row.userId, until };
      }
      return row;
    });
    if (started && result) await this.notices.premiumStarted((started as { userId: number }).userId, result.subscriptionId!);
    return result;
  }

  /** Does the work of one recorded webhook event (called by StripeEventsWorker, from Postgres). */
  async handleEvent(event: Pick<VerifiedEvent, 'id' | 'type' | 'object'>): Promise<void> {
    const gateway = this.requireGateway();
    const o = event.object ?? {};
    const ref = (v: unknown): string | null => (typeof v === 'string' ? v : v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string' ? (v as { id: string }).id : null);
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = await gateway.retrieveCheckoutSession(o.id);
        if (session?.subscriptionId) await this.syncSubscription(session.subscriptionId);
        return;
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        await this.syncSubscription(o.id);
        return;
      case 'invoice.paid':
      case 'invoice.payment_succeeded':
      case 'invoice.payment_failed': {
        const invoice = await gateway.retrieveInvoice(o.id);
        if (!invoice) return;
        if (invoice.subscriptionId) await this.syncSubscription(invoice.subscriptionId);
        if (invoice.status === 'paid' && invoice.amountPaidCents > 0 && invoice.customerId) {
          const row = await this.repo().findOneBy({ customerId: invoice.customerId });
          if (row) {
            await this.referrals.recordInvoice({ invoiceId: invoice.id, userId: row.userId, amountPaidCents: invoice.amountPaidCents, currency: invoice.currency, cycle: row.billingCycle ?? 'monthly' });
          }
        }
        return;
      }
      case 'charge.refunded': {
        const pi = ref(o.payment_intent);
        if (!pi || !(Number(o.amount_refunded) > 0)) return;
        const invoiceId = await gateway.invoiceForPaymentIntent(pi);
        if (invoiceId) {
          const n = await this.referrals.adjustForRefund(invoiceId, Number(o.amount_refunded));
          if (n) this.logger.log(`Refund of invoice ${invoiceId} (${Number(o.amount_refunded)} cents): commission adjusted`);
        }
        return;
      }
      default:
        return;
    }
  }
}
