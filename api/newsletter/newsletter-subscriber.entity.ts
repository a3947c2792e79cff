import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity('newsletter_subscribers')
export class NewsletterSubscriber {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  /** Stored lower-cased so subscribing twice, in any case, is one row. */
  @Index('uq_newsletter_subscribers_email', { unique: true })
  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 2, nullable: true })
  language: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
