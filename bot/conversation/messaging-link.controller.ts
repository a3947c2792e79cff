import { BadRequestException, Body, Controller, HttpCode, Inject, Ip, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AccountsService } from '../../api/accounts/accounts.service';
import { CurrentUser } from '../../api/accounts/current-user.decorator';
import { normalizePhone } from '../../api/accounts/phone';
import { SessionAuthGuard } from '../../api/accounts/session-auth.guard';
import type { User } from '../../api/accounts/user.entity';
import { RateLimitService } from '../../api/common/rate-limit.service';
import { APP_CONFIG, AppConfig } from '../../api/config/app-config';
import { USER_MESSENGER, type UserMessenger } from '../../api/messaging/user-messenger.port';
import { t } from './i18n';
import { TelegramLinkService } from './telegram-link.service';

/**
 * POST /api/whatsapp/link (spec): sends the welcome message to a number (on WhatsApp when it is
 * configured), creating its account when new; rate limited per IP and per number. POST /api/telegram/link-token: a deep link that
 * ties a Telegram chat to the signed-in account.
 */
@ApiTags('messaging')
@Controller('api')
export class MessagingLinkController {
  constructor(
    @Inject(AccountsService) private readonly accounts: AccountsService,
    @Inject(USER_MESSENGER) private readonly messenger: UserMessenger,
    @Inject(RateLimitService) private readonly rateLimit: RateLimitService,
    @Inject(TelegramLinkService) private readonly links: TelegramLinkService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('whatsapp/link')
  @HttpCode(200)
  async whatsappLink(@Body() body: { phoneNumber?: unknown; language?: unknown; countryCode?: unknown }, @Ip() ip: string) {
    const phone = normalizePhone(typeof body?.phoneNumber === 'string' ? body.phoneNumber : null, typeof body?.countryCode === 'string' ? body.countryCode : undefined);
    if (!phone) throw new BadRequestException('Please enter a valid phone number.');
    const language = body.language === 'en' ? 'en' : 'fr';
    const { windowSeconds, maxPerIp, maxPerPhone } = this.config.rateLimit;
    await this.rateLimit.enforce(
      [
        { key: `wa-link:ip:${ip}`, limit: maxPerIp },
        { key: `wa-link:phone:${phone}`, limit: Math.min(maxPerPhone, 5) },
      ],
      windowSeconds,
      language === 'fr' ? 'Trop de demandes, réessayez plus tard.' : 'Too many requests, please try again later.',
    );
    const { user, created } = await this.accounts.findOrCreateByPhone(phone, { language });
    // A brand-new account has no password yet: the portal opens on "choose your password".
    const url = `${this.config.publicUrl}/auth?tab=login&phone=${encodeURIComponent(phone)}${created ? '&setPassword=1' : ''}`;
    // A number that has not written to us in 24 h gets the approved welcome template instead.
    await this.messenger.sendText(user, t(user.language, 'welcome.link', { url }), { purpose: 'welcome', url });
    return {
      success: true,
      message: language === 'fr' ? 'Message de bienvenue envoyé sur WhatsApp.' : 'Welcome message sent on WhatsApp.',
    };
  }

  @Post('telegram/link-token')
  @UseGuards(SessionAuthGuard)
  linkToken(@CurrentUser() user: User) {
    return this.links.create(user.id);
  }
}
