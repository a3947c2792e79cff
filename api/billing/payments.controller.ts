import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../accounts/current-user.decorator';
import { SessionAuthGuard } from '../accounts/session-auth.guard';
import type { User } from '../accounts/user.entity';
import { toHttp } from './billing.errors';
import { BillingService } from './billing.service';
import { ConfirmPaymentDto, CreatePaymentSessionDto } from './payments.dto';

/** The spec's payment calls (section 7). */
@ApiTags('payments')
@Controller('api')
@UseGuards(SessionAuthGuard)
export class PaymentsController {
  constructor(private readonly billing: BillingService) {}

  /** Hosted Checkout: `{checkoutUrl}`. */
  @Post('create-payment-session')
  @HttpCode(200)
  createSession(@CurrentUser() user: User, @Body() dto: CreatePaymentSessionDto) {
    return toHttp(async () => {
      const c = await this.billing.createCheckout(user, dto.planId ?? dto.plan, dto.billingCycle, 'hosted', dto.currency);
      return { checkoutUrl: c.checkoutUrl, sessionId: c.sessionId, amount: c.amount, currency: c.currency };
    });
  }

  /** Embedded Checkout: `{clientSecret}` (the embedded test mode answers `{checkoutUrl}` to its own page). */
  @Post('create-payment-intent')
  @HttpCode(200)
  createIntent(@CurrentUser() user: User, @Body() dto: CreatePaymentSessionDto) {
    return toHttp(async () => {
      const c = await this.billing.createCheckout(user, dto.plan ?? dto.planId, dto.billingCycle, 'embedded', dto.currency);
      return c.clientSecret
        ? { clientSecret: c.clientSecret, sessionId: c.sessionId, amount: c.amount, currency: c.currency }
        : { checkoutUrl: c.checkoutUrl, sessionId: c.sessionId, amount: c.amount, currency: c.currency };
    });
  }

  @Post('confirm-payment')
  @HttpCode(200)
  confirm(@CurrentUser() user: User, @Body() dto: ConfirmPaymentDto) {
    return toHttp(() => this.billing.confirm(user, dto.session_id ?? dto.sessionId));
  }

  /** Stripe's customer portal (change card, cancel, invoices): `{url}`. */
  @Post('billing/portal')
  @HttpCode(200)
  portal(@CurrentUser() user: User) {
    return toHttp(async () => ({ url: await this.billing.portalUrl(user) }));
  }
}
