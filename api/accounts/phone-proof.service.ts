import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { USER_MESSENGER, UserMessenger } from '../messaging/user-messenger.port';
import { RateLimitService, TooManyRequests } from '../common/rate-limit.service';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { releaseWaitingReminders } from '../reminders/reminder-waiting';
import type { User } from './user.entity';

export const PHONE_PROOF_TTL_MS = 10 * 60_000;
/** The portal's "CODE 123456" link stays usable for a day (the person may tap it later). */
export const PHONE_PROOF_MESSAGE_TTL_MS = 24 * 3600_000;
export const PHONE_PROOF_MAX_TRIES = 5;
/** Codes sent to one number: at most 3 an hour and 10 a day (issue 10). */
export const CODE_SENDS_PER_HOUR = 3;
export const CODE_SENDS_PER_DAY = 10;

export const PHONE_PROOF_MESSAGES = {
  noPhone: 'Add a phone number to your account first.',
  alreadyProved: 'This phone number is already confirmed.',
  invalid: 'This code is invalid or has expired. Please request a new one.',
  tooMany: 'Too many codes were sent to this number. Please try again later.',
};

const SENT_TEXTS = {
  fr: (code: string) => `Votre code de confirmation Rappel : ${code}. Il expire dans 10 minutes. Ne le partagez avec personne.`,
  en: (code: string) => `Your Rappel confirmation code: ${code}. It expires in 10 minutes. Do not share it with anyone.`,
};

