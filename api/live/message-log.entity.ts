import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type MessageDirection = 'incoming' | 'outgoing';
export type MessageKind = 'message' | 'reminder';

/** Every message in and out, for support staff and the live view. */
@Entity('message_log')
@Index('ix_message_log_user', ['userId', 'id'])
@Index('ix_message_log_provider_id', ['channel', 'providerMessageId'])
// The dashboard's "active users" (who wrote to the bot since a date).
@Index('ix_message_log_incoming_created', ['createdAt', 'userId'], { where: `direction = 'incoming'` })
export class MessageLogEntry {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'int', nullable: true })
  userId: number | null;

  @Column({ type: 'varchar', length: 16 })
  channel: string;

  /** Sender (incoming) or recipient (outgoing) in the channel's id space. */
  @Column({ type: 'varchar', length: 64 })
  peerId: string;

  @Column({ type: 'varchar', length: 8 })
  direction: MessageDirection;

  /** 'reminder' for a delivered reminder, 'message' for the dialogue. */
  @Column({ type: 'varchar', length: 8, default: 'message' })
  kind: MessageKind;

  @Column({ type: 'varchar', length: 8 })
  messageType: 'voice' | 'text';

  /** The text, or the transcript of a voice note. */
  @Column({ type: 'text', nullable: true })
  text: string | null;

  /** What understanding extracted, button ids, the reminder concerned... */
  @Column({ type: 'jsonb', nullable: true })
  details: Record<string, unknown> | null;

  @Column({ type: 'int', nullable: true })
  reminderId: number | null;

  @Column({ type: 'varchar', length: 128, nullable: true })
  providerMessageId: string | null;

  /** Outgoing: sent | delivered | read | failed (from status callbacks); incoming: received. */
  @Column({ type: 'varchar', length: 12, nullable: true })
  status: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  statusAt: Date | null;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
