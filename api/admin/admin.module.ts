import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts/accounts.module';
import { AuditEntry } from '../audit/audit-entry.entity';
import { AuditController } from '../audit/audit.controller';
import { AuditService } from '../audit/audit.service';
import { CampaignsModule } from '../campaigns/campaigns.module';
import { CampaignsController } from '../campaigns/campaigns.controller';
import { AdminController, AdminFallbackController } from './admin.controller';
import { AdminRemindersService } from './admin-reminders.service';
import { AdminStatsService } from './admin-stats.service';
import { AdminUsersService } from './admin-users.service';
import { ConversationsController } from './conversations.controller';
import { ConversationsService } from './conversations.service';
import { StaffGuard } from './staff-roles';

/**
 * The back-office API. Every /api/admin controller is registered here (the catch-all 404 goes in
 * AdminFallbackModule, imported last by AppModule, so it never shadows a real route).
 * `reminders` is the app's RemindersModule instance (its RemindersService is the one the
 * dispatcher uses). STAFF_MESSENGER comes from the app's global ports.
 */
@Module({})
export class AdminModule {
  static forRoot(reminders: DynamicModule): DynamicModule {
    return {
      module: AdminModule,
      imports: [AccountsModule, reminders, TypeOrmModule.forFeature([AuditEntry]), CampaignsModule],
      controllers: [AdminController, ConversationsController, AuditController, CampaignsController],
      providers: [StaffGuard, AuditService, AdminStatsService, AdminUsersService, AdminRemindersService, ConversationsService],
      exports: [StaffGuard, AuditService],
    };
  }
}

@Module({ imports: [AccountsModule], controllers: [AdminFallbackController], providers: [StaffGuard] })
export class AdminFallbackModule {}
