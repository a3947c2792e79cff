import { type DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from '../api/config/app-config';
import { LiveModule } from '../api/live/live.module';
import { ChannelsModule } from './channels/channels.module';
import { SimulatorModule } from './channels/simulator/simulator.module';
import { ConversationModule } from './conversation/conversation.module';
import { DeliveryModule } from './delivery/delivery.module';
import { VoiceModule } from './voice';

/**
 * Everything a message meets between arriving and being answered: the channels configured
 * (WhatsApp, Telegram, the simulator unless SIMULATOR=off), voice, the conversation with its
 * Postgres intake, delivery and the live channel. `reminders` is the app's RemindersModule.
 */
@Module({})
export class BotModule {
  static forRoot(config: AppConfig, reminders: DynamicModule): DynamicModule {
    const wa = config.whatsapp;
    const tg = config.telegram;
    return {
      module: BotModule,
      imports: [
        ChannelsModule.forRoot({
          ...(wa
            ? {
                whatsapp: {
                  apiBaseUrl: wa.apiBaseUrl,
                  apiVersion: wa.apiVersion,
                  phoneNumberId: wa.phoneNumberId,
                  accessToken: wa.accessToken,
                  appSecret: wa.appSecret,
                  verifyToken: wa.verifyToken,
                  reminderTemplate: wa.reminderTemplate,
                  reminderTemplateLanguages: wa.reminderTemplateLanguages,
                },
              }
            : {}),
          ...(tg
            ? {
                telegram: {
                  botToken: tg.botToken,
                  apiRoot: tg.apiRoot,
                  ...(tg.webhookSecret ? { webhookSecret: tg.webhookSecret } : {}),
                  publicUrl: config.publicUrl,
                },
              }
            : {}),
        }),
        VoiceModule.forRoot({
          ...(config.openai
            ? {
                openaiApiKey: config.openai.apiKey,
                ...(config.openai.baseUrl ? { openaiBaseUrl: config.openai.baseUrl } : {}),
                sttModel: config.openai.sttModel,
                ttsModel: config.openai.ttsModel,
                ttsVoice: config.openai.ttsVoice,
              }
            : {}),
          ...(config.ffmpegPath ? { ffmpegPath: config.ffmpegPath } : {}),
          dataDir: config.database.dataDir,
        }),
        LiveModule,
        DeliveryModule,
        ...(config.simulator ? [SimulatorModule] : []),
        ConversationModule.forRoot(reminders),
      ],
    };
  }
}
