import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Every webhook event, recorded once by its id (a redelivery is a no-op) before the 2xx answer,
 * then processed from here under a lease by any instance.
 */
@Entity('stripe_events')
@Index('ix_stripe_events_pending', ['receivedAt'], { where: `status = 'pending'` })
export class StripeEvent {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id: string;

  @Column({ type: 'varchar', length: 64 })
  type: string;

  /** The event's object (only its ids are trusted: the state is re-read from the provider). */
  @Column({ type: 'jsonb' })
  payload: Record<string, unknown>;

  @Column({ type: 'boolean', default: false })
  livemode: boolean;

  @Column({ type: 'varchar', length: 8, default: 'pending' })
  status: 'pending' | 'done' | 'failed';

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  leaseUntil: Date | null;

  @Column({ type: 'text', nullable: true })
  lastError: string | null;

  @Column({ type: 'timestamptz' })
  receivedAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  processedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
