import { Logger, Module } from '@nestjs/common';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AccountsModule } from '../accounts/accounts.module';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { ReferralsModule } from '../referrals/referrals.module';
import { BillingNotice } from './billing-notice.entity';
import { BillingNotices } from './billing-notices';
import { BillingNoticesWorker } from './billing-notices.worker';
import { BillingService } from './billing.service';
import { PAYMENTS_GATEWAY, PaymentsGateway } from './payments.port';
import { PaymentsController } from './payments.controller';
import { StripeEvent } from './stripe-event.entity';
import { StripeEventsWorker } from './stripe-events.worker';
import { StripePayments } from './stripe-payments';
import { StripeWebhookController } from './stripe-webhook.controller';
import { StripeWebhookReceiver } from './stripe-webhook.receiver';
import { Subscription } from './subscription.entity';
import { TestModeCheckoutController } from './test-mode-checkout.controller';
import { TestModeObject } from './test-mode-object.entity';
import { TestModePayments } from './test-mode-payments';

/** Stripe with keys; the embedded test mode without them outside production; nothing (payments off) in production without keys. */
export function paymentsGatewayFor(config: AppConfig, dataSource: DataSource): PaymentsGateway | null {
  const logger = new Logger('Payments');
  const p = config.payments;
  if (p.mode === 'stripe' && p.stripe) {
    logger.log(`Payments: Stripe${p.stripe.apiBase ? ` at ${p.stripe.apiBase.protocol}://${p.stripe.apiBase.host}:${p.stripe.apiBase.port}` : ''}`);
    return new StripePayments(p.stripe, p.prices);
  }
  if (p.mode === 'test') {
    logger.log('Payments: embedded test mode (no card is charged; set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET for Stripe)');
    return new TestModePayments(dataSource);
  }
  logger.warn('Payments are off: production without STRIPE_SECRET_KEY');
  return null;
}

@Module({
  imports: [AccountsModule, ReferralsModule, TypeOrmModule.forFeature([Subscription, StripeEvent, BillingNotice, TestModeObject])],
  controllers: [PaymentsController, StripeWebhookController, TestModeCheckoutController],
  providers: [
    { provide: PAYMENTS_GATEWAY, useFactory: paymentsGatewayFor, inject: [APP_CONFIG, getDataSourceToken()] },
    BillingService,
    BillingNotices,
    BillingNoticesWorker,
    StripeEventsWorker,
    StripeWebhookReceiver,
  ],
  exports: [BillingService, BillingNotices, BillingNoticesWorker, StripeEventsWorker, PAYMENTS_GATEWAY],
})
export class BillingModule {}
