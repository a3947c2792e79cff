import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from './user.entity';

/**
 * When each user was last active: wrote to the bot (an incoming message) or had a reminder
 * delivered. The dashboard's "active users since X" is then one index range instead of a scan
 * of the message log and the reminders. Every dashboard range runs from its start to now, so
 * `last_active_at >= start` is exactly "active in the range". Written in the same statement or
 * transaction that records the message or the delivery (see user-activity.ts). A table of its
 * own, not a users column: a delivery then rewrites a two-column row, not the account row with
 * its search indexes, and takes no lock on the account that a user's own request may hold.
 */
@Entity('user_activity')
@Index('ix_user_activity_last_active_at', ['lastActiveAt'])
export class UserActivity {
  @PrimaryColumn({ type: 'int' })
  userId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'timestamptz' })
  lastActiveAt: Date;
}
