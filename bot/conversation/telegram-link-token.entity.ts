import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A single-use, expiring `/start <token>` deep link that ties a Telegram chat to an account. */
@Entity('telegram_link_tokens')
export class TelegramLinkToken {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  token: string;

  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
