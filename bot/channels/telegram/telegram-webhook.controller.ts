import { BadRequestException, Body, Controller, Headers, HttpCode, Inject, Post, UnauthorizedException } from '@nestjs/common';
import { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import { secretsEqual } from '../constant-time';
import { type ResolvedTelegramOptions, TELEGRAM_BOT, TELEGRAM_OPTIONS } from './telegram-options';

/**
 * Telegram's webhook. A 2xx tells Telegram the update is handled; on any error it redelivers the
 * same update, which intake recognises by its (chat, message id) and its recent update_id.
 */
@Controller('api/telegram')
export class TelegramWebhookController {
  constructor(
    @Inject(TELEGRAM_BOT) private readonly bot: Bot,
    @Inject(TELEGRAM_OPTIONS) private readonly options: ResolvedTelegramOptions,
  ) {}

  @Post('webhook')
  @HttpCode(200)
  async receive(
    @Headers('x-telegram-bot-api-secret-token') secret: string | undefined,
    @Body() update: Update,
  ): Promise<void> {
    if (!secretsEqual(secret, this.options.webhookSecret)) throw new UnauthorizedException('Invalid secret token');
    if (!update || typeof update.update_id !== 'number') throw new BadRequestException('Not a Telegram update');
    await this.bot.init();
    await this.bot.handleUpdate(update);
  }
}
