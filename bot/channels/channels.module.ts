import { type DynamicModule, Module, type Provider, type Type } from '@nestjs/common';
import type { Bot } from 'grammy';
import { ChannelRegistration } from './channel-registration.service';
import { ChannelRegistry } from './channel-registry.service';
import { ChannelSinks } from './channel-sinks.service';
import { createTelegramBot } from './telegram/telegram-bot.factory';
import {
  resolveTelegramOptions,
  TELEGRAM_BOT,
  TELEGRAM_OPTIONS,
  type ResolvedTelegramOptions,
  type TelegramOptions,
} from './telegram/telegram-options';
import { TelegramChannel } from './telegram/telegram.channel';
import { TelegramUpdatesService } from './telegram/telegram-updates.service';
import { TelegramWebhookController } from './telegram/telegram-webhook.controller';
import { WhatsappChannel } from './whatsapp/whatsapp.channel';
import { WhatsappGraphClient } from './whatsapp/whatsapp-graph.client';
import { resolveWhatsappOptions, WHATSAPP_OPTIONS, type WhatsappOptions } from './whatsapp/whatsapp-options';
import { WhatsappWebhookController } from './whatsapp/whatsapp-webhook.controller';

export interface ChannelsModuleOptions {
  /** Omitted: no WhatsApp webhook, no WhatsApp channel. */
  whatsapp?: WhatsappOptions;
  /** Omitted: no Telegram webhook, polling or channel. */
  telegram?: TelegramOptions;
}

/**
 * WhatsApp and Telegram adapters. Global so the conversation, delivery and simulator modules can
 * inject ChannelRegistry without importing this module (intake's sinks are found lazily, see
 * ChannelSinks, so no import cycle arises). Intake provides INBOUND_SINK and STATUS_SINK.
 */
@Module({})
export class ChannelsModule {
  static forRoot(options: ChannelsModuleOptions = {}): DynamicModule {
    const providers: Provider[] = [ChannelRegistry, ChannelSinks, ChannelRegistration];
    const controllers: Type[] = [];
    const exports: Array<Provider | symbol | Type> = [ChannelRegistry, ChannelSinks];

    if (options.whatsapp) {
      providers.push(
        { provide: WHATSAPP_OPTIONS, useValue: resolveWhatsappOptions(options.whatsapp) },
        WhatsappGraphClient,
        WhatsappChannel,
      );
      controllers.push(WhatsappWebhookController);
      exports.push(WhatsappChannel);
    }
    if (options.telegram) {
      providers.push(
        { provide: TELEGRAM_OPTIONS, useValue: resolveTelegramOptions(options.telegram) },
        {
          provide: TELEGRAM_BOT,
          useFactory: (opts: ResolvedTelegramOptions, sinks: ChannelSinks): Bot => createTelegramBot(opts, () => sinks.inbound()),
          inject: [TELEGRAM_OPTIONS, ChannelSinks],
        },
        TelegramChannel,
        TelegramUpdatesService,
      );
      controllers.push(TelegramWebhookController);
      exports.push(TelegramChannel, TelegramUpdatesService);
    }
    return { module: ChannelsModule, global: true, providers, controllers, exports };
  }
}
