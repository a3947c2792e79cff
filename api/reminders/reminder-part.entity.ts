import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Reminder } from './reminder.entity';

/** What a reminder's delivery is made of: the voice note, then its text with buttons; or the WhatsApp template outside the 24 h window. */
export type ReminderPart = 'voice' | 'text' | 'template';

/**
 * Each part of a reminder's delivery, recorded as soon as the provider accepted it, so a retry
 * (after a crash, or a failure of a later part) sends only what is missing. Keyed by the
 * occurrence (`due_at`), so a repeating reminder's next occurrence starts afresh.
 */
@Entity('reminder_parts')
export class ReminderPartSent {
  @PrimaryColumn({ type: 'int' })
  reminderId: number;

  @ManyToOne(() => Reminder, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'reminder_id' })
  reminder?: Reminder;

  @PrimaryColumn({ type: 'timestamptz' })
  dueAt: Date;

  @PrimaryColumn({ type: 'varchar', length: 16 })
  part: ReminderPart;

  @Column({ type: 'varchar', length: 128, nullable: true })
  providerMessageId: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  sentAt: Date;
}
