import { randomBytes } from 'node:crypto';
import { Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../api/config/app-config';

const TOKEN_TTL_MINUTES = 30;

/** Deep links `https://t.me/<bot>?start=<token>` that tie a Telegram chat to a signed-in account. */
@Injectable()
export class TelegramLinkService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(userId: number): Promise<{ url: string; token: string; expiresAt: string }> {
    const username = this.config.telegram?.botUsername;
    if (!this.config.telegram) throw new ServiceUnavailableException('Telegram is not configured on this server');
    // base64url: Telegram allows A-Z a-z 0-9 _ - in start parameters, up to 64 characters.
    const token = randomBytes(24).toString('base64url');
    const expiresAt = new Date(Date.now() + TOKEN_TTL_MINUTES * 60_000);
    await this.dataSource.query(`INSERT INTO telegram_link_tokens (token, user_id, expires_at) VALUES ($1, $2, $3)`, [token, userId, expiresAt]);
    const url = username ? `https://t.me/${username}?start=${token}` : `tg://resolve?start=${token}`;
    return { url, token, expiresAt: expiresAt.toISOString() };
  }
  // Using a token (after the chat confirmed) is an identity rule: IdentityService.confirmTelegramLink.
}
