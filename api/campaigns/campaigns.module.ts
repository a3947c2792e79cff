import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditEntry } from '../audit/audit-entry.entity';
import { AuditService } from '../audit/audit.service';
import { Campaign, CampaignRecipient } from './campaign.entity';
import { CampaignBatchWorker } from './campaign-batch.worker';
import { CampaignsService } from './campaigns.service';

/** Broadcast campaigns: storage, batch sending, and the campaign-batch job kind. JobsService and STAFF_MESSENGER are app-wide. */
@Module({
  imports: [TypeOrmModule.forFeature([Campaign, CampaignRecipient, AuditEntry])],
  providers: [CampaignsService, AuditService, CampaignBatchWorker],
  exports: [CampaignsService],
})
export class CampaignsModule {}
