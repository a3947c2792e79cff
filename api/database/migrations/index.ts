/** Committed migrations in order. Add new ones at the end (generate with scripts/generate-migration.ts). */
import { Initial1795301603932 } from './1795301603932-initial';
import { ReminderQuotaAndDispatch1795301773708 } from './1795301773708-reminder-quota-and-dispatch';
import { BotConversation1795302577795 } from './1795302577795-bot-conversation';
import { PhoneProofAndOptOut1795402335453 } from './1795402335453-phone-proof-and-opt-out';
import { JobsTable1795402782575 } from './1795402782575-jobs-table';
import { FairClaimIndex1795403024619 } from './1795403024619-fair-claim-index';
import { SharedSendRates1795403292061 } from './1795403292061-shared-send-rates';
import { ReminderParts1795403988018 } from './1795403988018-reminder-parts';
import { VoiceNotes1795404726758 } from './1795404726758-voice-notes';

export const migrations: Function[] = [Initial1795301603932, ReminderQuotaAndDispatch1795301773708, BotConversation1795302577795,
  PhoneProofAndOptOut1795402335453, JobsTable1795402782575, FairClaimIndex1795403024619,
  SharedSendRates1795403292061, ReminderParts1795403988018, VoiceNotes1795404726758];
