import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** `admin` may do everything in the back-office; `support` reads users, reminders and conversations and replies. */
export type Role = 'user' | 'support' | 'admin';
/** `free` = Basic without a trial; `standard` = legacy plan (10 per 7 days). See SPEC.md decisions. */
export type Plan = 'free' | 'basic' | 'standard' | 'premium';
export type Language = 'fr' | 'en';

@Entity('users')
// Trigram GIN index for the back-office search, made by migration AdminSearchTrigram (where pg_trgm exists); not synchronised.
@Index('ix_users_search_trgm', { synchronize: false })
// The few staff accounts (the dashboard leaves them out of its counts without reading every user).
@Index('ix_users_staff', ['id'], { where: `role <> 'user'` })
export class User {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Index('uq_users_username', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  username: string;

  @Column({ type: 'varchar', length: 80, nullable: true })
  displayName: string | null;

  /** E.164. Nullable: a Telegram user may not have shared a number yet. */
  @Index('uq_users_phone_number', { unique: true })
  @Column({ type: 'varchar', length: 20, nullable: true })
  phoneNumber: string | null;

  /**
   * When the owner proved `phoneNumber` (wrote to the bot from it, or typed a code sent to it).
   * Null = the number is only claimed: Rappel sends nothing to it (SPEC decision).
   */
  @Column({ type: 'timestamptz', nullable: true })
  phoneVerifiedAt: Date | null;

  /** When the user said STOP / ARRÊT (broadcasts and link welcomes stop); cleared by START. */
  @Column({ type: 'timestamptz', nullable: true })
  optedOutAt: Date | null;

  @Column({ type: 'varchar', length: 254, nullable: true })
  email: string | null;

  @Column({ type: 'varchar', length: 2, default: 'fr' })
  language: Language;

  @Column({ type: 'varchar', length: 64, default: 'UTC' })
  timezone: string;

  /** False while the zone is only a guess (country with several zones): the bot asks. */
  @Column({ type: 'boolean', default: false })
  timezoneConfirmed: boolean;

  @Column({ type: 'text', nullable: true })
  profileImage: string | null;

  /** argon2id; null for accounts created by the bot until the user sets a password. */
  @Column({ type: 'text', nullable: true, select: false })
  passwordHash: string | null;

  @Column({ type: 'varchar', length: 10, default: 'user' })
  role: Role;

  @Column({ type: 'varchar', length: 16, default: 'basic' })
  plan: Plan;

  @Column({ type: 'timestamptz', nullable: true })
  trialEndsAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  subscriptionEndsAt: Date | null;

  @Column({ type: 'varchar', length: 8, nullable: true })
  billingCycle: 'monthly' | 'yearly' | null;

  /** Shown and edited in the admin screens (spec display default 2). */
  @Column({ type: 'int', default: 2 })
  reminderQuota: number;

  @Column({ type: 'int', default: 0 })
  remindersUsed: number;

  @Column({ type: 'varchar', length: 32, nullable: true })
  referredBy: string | null;

  @Index('uq_users_telegram_chat_id', { unique: true })
  @Column({ type: 'varchar', length: 32, nullable: true })
  telegramChatId: string | null;

  /** Channel reminders go out on; null = the best one the user can be reached on. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  preferredChannel: 'whatsapp' | 'telegram' | 'simulator' | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastSeenAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
