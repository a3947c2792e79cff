import { BadRequestException, ConflictException, Inject, Injectable, Logger, Optional, UnauthorizedException } from '@nestjs/common';
import { SessionsService } from './sessions.service';
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
import { isReservedUsername, USERNAME_RESERVED_MESSAGE } from './username-rules';

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
  /** False while the number is only claimed: nothing is sent to it until its owner proves it. */
  phoneVerified: boolean;
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

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @Optional() @Inject(SessionsService) private readonly sessions?: SessionsService,
  ) {}

  toPublic(user: User, now = new Date()): PublicUser {
    return {
      id: user.id,
      username: user.username,
      displayName: user.displayName,
      phoneNumber: user.phoneNumber,
      phoneVerified: Boolean(user.phoneNumber && user.phoneVerifiedAt),
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
    // The number itself is the default username (spec); a chosen one may not look like a number.
    if (dto.username !== undefined && dto.username !== phoneNumber && isReservedUsername(dto.username)) throw new BadRequestException(USERNAME_RESERVED_MESSAGE);
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
    // passwordHasher.verify does the same work for an unknown account (dummy hash).
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
    // A new number is only claimed until its owner proves it (nothing is sent to it before).
    return this.patch(user, { phoneNumber, phoneVerifiedAt: null });
  }

  async setProfileImage(user: User, profileImage: string): Promise<User> {
    return this.patch(user, { profileImage: profileImage.replace(/\s+/g, '') });
  }

  async setProfile(user: User, changes: { displayName?: string; username?: string; email?: string }): Promise<User> {
    const patch: Partial<User> = {};
    if (changes.displayName !== undefined) patch.displayName = changes.displayName || null;
    if (changes.email !== undefined) patch.email = changes.email || null;
    if (changes.username !== undefined && changes.username !== user.username) {
      if (isReservedUsername(changes.username)) throw new BadRequestException(USERNAME_RESERVED_MESSAGE);
      const taken = await this.users.createQueryBuilder('u').where('lower(u.username) = lower(:n) AND u.id <> :id', { n: changes.username, id: user.id }).getExists();
      if (taken) throw new ConflictException(MESSAGES.exists);
      patch.username = changes.username;
    }
    return this.patch(user, patch);
  }

  async setPassword(userId: number, password: string): Promise<void> {
    await this.users.update({ id: userId }, { passwordHash: await passwordHasher.hash(password) });
  }

  /** Creates an administrator, or sets an existing administrator's password (CLI and ADMIN_USERNAME/ADMIN_PASSWORD at start). */
  ensureAdmin(username: string, password: string, opts: { force?: boolean } = {}): Promise<{ user: User; created: boolean; promoted: boolean }> {
    return this.ensureStaff(username, password, 'admin', opts);
  }

  /**
   * Creates a staff account, or gives an existing staff account that role and sets its password
   * (`npm run admin:create -- --role support`). An existing USER account is promoted only with
   * `force` (a typo must not hand the back-office to a stranger's account); a promotion or any
   * change of role signs the account out everywhere (also done by the users role trigger) and
   * drops its unproved phone claim.
   */
  async ensureStaff(username: string, password: string, role: 'admin' | 'support', opts: { force?: boolean } = {}): Promise<{ user: User; created: boolean; promoted: boolean }> {
    const existing = await this.users.createQueryBuilder('u').where('lower(u.username) = lower(:username)', { username }).getOne();
    if (existing) {
      if (existing.role === 'user' && !opts.force) throw new AdminPromotionRefused(username);
      const changing = existing.role !== role;
      await this.users.manager.transaction(async (m) => {
        await m.query(
          `UPDATE users SET role = $3, password_hash = $2,
                  phone_number = CASE WHEN phone_verified_at IS NULL THEN NULL ELSE phone_number END, updated_at = now() WHERE id = $1`,
          [existing.id, await passwordHasher.hash(password), role],
        );
        if (changing) await m.query(`DELETE FROM sessions WHERE user_id = $1`, [existing.id]);
      });
      if (changing) {
        this.sessions?.announce({ userId: existing.id });
        this.logger.warn(`Account "${username}" (id ${existing.id}) given the ${role} role; its sessions were revoked`);
      }
      return { user: (await this.findById(existing.id))!, created: false, promoted: changing };
    }
    if (isReservedUsername(username)) throw new BadRequestException(USERNAME_RESERVED_MESSAGE);
    const user = await this.users.save(
      this.users.create({ username, passwordHash: await passwordHasher.hash(password), role, plan: 'premium', language: 'fr', timezone: 'Europe/Paris', timezoneConfirmed: true }),
    );
    this.logger.log(`${role === 'admin' ? 'Administrator' : 'Support account'} "${username}" created`);
    return { user, created: true, promoted: false };
  }

  // Accounts the bot creates and links (messaging apps) follow the identity rules: IdentityService.

  async findByTelegramChat(chatId: string): Promise<User | null> {
    return this.users.findOne({ where: { telegramChatId: chatId } });
  }

  async touchLastSeen(userId: number, at: Date = new Date()): Promise<void> {
    await this.users.update({ id: userId }, { lastSeenAt: at });
  }

  private async patch(user: User, changes: Partial<User>): Promise<User> {
    if (Object.keys(changes).length) await this.users.update({ id: user.id }, changes);
    return (await this.users.findOne({ where: { id: user.id } }))!;
  }
}


/** admin:create / ADMIN_USERNAME named an existing account that is not an administrator. */
export class AdminPromotionRefused extends ConflictException {
  readonly code = 'admin_promotion_refused';
  constructor(username: string) {
    super(`"${username}" is an existing account that is not an administrator. Promoting it gives it the back-office: run admin:create again with --force if that is intended.`);
  }
}
