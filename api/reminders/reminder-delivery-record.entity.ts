import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** What the embedded RecordingReminderDelivery "sent": one row per delivery attempt handed to it. */
@Entity('reminder_deliveries')
export class ReminderDeliveryRecord {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Index('ix_reminder_deliveries_reminder_id')
  @Column({ type: 'int' })
  reminderId: number;

  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'int' })
  attempt: number;

  @Column({ type: 'varchar', length: 16 })
  channel: string;

  /** Dispatcher instance (lease owner) that handed it over. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  deliveredBy: string | null;

  @Column({ type: 'timestamptz' })
  dueAt: Date;

  @Column({ type: 'timestamptz' })
  deliveredAt: Date;
}
