import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts/accounts.module';
import { StaffGuard } from '../admin/staff-roles';
import { AuditEntry } from '../audit/audit-entry.entity';
import { AuditService } from '../audit/audit.service';
import { Commission } from './commission.entity';
import { Partner } from './partner.entity';
import { ReferralsAdminController } from './referrals-admin.controller';
import { ReferralsService } from './referrals.service';

@Module({
  imports: [AccountsModule, TypeOrmModule.forFeature([Partner, Commission, AuditEntry])],
  controllers: [ReferralsAdminController],
  providers: [ReferralsService, AuditService, StaffGuard],
  exports: [ReferralsService],
})
export class ReferralsModule {}
