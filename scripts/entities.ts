/**
 * Every entity (api/ and bot/), for the migration generator, benches and tests that run without Nest. It lives
 * in scripts/ because api/ never imports bot/; Nest itself loads entities through each module's
 * TypeOrmModule.forFeature (autoLoadEntities).
 */
import { BillingNotice } from '../api/billing/billing-notice.entity';
import { StripeEvent } from '../api/billing/stripe-event.entity';
import { Subscription } from '../api/billing/subscription.entity';
import { TestModeObject } from '../api/billing/test-mode-object.entity';
import { Commission } from '../api/referrals/commission.entity';
import { Partner } from '../api/referrals/partner.entity';
import { PasswordResetCode } from '../api/accounts/password-reset-code.entity';
import { PhoneProof } from '../api/accounts/phone-proof.entity';
import { Session } from '../api/accounts/session.entity';
import { User } from '../api/accounts/user.entity';
import { UserActivity } from '../api/accounts/user-activity.entity';
import { Job } from '../api/jobs/job.entity';
import { RateLimitBucket } from '../api/common/rate-limit-bucket.entity';
import { NewsletterSubscriber } from '../api/newsletter/newsletter-subscriber.entity';
import { ReminderCreation } from '../api/reminders/reminder-creation.entity';
import { ReminderDeliveryRecord } from '../api/reminders/reminder-delivery-record.entity';
import { Reminder } from '../api/reminders/reminder.entity';
import { SendRate } from '../api/reminders/send-rate.entity';
import { ReminderPartSent } from '../api/reminders/reminder-part.entity';
import { MessageLogEntry } from '../api/live/message-log.entity';
import { SimulatorMedia } from '../bot/channels/simulator/simulator-media.entity';
import { ConversationStateRow } from '../bot/conversation/conversation-state.entity';
import { VoiceNote } from '../bot/delivery/voice-note.entity';
import { InboundEvent } from '../bot/conversation/intake/inbound-event.entity';
import { AuditEntry } from '../api/audit/audit-entry.entity';
import { Campaign, CampaignRecipient } from '../api/campaigns/campaign.entity';
import { TelegramLinkToken } from '../bot/conversation/telegram-link-token.entity';

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
  PhoneProof,
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
  UserActivity,
  VoiceNote,
];
