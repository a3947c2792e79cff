import { BadRequestException, ConflictException, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IANAZone } from 'luxon';
import { QueryFailedError, Repository } from 'typeorm';
import { activeReferralCode } from '../referrals/referrals.service';
import { guessZoneForPhone } from './zone-guess';
import { RegisterDto } from './accounts.dto';
import { passwordHasher } from './password-hasher';
import { normalizePhone } from './phone';
import { entitlement, trialEnd } from './plan';
import { Language, Plan, Role, User } from './user.entity';

export const MESSAGES = {
  exists: 'This username or phone number already exists',
  invalidPhone: 'Please enter a valid phone number.',
  invalidCredentials: 'Invalid credentials, please check your phone number and password',
  unknownZone: 'Unknown timezone.',
};

export interface PublicUser {
  id: number;
  username: string;
  displayName: string | null;
  phoneNumber: string | null;
  email: string | null;
  language: Language;
  timezone: string;
  timezoneConfirmed: boolean;
  profileImage: string | null;
  role: Role;
  plan: Plan;
  createdAt: Date;
}

/** Accounts: sign-up, sign-in and profile rules, shared by the portal, the bot and the admin. */
@Injectable()
export class AccountsService {
  private readonly logger = new Logger(AccountsService.name);

  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  toPublic(user: User, now = new Date()): PublicUser {
    return {
      id: user.id,
      username: user.username,
      displayName: user.displayName,
      phoneNumber: user.phoneNumber,
      email: user.email,
      language: user.language,
      timezone: user.timezone,
      timezoneConfirmed: user.timezoneConfirmed,
      profileImage: user.profileImage,
      role: user.role,
      plan: entitlement(user, now).plan,
      createdAt: user.createdAt,
    };
  }

  async register(dto: RegisterDto): Promise<User> {
    const phoneNumber = normalizePhone(dto.phoneNumber, dto.countryCode);
    if (!phoneNumber) throw new BadRequestException(MESSAGES.invalidPhone);
    const username = dto.username ?? phoneNumber;
    const taken = await this.users
      .createQueryBuilder('u')
      .where('u.phone_number = :phoneNumber OR lower(u.username) = lower(:username) OR lower(u.username) = lower(:phoneNumber)', { phoneNumber, username })
      .getExists();
    if (taken) throw new ConflictException(MESSAGES.exists);
    let timezone = dto.timezone && IANAZone.isValidZone(dto.timezone) ? dto.timezone : undefined;
    const guess = guessZoneForPhone(phoneNumber);
    const confirmed = Boolean(timezone) || guess.certain;
    timezone ??= guess.zone;
    // Kept only when it names an active partner; an unknown code never fails the registration.
    const referredBy = await activeReferralCode(this.users.manager, dto.referredBy);
    try {
      return await this.users.save(
        this.users.create({
          username,
          phoneNumber,
          email: dto.email ?? null,
          passwordHash: await passwordHasher.hash(dto.password),
          language: dto.language ?? 'fr',
          timezone,
          timezoneConfirmed: confirmed,
          referredBy,
          plan: 'basic',
          trialEndsAt: trialEnd(),
        }),
      );
    } catch (e) {
      // Two sign-ups racing for the same number: the unique index decides.
      if (e instanceof QueryFailedError && (e as unknown as { code?: string }).code === '23505') throw new ConflictException(MESSAGES.exists);
      throw e;
    }
  }

  /** Finds the account for a login identifier: a username, or a phone number in any accepted format. */
  async findByLogin(identifier: string, countryCode?: string): Promise<User | null> {
    const phone = normalizePhone(identifier, countryCode);
    const qb = this.users.createQueryBuilder('u').addSelect('u.passwordHash').where('lower(u.username) = lower(:identifier)', { identifier });
    if (phone) qb.orWhere('u.phone_number = :phone', { phone });
    const found = await qb.getMany();
    // A username that looks like someone else's phone number must not shadow the phone owner.
    return found.find((u) => u.phoneNumber === phone) ?? found[0] ?? null;
  }

