import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type BillingCycle = 'monthly' | 'yearly';

/**
 * A user's paid subscription as Stripe (or the embedded test mode) last reported it: one row per
 * user, holding the one Stripe customer created for them and their current subscription. It is
 * written only by BillingService.syncSubscription from a fresh read of the provider, never from
 * an event's payload, so events arriving out of order cannot leave it stale.
 */
@Entity('subscriptions')
export class Subscription {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Index('uq_subscriptions_user', { unique: true })
  @Column({ type: 'int' })
  userId: number;

  @Index('uq_subscriptions_customer', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  customerId: string;

  @Index('uq_subscriptions_subscription', { unique: true })
  @Column({ type: 'varchar', length: 64, nullable: true })
  subscriptionId: string | null;

  @Column({ type: 'varchar', length: 16, default: 'premium' })
  plan: 'premium';

  @Column({ type: 'varchar', length: 8, nullable: true })
  billingCycle: BillingCycle | null;

  /** Stripe's subscription status (active, trialing, past_due, canceled, incomplete, unpaid, ...); null before the first checkout. */
  @Column({ type: 'varchar', length: 24, nullable: true })
  status: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  currentPeriodEnd: Date | null;

  @Column({ type: 'boolean', default: false })
  cancelAtPeriodEnd: boolean;

  /** When the status became past_due (Premium is kept 3 days from then). */
  @Column({ type: 'timestamptz', nullable: true })
  pastDueSince: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  endedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
