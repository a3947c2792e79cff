import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { QuotaService } from './quota.service';
import { RecordingReminderDelivery } from './recording-reminder-delivery';
import { ReminderCreation } from './reminder-creation.entity';
import { ReminderDeliveryRecord } from './reminder-delivery-record.entity';
import { REMINDER_DELIVERY } from './reminder-delivery.port';
import { ReminderDispatcherService } from './reminder-dispatcher.service';
import { ReminderWakeups } from './reminder-wakeups';
import { Reminder } from './reminder.entity';
import { ReminderPartSent } from './reminder-part.entity';
import { SendRate } from './send-rate.entity';
import { REMINDERS_MODULE_OPTIONS, RemindersModuleOptions } from './reminders-module-options';
import { RemindersController } from './reminders.controller';
import { RemindersService } from './reminders.service';

/**
 * Reminders: rules (RemindersService, QuotaService), the /api/reminders endpoints, and the
 * durable dispatcher. REMINDER_DELIVERY defaults to the embedded RecordingReminderDelivery;
 * the app binds the real one with `RemindersModule.forRoot({ imports, delivery })`, and tests
 * may `overrideProvider(REMINDER_DELIVERY)`.
 */
@Module({})
export class RemindersModule {
  static forRoot(options: RemindersModuleOptions = {}): DynamicModule {
    return {
      module: RemindersModule,
      imports: [TypeOrmModule.forFeature([Reminder, ReminderCreation, ReminderDeliveryRecord, ReminderPartSent, SendRate]), ...(options.imports ?? [])],
      controllers: [RemindersController],
      providers: [
        { provide: REMINDERS_MODULE_OPTIONS, useValue: options },
        ReminderWakeups,
        QuotaService,
        RemindersService,
        RecordingReminderDelivery,
        options.delivery ?? { provide: REMINDER_DELIVERY, useExisting: RecordingReminderDelivery },
        ReminderDispatcherService,
      ],
      exports: [QuotaService, RemindersService, ReminderDispatcherService, REMINDER_DELIVERY],
    };
  }
}
