import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../accounts/current-user.decorator';
import { entitlement } from '../accounts/plan';
import { SessionAuthGuard } from '../accounts/session-auth.guard';
import type { User } from '../accounts/user.entity';
import { QuotaService } from '../reminders/quota.service';
import { BillingService, hasRunningSubscription } from './billing.service';

/** The account's plan state, as the portal reads it (spec §3 Subscription and Plan debug). */
@ApiTags('subscription')
@Controller('api')
@UseGuards(SessionAuthGuard)
export class SubscriptionController {
  constructor(
    private readonly quota: QuotaService,
    private readonly billing: BillingService,
  ) {}

  @Get('subscription')
  async subscription(@CurrentUser() user: User) {
    const e = entitlement(user);
    const sub = await this.billing.subscriptionOf(user.id);
    const running = Boolean(sub?.subscriptionId && sub.status && ['active', 'trialing', 'past_due'].includes(sub.status));
    return {
      status: e.status,
      plan: e.plan,
      trialEndsAt: e.trialEndsAt,
      isOnTrial: e.isOnTrial,
      trialDaysLeft: e.trialDaysLeft,
      subscriptionEndsAt: e.subscriptionEndsAt,
      billingCycle: user.billingCycle,
      /** An active paid subscription (a trial is not a payment). */
      paid: e.paid,
      subscriptionStatus: sub?.status ?? null,
      nextBillingDate: running && !sub!.cancelAtPeriodEnd ? sub!.currentPeriodEnd : null,
      cancelsAt: running && sub!.cancelAtPeriodEnd ? sub!.currentPeriodEnd : null,
      canManageBilling: Boolean(sub?.subscriptionId) && this.billing.mode !== 'off',
      /** A running subscription: checkout answers 409 already_subscribed; the portal offers "Manage billing" instead. */
      hasRunningSubscription: hasRunningSubscription(sub),
      quota: await this.quota.usage(user),
    };
  }

  @Get('plan-debug')
  planDebug(@CurrentUser() user: User) {
    const e = entitlement(user);
    return { plan: e.plan, trialEndsAt: e.trialEndsAt, subscriptionEndsAt: e.subscriptionEndsAt };
  }
}
