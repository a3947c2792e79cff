import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { Partner } from './partner.entity';

export type CommissionStatus = 'pending' | 'paid' | 'cancelled';

/** What a partner earns on one paid invoice of a user it referred: one row per invoice. */
@Entity('referral_commissions')
export class Commission {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Index('ix_referral_commissions_partner')
  @Column({ type: 'int' })
  partnerId: number;

  @ManyToOne(() => Partner, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'partner_id' })
  partner?: Partner;

  /** Kept when the user is deleted (the partner was still owed it). */
  @Column({ type: 'int', nullable: true })
  userId: number | null;

  @Column({ type: 'varchar', length: 80, nullable: true })
  userName: string | null;

  @Index('uq_referral_commissions_invoice', { unique: true })
  @Column({ type: 'varchar', length: 255 })
  invoiceId: string;

  /** The commission itself, in cents (COMMISSION_RATE of amountPaidCents, rounded). */
  @Column({ type: 'int' })
  amountCents: number;

  @Column({ type: 'int' })
  amountPaidCents: number;

  @Column({ type: 'varchar', length: 3, default: 'eur' })
  currency: string;

  @Column({ type: 'varchar', length: 10, default: 'pending' })
  status: CommissionStatus;

  @Column({ type: 'varchar', length: 8 })
  planType: 'monthly' | 'yearly';

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
