import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One change made by staff: who, on what, what changed, when. Written in the same transaction as the change where possible. */
@Entity('audit_log')
@Index('ix_audit_log_target', ['targetType', 'targetId'])
export class AuditEntry {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'int', nullable: true })
  actorId: number | null;

  /** Kept as written: the actor's account may be renamed or deleted later. */
  @Column({ type: 'varchar', length: 64 })
  actorName: string;

  @Column({ type: 'varchar', length: 10 })
  actorRole: string;

  /** e.g. user.update, user.delete, reminder.trigger, partner.create, commission.paid, campaign.create, conversation.reply */
  @Column({ type: 'varchar', length: 40 })
  action: string;

  @Column({ type: 'varchar', length: 24 })
  targetType: string;

  @Column({ type: 'varchar', length: 40, nullable: true })
  targetId: string | null;

  /** `{field: {from, to}}` for edits, the created/deleted values otherwise. */
  @Column({ type: 'jsonb', nullable: true })
  changes: Record<string, unknown> | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
