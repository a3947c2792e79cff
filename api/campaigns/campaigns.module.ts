import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditEntry } from '../audit/audit-entry.entity';
import { AuditService } from '../audit/audit.service';
import { Campaign, CampaignRecipient } from './campaign.entity';
import { CampaignsService } from './campaigns.service';

/** Broadcast campaigns: storage and batch sending. CAMPAIGN_BATCH_SCHEDULER and STAFF_MESSENGER are app-wide ports. */
@Module({
  imports: [TypeOrmModule.forFeature([Campaign, CampaignRecipient, AuditEntry])],
  providers: [CampaignsService, AuditService],
  exports: [CampaignsService],
})
export class CampaignsModule {}
