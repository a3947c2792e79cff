import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type JobStatus = 'pending' | 'done' | 'failed';

/**
 * The shared table of job kinds that have no table of their own (voice rendering ahead, campaign
 * batches...), worked through PgJobQueue. `key` makes enqueueing idempotent: at most one open
 * job per (kind, key).
 */
@Entity('jobs')
@Index('uq_jobs_open_key', ['kind', 'key'], { unique: true, where: `status = 'pending' AND key IS NOT NULL` })
// The claim query's hot path: open jobs of a kind by when they may next be tried.
@Index('ix_jobs_pending_next_attempt', ['kind', 'nextAttemptAt'], { where: `status = 'pending'` })
export class Job {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'varchar', length: 32 })
  kind: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  key: string | null;

  @Column({ type: 'jsonb', default: () => `'{}'` })
  payload: Record<string, unknown>;

  @Column({ type: 'varchar', length: 8, default: 'pending' })
  status: JobStatus;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt: Date;

  @Column({ type: 'varchar', length: 64, nullable: true })
  leaseOwner: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  leaseUntil: Date | null;

  @Column({ type: 'text', nullable: true })
  lastError: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  finishedAt: Date | null;
}
