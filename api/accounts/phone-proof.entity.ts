import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from './user.entity';

/**
 * A pending proof that a user owns the number they claimed. Two kinds:
 * - 'message': a code the portal SHOWS the user (prefilled in a wa.me link, "CODE 123456"); it
 *   proves the number only when it arrives FROM that number, so showing it gives nothing away.
 * - 'code': a code SENT to the number (authentication template) and typed back in the portal.
 * The code itself is stored as a hash; attempts are counted atomically in the row.
 */
@Entity('phone_proofs')
@Index('ix_phone_proofs_phone_kind', ['phoneNumber', 'kind'])
export class PhoneProof {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Index('ix_phone_proofs_user_id')
  @Column({ type: 'int' })
  userId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  /** The E.164 number this proof is for (the user's claim when it was made). */
  @Column({ type: 'varchar', length: 20 })
  phoneNumber: string;

  @Column({ type: 'varchar', length: 8 })
  kind: 'message' | 'code';

  @Column({ type: 'varchar', length: 64 })
  codeHash: string;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  /** Wrong guesses so far ('code' kind); at PHONE_PROOF_MAX_TRIES the code is dead. */
  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
