/** Committed migrations in order. Add new ones at the end (generate with scripts/generate-migration.ts). */
import { Initial1795301603932 } from './1795301603932-initial';
import { ReminderQuotaAndDispatch1795301773708 } from './1795301773708-reminder-quota-and-dispatch';
import { BotConversation1795302577795 } from './1795302577795-bot-conversation';
import { PhoneProofAndOptOut1795402335453 } from './1795402335453-phone-proof-and-opt-out';
import { JobsTable1795402782575 } from './1795402782575-jobs-table';
import { BillingAndReferrals1795402905156 } from './1795402905156-billing-and-referrals';
import { BackofficeAuditCampaigns1795403261841 } from './1795403261841-backoffice-audit-campaigns';
import { AdminSearchTrigram1795403900000 } from './1795403900000-admin-search-trigram';

export const migrations: Function[] = [Initial1795301603932, ReminderQuotaAndDispatch1795301773708, BotConversation1795302577795,
  PhoneProofAndOptOut1795402335453, JobsTable1795402782575, BillingAndReferrals1795402905156, BackofficeAuditCampaigns1795403261841,
  AdminSearchTrigram1795403900000];
