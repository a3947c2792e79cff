import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../accounts/user.entity';

/**
 * One row per reminder a user created, kept when the reminder is cancelled or deleted: the
 * quota counts these, so create-then-delete cannot free a slot. Snoozes write none.
 */
@Entity('reminder_creations')
@Index('ix_reminder_creations_user_created', ['userId', 'createdAt'])
export class ReminderCreation {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Column({ type: 'int' })
  userId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  /** Not a foreign key: the entry outlives a deleted reminder. */
  @Column({ type: 'int', nullable: true })
  reminderId: number | null;

  @Column({ type: 'timestamptz' })
  createdAt: Date;
}
