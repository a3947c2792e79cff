import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type InboundEventStatus = 'pending' | 'done' | 'failed';

/**
 * One inbound message as a channel delivered it, recorded once per (channel, message id) — and,
 * for Telegram, once per recent update_id (deliveryId) — so a provider's redelivery creates
 * nothing twice. Workers on any instance claim pending events under
 * a lease, one sender at a time in arrival order.
 */
@Entity('inbound_events')
@Index('uq_inbound_events_channel_message', ['channel', 'messageId'], { unique: true })
// The claim query's hot path: pending events of a sender in order.
@Index('ix_inbound_events_pending_sender', ['channel', 'senderId', 'id'], { where: `status = 'pending'` })
// Recent reusable delivery ids (Telegram update_id); the retention job clears them after the window.
@Index('ix_inbound_events_delivery', ['channel', 'deliveryId'], { where: `delivery_id IS NOT NULL` })
export class InboundEvent {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'varchar', length: 16 })
  channel: string;

  @Column({ type: 'varchar', length: 128 })
  messageId: string;

  @Column({ type: 'varchar', length: 64 })
  senderId: string;

  /**
   * A delivery id the provider may reuse later (Telegram's update_id): a new delivery with the
   * same one is refused only within DELIVERY_ID_WINDOW_HOURS of this row's creation.
   */
  @Column({ type: 'varchar', length: 32, nullable: true })
  deliveryId: string | null;

  /** The InboundMessage as the adapter built it (no audio bytes: voice is fetched by the worker). */
  @Column({ type: 'jsonb' })
  payload: Record<string, unknown>;

  @Column({ type: 'timestamptz' })
  receivedAt: Date;

  @Column({ type: 'varchar', length: 8, default: 'pending' })
  status: InboundEventStatus;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt: Date;

  @Column({ type: 'varchar', length: 64, nullable: true })
  leaseOwner: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  leaseUntil: Date | null;

  /** Set once the conversation starts acting on it: a reclaimed event with this set is not replayed. */
  @Column({ type: 'timestamptz', nullable: true })
  effectsStartedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  processedAt: Date | null;

  @Column({ type: 'text', nullable: true })
  lastError: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
