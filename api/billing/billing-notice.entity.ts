import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type BillingNoticeKind = 'premium_started' | 'renewal';

/**
 * A message the bot sends about billing, claimed once by (kind, key) before it is sent: the
 * unique index makes the thank-you once per subscription and the renewal notice once per renewal
 * (key = subscription id + period end), whichever instance gets there first.
 */
@Entity('billing_notices')
@Index('uq_billing_notices_kind_key', ['kind', 'key'], { unique: true })
export class BillingNotice {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'varchar', length: 24 })
  kind: BillingNoticeKind;

  @Column({ type: 'varchar', length: 128 })
  key: string;

  @Column({ type: 'varchar', length: 8, default: 'pending' })
  status: 'pending' | 'sent' | 'failed';

  @Column({ type: 'text', nullable: true })
  lastError: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
