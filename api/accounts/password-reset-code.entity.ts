import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from './user.entity';

/** A 6-digit reset code: 10 minutes, single use, locked after 5 wrong tries. Stored hashed. */
@Entity('password_reset_codes')
export class PasswordResetCode {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Index('ix_password_reset_codes_user_id')
  @Column({ type: 'int' })
  userId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'varchar', length: 64 })
  codeHash: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  @Column({ type: 'int', default: 0 })
  failedAttempts: number;

  @Column({ type: 'timestamptz', nullable: true })
  usedAt: Date | null;
}