/** "CODE 123456" as the wa.me link prefills it (also "code: 123456", any case, spaces around). */
export const PROOF_MESSAGE = /^\s*code\s*[:#-]?\s*(\d{6})\s*$/i;

export function hashProofCode(code: string): string {
  return createHash('sha256').update(`rappel-phone-proof:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Proving a claimed phone number: by a message FROM it carrying the code the portal showed
 * ("CODE 123456" in a wa.me link), or by typing the code Rappel sent TO it. The first proof wins:
 * `markProven` detaches the claim of any other account on that number, in one transaction, and
 * releases the reminders that were waiting for the proof.
 */
@Injectable()
export class PhoneProofService {
  private readonly logger = new Logger(PhoneProofService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(RateLimitService) private readonly limits: RateLimitService,
    @Inject(USER_MESSENGER) private readonly messenger: UserMessenger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The wa.me link prefilled with "CODE 123456" (the code shown to the signed-in user). */
  async messageLink(user: User): Promise<{ code: string; text: string; url: string | null; expiresAt: string }> {
    const phone = this.claimed(user);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = new Date(Date.now() + PHONE_PROOF_MESSAGE_TTL_MS);
    await this.dataSource.transaction(async (m) => {
      // One live link code per account: a new one retires the previous ones.
      await m.query(`UPDATE phone_proofs SET used_at = now() WHERE user_id = $1 AND kind = 'message' AND used_at IS NULL`, [user.id]);
      await m.query(`INSERT INTO phone_proofs (user_id, phone_number, kind, code_hash, expires_at) VALUES ($1, $2, 'message', $3, $4)`, [user.id, phone, hashProofCode(code), expiresAt]);
    });
    const text = `CODE ${code}`;
    const business = this.config.whatsapp?.businessNumber?.replace(/\D/g, '');
    return { code, text, url: business ? `https://wa.me/${business}?text=${encodeURIComponent(text)}` : null, expiresAt: expiresAt.toISOString() };
  }

  /** Sends a 6-digit code to the claimed number (authentication template): 3 an hour, 10 a day per number. */
  async sendCode(user: User): Promise<{ success: true; expiresAt: string }> {
    const phone = this.claimed(user);
    const hour = await this.limits.hit(`proof-send:h:${phone}`, CODE_SENDS_PER_HOUR, 3600);
    const day = await this.limits.hit(`proof-send:d:${phone}`, CODE_SENDS_PER_DAY, 86_400);
    if (!hour.allowed || !day.allowed) {
      throw new TooManyRequests(PHONE_PROOF_MESSAGES.tooMany, Math.max(hour.allowed ? 0 : hour.retryAfterSeconds, day.allowed ? 0 : day.retryAfterSeconds));
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = new Date(Date.now() + PHONE_PROOF_TTL_MS);
    await this.dataSource.transaction(async (m) => {
      await m.query(`UPDATE phone_proofs SET used_at = now() WHERE user_id = $1 AND kind = 'code' AND used_at IS NULL`, [user.id]);
      await m.query(`INSERT INTO phone_proofs (user_id, phone_number, kind, code_hash, expires_at) VALUES ($1, $2, 'code', $3, $4)`, [user.id, phone, hashProofCode(code), expiresAt]);
    });
    const language = user.language === 'en' ? 'en' : 'fr';
    try {
      await this.messenger.sendText(user, SENT_TEXTS[language](code), { purpose: 'phone-proof', code });
    } catch (e) {
      this.logger.warn(`Could not send the phone confirmation code to user ${user.id}: ${(e as Error).message}`);
    }
    return { success: true, expiresAt: expiresAt.toISOString() };
  }

  /**
   * The code typed in the portal. Each guess takes one try atomically before it is compared, so
   * parallel guesses cannot exceed PHONE_PROOF_MAX_TRIES.
   */
  async verifyCode(user: User, code: string): Promise<void> {
    const phone = this.claimed(user);
    const [rows]: [Array<{ id: number; code_hash: string }>, number] = await this.dataSource.query(
      `UPDATE phone_proofs SET attempts = attempts + 1
        WHERE id = (SELECT id FROM phone_proofs WHERE user_id = $1 AND kind = 'code' AND used_at IS NULL ORDER BY id DESC LIMIT 1)
          AND phone_number = $2 AND used_at IS NULL AND expires_at > now() AND attempts < $3
        RETURNING id, code_hash`,
      [user.id, phone, PHONE_PROOF_MAX_TRIES],
    );
    const row = rows[0];
    if (!row || !/^\d{6}$/.test(code) || !sameHash(row.code_hash, hashProofCode(code))) throw new BadRequestException(PHONE_PROOF_MESSAGES.invalid);
    const proved = await this.dataSource.transaction(async (m) => {
      const used: [unknown[], number] = await m.query(`UPDATE phone_proofs SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING id`, [row.id]);
      return used[1] > 0 ? this.markProven(m, user.id, phone) : false;
    });
    if (!proved) throw new BadRequestException(PHONE_PROOF_MESSAGES.invalid);
  }

  /**
   * A message arrived FROM `phone` carrying a code: the account whose live link code it is (for
   * that same number) is proved. Returns that account's id, or null when the code is not one.
   */
  async proveByMessage(m: EntityManager, phone: string, code: string): Promise<number | null> {
    const rows: Array<{ id: number; user_id: number; code_hash: string }> = await m.query(
      `SELECT id, user_id, code_hash FROM phone_proofs WHERE phone_number = $1 AND kind = 'message' AND used_at IS NULL AND expires_at > now() FOR UPDATE`,
      [phone],
    );
    const hash = hashProofCode(code);
    const match = rows.find((r) => sameHash(r.code_hash, hash));
    if (!match) return null;
    await m.query(`UPDATE phone_proofs SET used_at = now() WHERE id = $1`, [match.id]);
    return (await this.markProven(m, match.user_id, phone)) ? match.user_id : null;
  }

  /**
   * `userId` proved `phone`. First proof wins: any other account holding the number (only ever
   * a claim: a proved number is never given to a second account) loses it, with its pending
   * proofs. Waiting reminders of the prover are released. False when the account no longer
   * claims that number.
   */
  async markProven(m: Pick<EntityManager, 'query'>, userId: number, phone: string): Promise<boolean> {
    await this.detachClaims(m, phone, userId);
    const res: [unknown[], number] = await m.query(
      `UPDATE users SET phone_verified_at = COALESCE(phone_verified_at, now()), updated_at = now() WHERE id = $1 AND phone_number = $2 RETURNING id`,
      [userId, phone],
    );
    if (!res[1]) return false;
    await releaseWaitingReminders(m, userId);
    return true;
  }

  /** Removes an unproved claim on `phone` from every account but `exceptUserId`; returns the ids detached. */
  async detachClaims(m: Pick<EntityManager, 'query'>, phone: string, exceptUserId: number | null): Promise<number[]> {
    const [rows]: [Array<{ id: number }>, number] = await m.query(
      `UPDATE users SET phone_number = NULL, phone_verified_at = NULL, updated_at = now()
        WHERE phone_number = $1 AND phone_verified_at IS NULL AND id IS DISTINCT FROM $2 RETURNING id`,
      [phone, exceptUserId],
    );
    if (rows.length) {
      await m.query(`UPDATE phone_proofs SET used_at = now() WHERE user_id = ANY($1::int[]) AND used_at IS NULL`, [rows.map((r) => r.id)]);
      this.logger.log(`Unproved claim on a number detached from account(s) ${rows.map((r) => r.id).join(', ')}: its owner proved it`);
    }
    return rows.map((r) => r.id);
  }

  private claimed(user: User): string {
    if (!user.phoneNumber) throw new BadRequestException(PHONE_PROOF_MESSAGES.noPhone);
    if (user.phoneVerifiedAt) throw new BadRequestException(PHONE_PROOF_MESSAGES.alreadyProved);
    return user.phoneNumber;
  }
}
