import { Body, Controller, Get, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { CurrentUser } from '../accounts/current-user.decorator';
import { SessionAuthGuard } from '../accounts/session-auth.guard';
import type { User } from '../accounts/user.entity';
import { BillingError, toHttp } from './billing.errors';
import { BillingService } from './billing.service';
import { PAYMENTS_GATEWAY, PaymentsGateway, PRICES } from './payments.port';
import { TestCardDto, TestPortalDto } from './payments.dto';
import { StripeWebhookReceiver } from './stripe-webhook.receiver';
import { testCardOutcome, TestModePayments } from './test-mode-payments';

/**
 * The embedded test mode's checkout and customer portal (no Stripe keys, outside production).
 * Its events are signed and handed to the same receiver as Stripe's webhook.
 */
@ApiExcludeController()
@Controller('api/billing/test-mode')
@UseGuards(SessionAuthGuard)
export class TestModeCheckoutController {
  constructor(
    @Inject(PAYMENTS_GATEWAY) private readonly gateway: PaymentsGateway | null,
    private readonly billing: BillingService,
    private readonly receiver: StripeWebhookReceiver,
  ) {}

  private testMode(): TestModePayments {
    if (!(this.gateway instanceof TestModePayments)) throw new BillingError('session_not_found', 'Test mode is off.');
    return this.gateway;
  }

  private async ownSession(user: User, id: string) {
    const session = await this.testMode().get(id);
    if (!session || session.object !== 'checkout.session') throw new BillingError('session_not_found', 'Unknown checkout session.');
    if (session.client_reference_id !== String(user.id)) throw new BillingError('session_of_another_user', 'This payment belongs to another account.');
    return session;
  }

  @Get('sessions/:id')
  session(@CurrentUser() user: User, @Param('id') id: string) {
    return toHttp(async () => {
      const s = await this.ownSession(user, id);
      const cycle = s.metadata.billingCycle as 'monthly' | 'yearly';
      return { id: s.id, status: s.status, paymentStatus: s.payment_status, billingCycle: cycle, amount: PRICES[cycle].amountCents / 100, currency: PRICES[cycle].currency, cancelUrl: relative(s.cancel_url) };
    });
  }

  @Post('sessions/:id/pay')
  @HttpCode(200)
  pay(@CurrentUser() user: User, @Param('id') id: string, @Body() card: TestCardDto) {
    return toHttp(async () => {
      const s = await this.ownSession(user, id);
      if (s.status !== 'open') throw new BillingError('session_closed', 'This checkout session is already complete.');
      if (!validExpiry(card.expiry)) throw new BillingError('invalid_card', 'Your card\'s expiration date is invalid.');
      if (!/^\d{3,4}$/.test(card.cvc)) throw new BillingError('invalid_card', 'Your card\'s security code is invalid.');
      const outcome = testCardOutcome(card.cardNumber);
      if (!outcome.ok) throw new BillingError(outcome.code === 'card_declined' ? 'card_declined' : 'invalid_card', outcome.message, outcome.declineCode ? { declineCode: outcome.declineCode } : {});
      const gw = this.testMode();
      for (const e of await gw.pay(id)) {
        const signed = gw.signedEvent(e.type, e.object);
        await this.receiver.receive(signed.body, signed.signature);
      }
      return { redirectUrl: relative(String(s.success_url).replace('{CHECKOUT_SESSION_ID}', id)) };
    });
  }

  /** The test-mode customer portal: cancel at period end, or resume. */
  @Post('portal')
  @HttpCode(200)
  portal(@CurrentUser() user: User, @Body() dto: TestPortalDto) {
    return toHttp(async () => {
      const gw = this.testMode();
      const row = await this.billing.subscriptionOf(user.id);
      if (!row?.subscriptionId) throw new BillingError('no_subscription', 'There is no subscription to manage on this account.');
      const sub = await gw.setCancelAtPeriodEnd(row.subscriptionId, dto.cancelAtPeriodEnd);
      if (!sub) throw new BillingError('no_subscription', 'There is no subscription to manage on this account.');
      const signed = gw.signedEvent('customer.subscription.updated', sub);
      await this.receiver.receive(signed.body, signed.signature);
      await this.billing.syncSubscription(row.subscriptionId);
      return { cancelAtPeriodEnd: dto.cancelAtPeriodEnd };
    });
  }
}

/** Same-origin path of an absolute URL (the browser stays on the host it came from). */
function relative(url: string): string {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}

function validExpiry(raw: string, now = new Date()): boolean {
  const m = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(raw.trim());
  if (!m) return false;
  const month = Number(m[1]);
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return false;
  return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}
