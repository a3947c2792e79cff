import { ConflictException, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { releaseWaitingReminders } from '../reminders/reminder-waiting';
import { guessZoneForPhone } from './zone-guess';
import { normalizePhone } from './phone';
import { PhoneProofService, PROOF_MESSAGE } from './phone-proof.service';
import { trialEnd } from './plan';
import { Language, User } from './user.entity';

export interface SenderOpts {
  name?: string;
  language?: Language;
}

/** What a WhatsApp message from a number means for accounts. */
export interface WhatsappSender {
  user: User;
  created: boolean;
  /** The message was "CODE 123456": 'proved' when it proved (or the number already was proved), 'invalid' otherwise. */
  proofMessage: 'proved' | 'invalid' | null;
}

export type TelegramLinkPeek = { ok: true; userId: number; maskedPhone: string | null; name: string } | { ok: false };
export type ContactOutcome = { outcome: 'ignored' } | { outcome: 'saved' | 'linked'; user: User; phone: string };

/** "+33 6 •• •• •• 78": enough for the owner to recognise their number, not enough to learn it. */
export function maskPhone(e164: string | null): string | null {
  if (!e164) return null;
  const digits = e164.replace(/\D/g, '');
  if (digits.length < 6) return '••••';
  return `+${digits.slice(0, digits.length - 8 > 0 ? digits.length - 8 : 2)} ${digits.slice(-8, -7)} •• •• •• ${digits.slice(-2)}`;
}

/**
 * The identity rules of the messaging apps, in one place (the intake only calls them):
 * - a WhatsApp message proves its sender's number: the first proof wins, an unproved claim by
 *   another account is detached (it never sees the conversation);
 * - "CODE 123456" from a number proves it for the account whose portal showed that code;
 * - a Telegram deep link binds a chat only after the person confirms in that chat;
 * - a contact card links or moves nothing on WhatsApp (anyone can send anyone's card); on
 *   Telegram only the sender's own card (checked by the channel) counts, and it proves the number
 *   since Telegram verified it.
 */
@Injectable()
export class IdentityService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(PhoneProofService) private readonly proofs: PhoneProofService,
  ) {}

  async whatsappSender(phone: string, text: string | undefined, opts: SenderOpts = {}): Promise<WhatsappSender> {
    const code = text ? PROOF_MESSAGE.exec(text)?.[1] : undefined;
    const { id, created, proved } = await this.dataSource.transaction(async (m) => {
      // Two first messages from one number race here: one at a time per number.
      await m.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`phone:${phone}`]);
      if (code) {
        const userId = await this.proofs.proveByMessage(m, phone, code);
        if (userId) return { id: userId, created: false, proved: true };
      }
      const [owner]: Array<{ id: number; phone_verified_at: Date | null }> = await m.query(`SELECT id, phone_verified_at FROM users WHERE phone_number = $1 FOR UPDATE`, [phone]);
      if (owner?.phone_verified_at) return { id: owner.id, created: false, proved: true };
      // Someone claimed this number without proving it: the person writing from it wins.
      if (owner) await this.proofs.detachClaims(m, phone, null);
      return { id: await this.createProvedAccount(m, phone, opts), created: true, proved: false };
    });
    const user = (await this.dataSource.getRepository(User).findOne({ where: { id } }))!;
    return { user, created, proofMessage: code ? (proved ? 'proved' : 'invalid') : null };
  }

  /** The account of a Telegram chat, created (no phone) on first contact. */
  async telegramChat(chatId: string, opts: SenderOpts = {}): Promise<{ user: User; created: boolean }> {
    const users = this.dataSource.getRepository(User);
    const existing = await users.findOne({ where: { telegramChatId: chatId } });
    if (existing) return { user: existing, created: false };
    const rows: Array<{ id: number }> = await this.dataSource.query(
      `INSERT INTO users (username, telegram_chat_id, display_name, language, timezone, timezone_confirmed, plan, trial_ends_at, preferred_channel)
       VALUES ($1, $2, $3, $4, 'UTC', false, 'basic', $5, 'telegram')
       ON CONFLICT DO NOTHING RETURNING id`,
      [`tg${chatId}`.slice(0, 64), chatId, opts.name?.slice(0, 80) ?? null, opts.language ?? 'fr', trialEnd()],
    );
    const user = await users.findOne({ where: { telegramChatId: chatId } });
    if (!user) throw new ConflictException('This Telegram chat could not be given an account');
    return { user, created: rows.length > 0 };
  }

  /** What a deep-link token would link the chat to, without using it (the chat is asked first). */
  async peekTelegramLink(token: string | undefined): Promise<TelegramLinkPeek> {
    if (!token || !/^[A-Za-z0-9_-]{8,64}$/.test(token)) return { ok: false };
    const [row]: Array<{ user_id: number; phone_number: string | null; display_name: string | null; username: string }> = await this.dataSource.query(
      `SELECT t.user_id, u.phone_number, u.display_name, u.username FROM telegram_link_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.token = $1 AND t.used_at IS NULL AND t.expires_at > now()`,
      [token],
    );
    return row ? { ok: true, userId: row.user_id, maskedPhone: maskPhone(row.phone_number), name: row.display_name ?? row.username } : { ok: false };
  }

  /** The person confirmed in the chat: the token is used (once) and the chat moves to its account. */
  async confirmTelegramLink(token: string, chatId: string): Promise<User | null> {
    if (!/^[A-Za-z0-9_-]{8,64}$/.test(token)) return null;
    const userId = await this.dataSource.transaction(async (m) => {
      const [rows]: [Array<{ user_id: number }>, number] = await m.query(
        `UPDATE telegram_link_tokens SET used_at = now() WHERE token = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
        [token],
      );
      const id = rows[0]?.user_id;
      if (!id) return null;
      await this.moveTelegramChat(m, id, chatId);
      return id;
    });
    return userId ? this.dataSource.getRepository(User).findOne({ where: { id: userId } }) : null;
  }

  /**
   * A contact card. WhatsApp: nothing links or moves (anyone can send anyone's card). Telegram:
   * the channel passes only the sender's own card, whose number Telegram verified: it proves the
   * number, so the chat joins the account that proved it, or the chat's account takes it (an
   * unproved claim by someone else is detached).
   */
  async contactShared(channel: string, chatId: string, sender: User, contactPhone: string | undefined): Promise<ContactOutcome> {
    if (channel !== 'telegram') return { outcome: 'ignored' };
    const phone = normalizePhone(contactPhone ?? '');
    if (!phone) return { outcome: 'ignored' };
    const result = await this.dataSource.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`phone:${phone}`]);
      const [owner]: Array<{ id: number; phone_verified_at: Date | null }> = await m.query(`SELECT id, phone_verified_at FROM users WHERE phone_number = $1 FOR UPDATE`, [phone]);
      if (owner && owner.id !== sender.id && owner.phone_verified_at) {
        await this.moveTelegramChat(m, owner.id, chatId);
        return { id: owner.id, outcome: 'linked' as const };
      }
      if (owner && owner.id !== sender.id) await this.proofs.detachClaims(m, phone, sender.id);
      await m.query(`UPDATE users SET phone_number = $2, phone_verified_at = NULL, updated_at = now() WHERE id = $1 AND phone_number IS DISTINCT FROM $2`, [sender.id, phone]);
      await this.proofs.markProven(m, sender.id, phone);
      return { id: sender.id, outcome: 'saved' as const };
    });
    const user = (await this.dataSource.getRepository(User).findOne({ where: { id: result.id } }))!;
    return { outcome: result.outcome, user, phone };
  }

  /** Moves a Telegram chat to an account (see moveTelegramChat), in its own transaction. */
  async linkTelegramChat(userId: number, chatId: string): Promise<User> {
    await this.dataSource.transaction((m) => this.moveTelegramChat(m, userId, chatId));
    return (await this.dataSource.getRepository(User).findOne({ where: { id: userId } }))!;
  }

  /**
   * Moves a Telegram chat to an account. When the chat had an account of its own that the bot
   * created (no phone, no password), its pending reminders come along and that empty shell is
   * removed, so linking later never leaves a ghost account behind. The account's waiting
   * reminders go out: it can be reached on Telegram now.
   */
  async moveTelegramChat(m: Pick<EntityManager, 'query'>, userId: number, chatId: string): Promise<void> {
    const previous: Array<{ id: number; orphan: boolean }> = await m.query(
      `SELECT id, (phone_number IS NULL AND password_hash IS NULL AND role = 'user') AS orphan FROM users WHERE telegram_chat_id = $1 AND id <> $2 FOR UPDATE`,
      [chatId, userId],
    );
    for (const p of previous.filter((r) => r.orphan)) {
      await m.query(`UPDATE reminders SET user_id = $1, updated_at = now() WHERE user_id = $2 AND status = 'pending'`, [userId, p.id]);
      await m.query(`DELETE FROM users WHERE id = $1`, [p.id]);
    }
    await m.query(`UPDATE users SET telegram_chat_id = NULL, updated_at = now() WHERE telegram_chat_id = $1 AND id <> $2`, [chatId, userId]);
    await m.query(`UPDATE users SET telegram_chat_id = $1, preferred_channel = COALESCE(preferred_channel, 'telegram'), updated_at = now() WHERE id = $2`, [chatId, userId]);
    await releaseWaitingReminders(m, userId);
  }

  /** A new account for a number that wrote to us: proved by that message. */
  private async createProvedAccount(m: EntityManager, phone: string, opts: SenderOpts): Promise<number> {
    const guess = guessZoneForPhone(phone);
    // The username is the number unless someone already took that name (a detached claimer keeps theirs).
    const [taken]: Array<{ n: number }> = await m.query(`SELECT count(*)::int AS n FROM users WHERE lower(username) IN (lower($1), lower($2))`, [phone, `wa${phone.slice(1)}`]);
    const username = taken.n === 0 ? phone : `wa${phone.slice(1)}-${Date.now().toString(36)}`;
    const [row]: Array<{ id: number }> = await m.query(
      `INSERT INTO users (username, phone_number, phone_verified_at, display_name, language, timezone, timezone_confirmed, plan, trial_ends_at)
       VALUES ($1, $2, now(), $3, $4, $5, $6, 'basic', $7) RETURNING id`,
      [username, phone, opts.name?.slice(0, 80) ?? null, opts.language ?? 'fr', guess.zone, guess.certain, trialEnd()],
    );
    return row.id;
  }
}
