import { Inject, Injectable } from '@nestjs/common';
import { BillingError } from './billing.errors';
import { InvalidSignatureError, PAYMENTS_GATEWAY, PaymentsGateway } from './payments.port';
import { StripeEventsWorker } from './stripe-events.worker';

/**
 * The one entry of payment events, for Stripe's webhook and the embedded test mode alike:
 * verify the signature, record the event once, let the worker do the work.
 */
@Injectable()
export class StripeWebhookReceiver {
  constructor(
    @Inject(PAYMENTS_GATEWAY) private readonly gateway: PaymentsGateway | null,
    private readonly worker: StripeEventsWorker,
  ) {}

  async receive(rawBody: Buffer, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
    if (!this.gateway) throw new BillingError('payments_off', 'Payments are not open yet.');
    let event;
    try {
      event = this.gateway.verifyEvent(rawBody, signature);
    } catch (e) {
      if (e instanceof InvalidSignatureError) throw new BillingError('invalid_signature', 'Invalid Stripe signature.');
      throw e;
    }
    const fresh = await this.worker.record(event);
    return { received: true, duplicate: !fresh };
  }
}
