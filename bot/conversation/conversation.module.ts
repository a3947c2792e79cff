import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../../api/accounts/accounts.module';
import { LiveModule } from '../../api/live/live.module';
import { INBOUND_SINK, STATUS_SINK } from '../channels/inbound-sink.port';
import { DeliveryModule } from '../delivery/delivery.module';
import { ConversationStateRow } from './conversation-state.entity';
import { ConversationService } from './conversation.service';
import { InboundEvent } from './intake/inbound-event.entity';
import { InboundProcessor } from './intake/inbound-processor';
import { IntakeStore } from './intake/intake.store';
import { IntakeWakeups } from './intake/intake-wakeups';
import { IntakeWorker } from './intake/intake-worker';
import { MessagingLinkController } from './messaging-link.controller';
import { SayItController } from './say-it/say-it.controller';
import { TelegramLinkToken } from './telegram-link-token.entity';
import { TelegramLinkService } from './telegram-link.service';

/**
 * Intake (INBOUND_SINK and STATUS_SINK, the Postgres-backed event store and its worker) and the
 * conversation. `reminders` is the app's RemindersModule instance, passed in so that the very
 * same module (and dispatcher) is shared rather than a second one created.
 */
@Module({})
export class ConversationModule {
  static forRoot(reminders: DynamicModule): DynamicModule {
    return {
      module: ConversationModule,
      imports: [TypeOrmModule.forFeature([InboundEvent, ConversationStateRow, TelegramLinkToken]), AccountsModule, LiveModule, DeliveryModule, reminders],
      controllers: [MessagingLinkController, SayItController],
      providers: [
        IntakeWakeups,
        IntakeStore,
        { provide: INBOUND_SINK, useExisting: IntakeStore },
        { provide: STATUS_SINK, useExisting: IntakeStore },
        ConversationService,
        TelegramLinkService,
        InboundProcessor,
        IntakeWorker,
      ],
      exports: [INBOUND_SINK, STATUS_SINK, IntakeWorker, ConversationService, TelegramLinkService],
    };
  }
}