  async login(identifier: string, password: string, countryCode?: string): Promise<User> {
    const user = await this.findByLogin(identifier, countryCode);
    const ok = await passwordHasher.verify(user?.passwordHash, password);
    if (!user || !ok) throw new UnauthorizedException(MESSAGES.invalidCredentials);
    delete (user as Partial<User>).passwordHash;
    return user;
  }

  async findById(id: number): Promise<User | null> {
    return this.users.findOne({ where: { id } });
  }

  async findByPhone(phoneNumber: string): Promise<User | null> {
    return this.users.findOne({ where: { phoneNumber } });
  }

  async setLanguage(user: User, language: Language): Promise<User> {
    return this.patch(user, { language });
  }

  async setTimezone(user: User, timezone: string): Promise<User> {
    if (!IANAZone.isValidZone(timezone)) throw new BadRequestException(MESSAGES.unknownZone);
    return this.patch(user, { timezone, timezoneConfirmed: true });
  }

  /** STOP / ARRÊT: no broadcasts from now on (the first time is kept); START: broadcasts again. */
  async setOptedOut(userId: number, optedOut: boolean): Promise<void> {
    await this.users.query(
      optedOut
        ? `UPDATE users SET opted_out_at = now(), updated_at = now() WHERE id = $1 AND opted_out_at IS NULL`
        : `UPDATE users SET opted_out_at = NULL, updated_at = now() WHERE id = $1 AND opted_out_at IS NOT NULL`,
      [userId],
    );
  }

  async setPhone(user: User, input: string, countryCode?: string): Promise<User> {
    const phoneNumber = normalizePhone(input, countryCode);
    if (!phoneNumber) throw new BadRequestException(MESSAGES.invalidPhone);
    if (phoneNumber === user.phoneNumber) return user;
    const other = await this.users.findOne({ where: { phoneNumber } });
    if (other && other.id !== user.id) throw new ConflictException(MESSAGES.exists);
    return this.patch(user, { phoneNumber });
  }

  async setProfileImage(user: User, profileImage: string): Promise<User> {
    return this.patch(user, { profileImage: profileImage.replace(/\s+/g, '') });
  }

  async setProfile(user: User, changes: { displayName?: string; username?: string; email?: string }): Promise<User> {
    const patch: Partial<User> = {};
    if (changes.displayName !== undefined) patch.displayName = changes.displayName || null;
    if (changes.email !== undefined) patch.email = changes.email || null;
    if (changes.username !== undefined && changes.username !== user.username) {
      const taken = await this.users.createQueryBuilder('u').where('lower(u.username) = lower(:n) AND u.id <> :id', { n: changes.username, id: user.id }).getExists();
      if (taken) throw new ConflictException(MESSAGES.exists);
      patch.username = changes.username;
    }
    return this.patch(user, patch);
  }

  async setPassword(userId: number, password: string): Promise<void> {
    await this.users.update({ id: userId }, { passwordHash: await passwordHasher.hash(password) });
  }

  /** Creates or promotes an administrator (CLI and ADMIN_USERNAME/ADMIN_PASSWORD at start). */
  ensureAdmin(username: string, password: string): Promise<{ user: User; created: boolean }> {
    return this.ensureStaff(username, password, 'admin');
  }

  /** Creates a staff account, or gives an existing one that role and sets its password (`npm run admin:create -- --role support`). */
  async ensureStaff(username: string, password: string, role: 'admin' | 'support'): Promise<{ user: User; created: boolean }> {
    const existing = await this.users.createQueryBuilder('u').where('lower(u.username) = lower(:username)', { username }).getOne();
    if (existing) {
      await this.users.update({ id: existing.id }, { role, passwordHash: await passwordHasher.hash(password) });
      return { user: { ...existing, role }, created: false };
    }
    const user = await this.users.save(
      this.users.create({ username, passwordHash: await passwordHasher.hash(password), role, plan: 'premium', language: 'fr', timezone: 'Europe/Paris', timezoneConfirmed: true }),
    );
    this.logger.log(`${role === 'admin' ? 'Administrator' : 'Support account'} "${username}" created`);
    return { user, created: true };
  }

