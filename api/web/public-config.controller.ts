import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, AppConfig } from '../config/app-config';

/** What the web apps may know about this deployment (never a secret). */
@ApiTags('config')
@Controller('api/config')
export class PublicConfigController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get('public')
  get() {
    return {
      whatsappNumber: this.config.whatsapp?.businessNumber ?? null,
      telegramBotUsername: this.config.telegram?.botUsername ?? null,
      simulator: this.config.simulator,
      channels: [this.config.whatsapp && 'whatsapp', this.config.telegram && 'telegram', this.config.simulator && 'simulator'].filter(Boolean),
      /** stripe | test (embedded test-mode checkout, no card charged) | off (production without Stripe keys). */
      payments: this.config.payments.mode,
      stripePublishableKey: this.config.payments.mode === 'stripe' ? (this.config.payments.stripe?.publishableKey ?? null) : null,
    };
  }
}
