import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Customers, checkout sessions, subscriptions and invoices of the embedded test mode, shaped like Stripe's. */
@Entity('billing_test_objects')
export class TestModeObject {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ type: 'varchar', length: 32 })
  kind: string;

  @Column({ type: 'jsonb' })
  data: Record<string, any>;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
