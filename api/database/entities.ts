/**
 * Every entity, for the migration generator and scripts that run without Nest. Nest itself loads
 * entities through each module's TypeOrmModule.forFeature (autoLoadEntities).
 */
import { BillingNotice } from '../billing/billing-notice.entity';
import { StripeEvent } from '../billing/stripe-event.entity';
import { Subscription } from '../billing/subscription.entity';
import { TestModeObject } from '../billing/test-mode-object.entity';
import { Commission } from '../referrals/commission.entity';
import { Partner } from '../referrals/partner.entity';
import { PasswordResetCode } from '../accounts/password-reset-code.entity';
import { Session } from '../accounts/session.entity';
import { User } from '../accounts/user.entity';
import { Job } from '../jobs/job.entity';
import { RateLimitBucket } from '../common/rate-limit-bucket.entity';
import { NewsletterSubscriber } from '../newsletter/newsletter-subscriber.entity';
import { ReminderCreation } from '../reminders/reminder-creation.entity';
import { ReminderDeliveryRecord } from '../reminders/reminder-delivery-record.entity';
import { Reminder } from '../reminders/reminder.entity';
import { SendRate } from '../reminders/send-rate.entity';
import { ReminderPartSent } from '../reminders/reminder-part.entity';
import { MessageLogEntry } from '../live/message-log.entity';
import { SimulatorMedia } from '../../bot/channels/simulator/simulator-media.entity';
import { ConversationStateRow } from '../../bot/conversation/conversation-state.entity';
import { InboundEvent } from '../../bot/conversation/intake/inbound-event.entity';
import { AuditEntry } from '../audit/audit-entry.entity';
import { Campaign, CampaignRecipient } from '../campaigns/campaign.entity';
import { TelegramLinkToken } from '../../bot/conversation/telegram-link-token.entity';

export const entities = [
  AuditEntry,
  BillingNotice,
  Campaign,
  CampaignRecipient,
  Commission,
  ConversationStateRow,
  InboundEvent,
  Job,
  MessageLogEntry,
  NewsletterSubscriber,
  Partner,
  PasswordResetCode,
  RateLimitBucket,
  Reminder,
  ReminderCreation,
  ReminderDeliveryRecord,
  ReminderPartSent,
  SendRate,
  Session,
  SimulatorMedia,
  StripeEvent,
  Subscription,
  TelegramLinkToken,
  TestModeObject,
  User,
];