  // ---- accounts the bot creates and links (messaging apps) ----

  /**
   * The account of a phone number that wrote to us on WhatsApp, created on first contact:
   * username = the number, trial plan, zone from the number's country (unconfirmed when the
   * country has several zones, so the bot asks). Safe against two first messages racing.
   */
  async findOrCreateByPhone(phoneNumber: string, opts: { name?: string; language?: Language } = {}): Promise<{ user: User; created: boolean }> {
    const existing = await this.findByPhone(phoneNumber);
    if (existing) return { user: existing, created: false };
    const guess = guessZoneForPhone(phoneNumber);
    const rows: Array<{ id: number }> = await this.users.query(
      `INSERT INTO users (username, phone_number, display_name, language, timezone, timezone_confirmed, plan, trial_ends_at)
       SELECT $1::varchar, $1::varchar, $2, $3, $4, $5, 'basic', $6
        WHERE NOT EXISTS (SELECT 1 FROM users WHERE lower(username) = lower($1::varchar))
       ON CONFLICT DO NOTHING RETURNING id`,
      [phoneNumber, opts.name?.slice(0, 80) ?? null, opts.language ?? 'fr', guess.zone, guess.certain, trialEnd()],
    );
    const user = await this.findByPhone(phoneNumber);
    if (!user) throw new ConflictException(MESSAGES.exists);
    return { user, created: rows.length > 0 };
  }

  async findByTelegramChat(chatId: string): Promise<User | null> {
    return this.users.findOne({ where: { telegramChatId: chatId } });
  }

  /**
   * An account for a Telegram chat nobody linked yet: no phone (Telegram does not give it),
   * zone UTC until the user names theirs. Linking later (deep link or shared contact) moves the
   * chat to the right account.
   */
  async findOrCreateByTelegramChat(chatId: string, opts: { name?: string; language?: Language } = {}): Promise<{ user: User; created: boolean }> {
    const existing = await this.findByTelegramChat(chatId);
    if (existing) return { user: existing, created: false };
    const rows: Array<{ id: number }> = await this.users.query(
      `INSERT INTO users (username, telegram_chat_id, display_name, language, timezone, timezone_confirmed, plan, trial_ends_at, preferred_channel)
       VALUES ($1, $2, $3, $4, 'UTC', false, 'basic', $5, 'telegram')
       ON CONFLICT DO NOTHING RETURNING id`,
      [`tg${chatId}`.slice(0, 64), chatId, opts.name?.slice(0, 80) ?? null, opts.language ?? 'fr', trialEnd()],
    );
    const user = await this.findByTelegramChat(chatId);
    if (!user) throw new ConflictException(MESSAGES.exists);
    return { user, created: rows.length > 0 };
  }

  /** Ties a Telegram chat to an account, taking it from any other account that held it. */
  /**
   * Moves a Telegram chat to an account. When the chat had an account of its own that the bot
   * created (no phone, no password), its pending reminders come along and that empty shell is
   * removed, so linking later never leaves a ghost account behind.
   */
  async linkTelegramChat(userId: number, chatId: string): Promise<User> {
    await this.users.manager.transaction(async (m) => {
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
    });
    return (await this.findById(userId))!;
  }

  async touchLastSeen(userId: number, at: Date = new Date()): Promise<void> {
    await this.users.update({ id: userId }, { lastSeenAt: at });
  }

  private async patch(user: User, changes: Partial<User>): Promise<User> {
    if (Object.keys(changes).length) await this.users.update({ id: user.id }, changes);
    return (await this.users.findOne({ where: { id: user.id } }))!;
  }
}

