import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Bot } from 'grammy';
import {
  type ResolvedTelegramOptions,
  TELEGRAM_BOT,
  TELEGRAM_OPTIONS,
  TELEGRAM_WEBHOOK_PATH,
} from './telegram-options';

const ALLOWED_UPDATES = ['message', 'callback_query'] as const;

/**
 * How updates reach this instance: a webhook registered with our secret when a public URL is
 * configured, long polling otherwise (development, single instance).
 */
@Injectable()
export class TelegramUpdatesService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(TelegramUpdatesService.name);
  private polling?: Promise<void>;

  constructor(
    @Inject(TELEGRAM_BOT) private readonly bot: Bot,
    @Inject(TELEGRAM_OPTIONS) private readonly options: ResolvedTelegramOptions,
  ) {}

  get mode(): 'webhook' | 'polling' {
    return this.options.publicUrl ? 'webhook' : 'polling';
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.options.autoStart) return;
    // A Telegram outage at boot must not keep the rest of the server (WhatsApp, portal) down.
    await this.start().catch((err: Error) => this.logger.error(`Telegram updates not started (${this.mode}): ${err.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  async start(): Promise<void> {
    if (this.mode === 'webhook') {
      const url = `${this.options.publicUrl!.replace(/\/+$/, '')}/${TELEGRAM_WEBHOOK_PATH}`;
      await this.bot.api.setWebhook(url, { secret_token: this.options.webhookSecret, allowed_updates: [...ALLOWED_UPDATES] });
      this.logger.log(`Telegram webhook registered at ${url}`);
      return;
    }
    if (this.polling) return;
    // bot.start() resolves only when polling stops, so it is kept, not awaited; onStart tells us
    // the first getUpdates is about to go out.
    await new Promise<void>((resolve, reject) => {
      this.polling = this.bot
        .start({ allowed_updates: [...ALLOWED_UPDATES], onStart: () => resolve() })
        .catch((err: Error) => {
          this.logger.error(`Telegram long polling stopped: ${err.message}`);
          reject(err);
        })
        .finally(() => {
          this.polling = undefined;
        });
    });
    this.logger.log('Telegram long polling started');
  }

  async stop(): Promise<void> {
    if (!this.polling) return;
    const polling = this.polling;
    await this.bot.stop();
    await polling.catch(() => undefined);
  }

  isPolling(): boolean {
    return this.polling !== undefined;
  }
}
