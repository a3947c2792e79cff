import { Body, Controller, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { IsDefined, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { CurrentUser } from '../../../api/accounts/current-user.decorator';
import { SessionAuthGuard } from '../../../api/accounts/session-auth.guard';
import type { User } from '../../../api/accounts/user.entity';
import { PageLanguage } from '../../../api/common/page-language';
import { RateLimitService } from '../../../api/common/rate-limit.service';
import { IsIanaZone } from '../../../api/reminders/dto/is-iana-zone.decorator';
import { REMINDER_MESSAGES } from '../../../api/reminders/reminder-rules';
import { sayIt, type SaidReminders } from './say-it';

export const SAY_IT_MESSAGES = {
  text: 'Type what to remind you of and when (at most 500 characters).',
  tooMany: 'Too many requests. Please wait a moment before trying again.',
} as const;

export class SayItDto {
  @MaxLength(500, { message: SAY_IT_MESSAGES.text })
  @MinLength(1, { message: SAY_IT_MESSAGES.text })
  @IsString({ message: SAY_IT_MESSAGES.text })
  @IsDefined({ message: SAY_IT_MESSAGES.text })
  text: string;

  /** The zone the form shows times in; default the account's. */
  @IsIanaZone({ message: REMINDER_MESSAGES.timezone })
  @IsOptional()
  timezone?: string;
}

/** Per user, per minute: enough for someone typing, not for using the parser as a free service. */
const PER_MINUTE = 20;

/**
 * The portal's "just say it" box: POST /api/reminders/understand reads a sentence with the bot's
 * own understanding and returns what would be scheduled, for the form to show before saving. It
 * lives in bot/ because it uses bot/understanding, and api/ never imports bot/.
 */
@Controller('api/reminders/understand')
@UseGuards(SessionAuthGuard)
export class SayItController {
  constructor(@Inject(RateLimitService) private readonly limits: RateLimitService) {}

  @Post()
  @HttpCode(200)
  async understand(@CurrentUser() user: User, @Body() dto: SayItDto, @PageLanguage() page?: 'fr' | 'en'): Promise<SaidReminders> {
    await this.limits.enforce([{ key: `say-it:${user.id}`, limit: PER_MINUTE }], 60, SAY_IT_MESSAGES.tooMany);
    const zone = dto.timezone ?? user.timezone ?? 'UTC';
    // The repetition is described in the page's language, else the account's.
    const language = page ?? (user.language === 'en' ? 'en' : 'fr');
    return sayIt(dto.text, { ...user, language }, new Date(), zone);
  }
}
