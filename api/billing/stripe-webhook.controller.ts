import { Controller, Headers, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';
import { BillingError, toHttp } from './billing.errors';
import { StripeWebhookReceiver } from './stripe-webhook.receiver';

/** Stripe's webhook endpoint: signature checked on the raw body, event recorded once, 2xx at once. */
@ApiExcludeController()
@Controller('api/stripe')
export class StripeWebhookController {
  constructor(@Inject(StripeWebhookReceiver) private readonly receiver: StripeWebhookReceiver) {}

  @Post('webhook')
  @HttpCode(200)
  receive(@Req() req: Request & { rawBody?: Buffer }, @Headers('stripe-signature') signature?: string) {
    return toHttp(async () => {
      if (!req.rawBody?.length) throw new BillingError('missing_body', 'Expected the event as a JSON body.');
      return this.receiver.receive(req.rawBody, signature);
    });
  }
}
