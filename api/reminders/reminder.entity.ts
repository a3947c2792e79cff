import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { User } from '../accounts/user.entity';

/** pending → sent | failed (dispatcher), pending → cancelled (user). Moves only through RemindersService. */
export type ReminderStatus = 'pending' | 'sent' | 'failed' | 'cancelled';

@Entity('reminders')
// The dispatcher's hot path: pending reminders ordered by when they may next be tried.
@Index('ix_reminders_pending_next_attempt', ['nextAttemptAt'], { where: `status = 'pending'` })
// A series has at most one pending occurrence: a second insert of "the next one" fails instead of doubling it.
@Index('ux_reminders_series_pending', ['seriesId'], { unique: true, where: `status = 'pending' AND series_id IS NOT NULL` })
// The back-office: counts per status, and "had a reminder delivered since" for active users.
@Index('ix_reminders_status', ['status'])
// Trigram GIN index for the back-office search, made by migration ReminderSearchText (where pg_trgm exists); not synchronised.
@Index('ix_reminders_search_text_trgm', { synchronize: false })
@Index('ix_reminders_sent_at', ['sentAt', 'userId'], { where: `status = 'sent'` })
// The fair claim: each due user's oldest pending reminders, without sorting all of theirs.
@Index('ix_reminders_pending_user_next_attempt', ['userId', 'nextAttemptAt'], { where: `status = 'pending'` })
export class Reminder {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Index('ix_reminders_user_id')
  @Column({ type: 'int' })
  userId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'varchar', length: 200 })
  subject: string;

  @Column({ type: 'varchar', length: 2000 })
  reminderText: string;

  /**
   * What the back-office's search reads: subject and text, lower-cased once when written (a plain
   * LIKE over it costs a fraction of ILIKE over both columns), separated by U+001F so that no
   * search (control characters are stripped from it) matches across the two. Trigram-indexed
   * where pg_trgm exists (migration ReminderSearchText).
   */
  @Column({ type: 'text', generatedType: 'STORED', asExpression: `lower(subject || chr(31) || reminder_text)`, select: false, insert: false, update: false })
  searchText?: string;

  /** The instant it is due (UTC); `timezone` is the zone the user meant it in. */
  @Column({ type: 'timestamptz' })
  dueAt: Date;

  @Column({ type: 'varchar', length: 64 })
  timezone: string;

  @Column({ type: 'varchar', length: 12, default: 'pending' })
  status: ReminderStatus;

  /**
   * A repeating reminder is a series of rows, one per occurrence, sharing `seriesId` (the id of
   * the first). Each carries the RRULE (read in `timezone`, without DTSTART), the series' DTSTART
   * (`seriesStart`: the grid the occurrences fall on and COUNT counts from; editing the time moves
   * it, a snooze does not). At most one row of a series is pending: recording a delivery inserts
   * the next one in the same transaction (RemindersService.markSent). All null for a one-off.
   */
  @Column({ type: 'varchar', length: 256, nullable: true })
  rrule: string | null;

  @Index('ix_reminders_series_id', { where: 'series_id IS NOT NULL' })
  @Column({ type: 'int', nullable: true })
  seriesId: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  seriesStart: Date | null;


  @Column({ type: 'varchar', length: 2, default: 'fr' })
  languageCode: 'fr' | 'en';

  @Column({ type: 'text', nullable: true })
  voiceNoteUrl: string | null;

  /** Where it was created: 'portal', 'bot', 'admin', 'api'. */
  @Column({ type: 'varchar', length: 16, default: 'portal' })
  source: string;

  /** Channel it was delivered (or is to be delivered) on. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  channel: string | null;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  /** When the dispatcher may next try it: dueAt at first, later for retries. */
  @Column({ type: 'timestamptz' })
  nextAttemptAt: Date;

  /** How many times this reminder was snoozed after delivery (copies carry the count on); bounded. */
  @Column({ type: 'int', default: 0 })
  snoozes: number;

  /**
   * Set while a due reminder waits instead of going out: 'phone_proof' = its user's only route
   * is a phone number not proved yet (SPEC decision). It stays pending, parked far ahead, and
   * RemindersService.releaseWaiting brings it back once the user can be reached.
   */
  @Column({ type: 'varchar', length: 16, nullable: true })
  waitingFor: 'phone_proof' | null;

  /** Instance holding the delivery lease, and until when; an expired lease is free to take. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  leaseOwner: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  leaseUntil: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  failedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  cancelledAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  statusChangedAt: Date | null;

  @Column({ type: 'text', nullable: true })
  lastError: string | null;

  @Column({ type: 'varchar', length: 128, nullable: true })
  providerMessageId: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
