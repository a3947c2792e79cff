import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type CampaignStatus = 'pending' | 'in_progress' | 'completed' | 'failed';
export type CampaignAudience = 'all' | 'active' | 'premium';

/** A back-office broadcast. Its counts are never stored: they come from its recipient rows. */
@Entity('campaigns')
export class Campaign {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Column({ type: 'varchar', length: 1000 })
  message: string;

  /** The message's language; it goes to the users who read that language. */
  @Column({ type: 'varchar', length: 2 })
  language: 'fr' | 'en';

  @Column({ type: 'varchar', length: 10 })
  audience: CampaignAudience;

  /** pending until its first batch, in_progress while recipients remain, then completed (or failed: every send failed). */
  @Column({ type: 'varchar', length: 12, default: 'pending' })
  status: CampaignStatus;

  @Column({ type: 'int', nullable: true })
  createdById: number | null;

  @Column({ type: 'varchar', length: 64 })
  createdByName: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  completedAt: Date | null;
}

export type RecipientStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** One row per recipient: the campaign's progress, and the guard against sending anyone twice. */
@Entity('campaign_recipients')
@Index('ix_campaign_recipients_status', ['campaignId', 'status'])
export class CampaignRecipient {
  @Column({ type: 'int', primary: true })
  campaignId: number;

  @Column({ type: 'int', primary: true })
  userId: number;

  @Column({ type: 'varchar', length: 8, default: 'pending' })
  status: RecipientStatus;

  /** When a batch took it (status sending); a row left sending by a crash is reconciled with the message log. */
  @Column({ type: 'timestamptz', nullable: true })
  claimedAt: Date | null;

  /** Which batch (1, 2, ...) took it: a batch job run again after a crash finishes its own rows and takes no new ones. */
  @Column({ type: 'int', nullable: true })
  batch: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  doneAt: Date | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  channel: string | null;

  /** 'text' (free-form) or 'template' (WhatsApp outside the 24 h window). */
  @Column({ type: 'varchar', length: 8, nullable: true })
  via: string | null;

  @Column({ type: 'text', nullable: true })
  error: string | null;
}
