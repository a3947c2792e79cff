import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { RateLimitService } from '../common/rate-limit.service';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { normalizePhone } from './phone';

/** Login, register and password-reset attempts are limited per IP and per phone number. */
@Injectable()
export class AuthRateLimit {
  constructor(
    private readonly limits: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async check(action: string, req: Request, phoneInput?: string, countryCode?: string): Promise<void> {
    const { windowSeconds, maxPerIp, maxPerPhone } = this.config.rateLimit;
    const checks = [{ key: `${action}:ip:${req.ip ?? 'unknown'}`, limit: maxPerIp }];
    const phone = phoneInput ? normalizePhone(phoneInput, countryCode) ?? phoneInput.toLowerCase().slice(0, 64) : undefined;
    if (phone) checks.push({ key: `${action}:phone:${phone}`, limit: maxPerPhone });
    await this.limits.enforce(checks, windowSeconds, 'Too many attempts. Please wait a few minutes and try again.');
  }
}
