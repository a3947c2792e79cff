import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../accounts/current-user.decorator';
import type { User } from '../accounts/user.entity';
import { Staff, StaffController } from '../admin/staff-roles';
import { CampaignsService } from './campaigns.service';

/** The spec's push-notification calls (SPEC §7): history polled every 5 s, and a new campaign. */
@ApiTags('admin')
@Controller('api/admin')
@StaffController()
export class CampaignsController {
  constructor(private readonly campaigns: CampaignsService) {}

  @Get('push-notifications')
  @Staff('admin')
  list() {
    return this.campaigns.list();
  }

  @Post('push-notification')
  @HttpCode(201)
  @Staff('admin')
  create(@CurrentUser() actor: User, @Body() body: { message?: unknown; language?: unknown; targetUsers?: unknown }) {
    return this.campaigns.create(actor, body ?? {});
  }
}
