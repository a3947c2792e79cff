import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../accounts/current-user.decorator';
import { entitlement } from '../accounts/plan';
import { SessionAuthGuard } from '../accounts/session-auth.guard';
import type { User } from '../accounts/user.entity';
import { QuotaService } from '../reminders/quota.service';

/** The account's plan state, as the portal reads it (spec §3 Subscription and Plan debug). */
@ApiTags('subscription')
@Controller('api')
@UseGuards(SessionAuthGuard)
export class SubscriptionController {
  constructor(private readonly quota: QuotaService) {}

  @Get('subscription')
  async subscription(@CurrentUser() user: User) {
    const e = entitlement(user);
    return {
      status: e.status,
      plan: e.plan,
      trialEndsAt: e.trialEndsAt,
      isOnTrial: e.isOnTrial,
      trialDaysLeft: e.trialDaysLeft,
      subscriptionEndsAt: e.subscriptionEndsAt,
      billingCycle: user.billingCycle,
      quota: await this.quota.usage(user),
    };
  }

  @Get('plan-debug')
  planDebug(@CurrentUser() user: User) {
    const e = entitlement(user);
    return { plan: e.plan, trialEndsAt: e.trialEndsAt, subscriptionEndsAt: e.subscriptionEndsAt };
  }
}
