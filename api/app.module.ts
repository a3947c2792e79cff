import { DynamicModule, Global, Module, Provider } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { LoggerModule } from 'nestjs-pino';
import { BotModule } from '../bot/bot.module';
import { ChannelUserMessenger } from '../bot/delivery/channel-user-messenger';
import { DeliveryModule } from '../bot/delivery/delivery.module';
import { USER_MESSENGER } from './messaging/user-messenger.port';
import { StaffChannelMessenger } from '../bot/delivery/staff-channel-messenger';
import { VoiceNoteDelivery } from '../bot/delivery/voice-note-delivery';
import { STAFF_MESSENGER } from './admin/staff-messenger.port';
import { AccountsModule } from './accounts/accounts.module';
import { AdminFallbackModule, AdminModule } from './admin/admin.module';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { HealthModule } from './health/health.module';
import { JobsModule } from './jobs/jobs.module';
import { NewsletterModule } from './newsletter/newsletter.module';
import { REMINDER_DELIVERY } from './reminders/reminder-delivery.port';
import { RemindersModule } from './reminders/reminders.module';
import { BillingModule } from './billing/billing.module';
import { SubscriptionController } from './billing/subscription.controller';
import { ReferralsModule } from './referrals/referrals.module';
import { PublicConfigController } from './web/public-config.controller';

/** Ports every module may need, bound once for the whole app. */
@Global()
@Module({})
class PortsModule {
  static forRoot(providers: Provider[], imports: DynamicModule['imports'] = []): DynamicModule {
    return { module: PortsModule, imports, providers, exports: providers.map((p) => (typeof p === 'function' ? p : (p as { provide: symbol }).provide)) };
  }
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    // One instance, shared with the bot: reminders are delivered as voice notes on the user's channel.
    const reminders = RemindersModule.forRoot({
      imports: [DeliveryModule],
      delivery: { provide: REMINDER_DELIVERY, useExisting: VoiceNoteDelivery },
    });
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.logLevel,
            // A person at a terminal gets readable lines; deployments and CI keep JSON.
            transport:
              config.env === 'development' && process.stdout.isTTY
                ? { target: 'pino-pretty', options: { singleLine: true, translateTime: 'HH:MM:ss', ignore: 'pid,hostname,req,res,responseTime' } }
                : undefined,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-hub-signature-256"]', 'req.headers["x-telegram-bot-api-secret-token"]', 'res.headers["set-cookie"]'],
            autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/api/health') },
            // The WhatsApp verification handshake carries its verify token in the query string.
            serializers: {
              req: (req: { url?: string }) => ({ ...req, url: req.url?.replace(/(hub\.verify_token=)[^&]*/g, '$1[Redacted]') }),
            },
          },
        }),
        ScheduleModule.forRoot(),
        DatabaseModule.forRoot(),
        JobsModule,
        // Reset codes and welcome texts go out on the user's channel (logged when it is the simulator).
        PortsModule.forRoot(
          [
            { provide: USER_MESSENGER, useExisting: ChannelUserMessenger },
            { provide: STAFF_MESSENGER, useExisting: StaffChannelMessenger },
          ],
          [DeliveryModule],
        ),
        AccountsModule,
        NewsletterModule,
        reminders,
        BotModule.forRoot(config, reminders),
        ReferralsModule,
        BillingModule,
        AdminModule.forRoot(reminders),
        HealthModule,
        // Last: its catch-all 404 must not shadow any /api/admin route.
        AdminFallbackModule,
      ],
      controllers: [PublicConfigController, SubscriptionController],
    };
  }
}
