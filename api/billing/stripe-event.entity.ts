import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * Every webhook event, recorded once by its id (a redelivery is a no-op) before the 2xx answer;
 * its work is a "stripe-event" job on the shared job runner (StripeEventsWorker).
 */
@Entity('stripe_events')
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

  @Column({ type: 'text', nullable: true })
  lastError: string | null;

  @Column({ type: 'timestamptz' })
  receivedAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  processedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
