import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { IsNull, Repository } from 'typeorm';
import { USER_MESSENGER, UserMessenger } from '../messaging/user-messenger.port';
import { AccountsService } from './accounts.service';
import { PasswordResetCode } from './password-reset-code.entity';
import { normalizePhone } from './phone';
import { SessionsService } from './sessions.service';

export const RESET_CODE_TTL_MS = 10 * 60_000;
export const RESET_CODE_MAX_TRIES = 5;

export const RESET_MESSAGES = {
  sent: 'If an account exists for this number, a 6-digit code has been sent to it.',
  verified: 'Code verified.',
  done: 'Your password has been changed. You can now log in.',
  invalid: 'This code is invalid or has expired. Please request a new one.',
};

const TEXTS = {
  fr: (code: string) => `Votre code Rappel : ${code}. Il expire dans 10 minutes. Ne le partagez avec personne.`,
  en: (code: string) => `Your Rappel code: ${code}. It expires in 10 minutes. Do not share it with anyone.`,
};

export type CodeCheck = 'ok' | 'invalid';

/**
 * Rules of a reset code, pure so they are tested without a database: right code, not used,
 * not expired, fewer than 5 wrong tries so far.
 */
export function checkCode(
  record: Pick<PasswordResetCode, 'codeHash' | 'expiresAt' | 'failedAttempts' | 'usedAt'> | null,
  code: string,
  now = new Date(),
): CodeCheck | 'wrong' {
  if (!record || record.usedAt || record.expiresAt <= now || record.failedAttempts >= RESET_CODE_MAX_TRIES) return 'invalid';
  const a = Buffer.from(hashCode(code), 'hex');
  const b = Buffer.from(record.codeHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b) ? 'ok' : 'wrong';
}

export function hashCode(code: string): string {
  return createHash('sha256').update(`rappel-reset:${code}`).digest('hex');
}

export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Forgot-password: request → verify → reset. Answers never reveal whether a number has an account. */
@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger(PasswordResetService.name);

  constructor(
    @InjectRepository(PasswordResetCode) private readonly codes: Repository<PasswordResetCode>,
    private readonly accounts: AccountsService,
    private readonly sessions: SessionsService,
    @Inject(USER_MESSENGER) private readonly messenger: UserMessenger,
  ) {}

  async request(phoneInput: string, countryCode?: string): Promise<{ success: true; message: string }> {
    const phone = normalizePhone(phoneInput, countryCode);
    const user = phone ? await this.accounts.findByPhone(phone) : null;
    if (user) {
      // One live code at a time: a new request retires the previous ones.
      await this.codes.update({ userId: user.id, usedAt: IsNull() }, { usedAt: new Date() });
      const code = generateCode();
      await this.codes.insert({ userId: user.id, codeHash: hashCode(code), expiresAt: new Date(Date.now() + RESET_CODE_TTL_MS), failedAttempts: 0 });
      try {
        await this.messenger.sendText(user, TEXTS[user.language === 'en' ? 'en' : 'fr'](code), { purpose: 'otp', code });
      } catch (e) {
        this.logger.warn(`Could not send the reset code to user ${user.id}: ${(e as Error).message}`);
      }
    }
    return { success: true, message: RESET_MESSAGES.sent };
  }

  async verify(phoneInput: string, code: string, countryCode?: string): Promise<{ success: true; message: string }> {
    await this.consume(phoneInput, code, countryCode);
    return { success: true, message: RESET_MESSAGES.verified };
  }

  async reset(phoneInput: string, code: string, newPassword: string, countryCode?: string): Promise<{ success: true; message: string }> {
    const { userId, recordId } = await this.consume(phoneInput, code, countryCode);
    await this.accounts.setPassword(userId, newPassword);
    await this.codes.update({ id: recordId }, { usedAt: new Date() });
    // A password reset signs out every other session (the account may have been taken over).
    await this.sessions.destroyAllFor(userId);
    return { success: true, message: RESET_MESSAGES.done };
  }

  private async consume(phoneInput: string, code: string, countryCode: string | undefined) {
    const phone = normalizePhone(phoneInput, countryCode);
    const user = phone ? await this.accounts.findByPhone(phone) : null;
    if (!user) throw new BadRequestException(RESET_MESSAGES.invalid);
    const record = await this.codes.findOne({ where: { userId: user.id, usedAt: IsNull() }, order: { createdAt: 'DESC', id: 'DESC' } });
    const result = checkCode(record, code);
    if (result === 'wrong') {
      // Counted atomically so parallel guesses cannot exceed the limit.
      await this.codes.increment({ id: record!.id }, 'failedAttempts', 1);
      throw new BadRequestException(RESET_MESSAGES.invalid);
    }
    if (result === 'invalid') throw new BadRequestException(RESET_MESSAGES.invalid);
    return { userId: user.id, recordId: record!.id };
  }
}
