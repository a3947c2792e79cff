import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { ConversationState } from './conversation-state';

/** One row per user: the dialogue's memory, so any instance can continue any conversation. */
@Entity('conversation_states')
export class ConversationStateRow {
  @PrimaryColumn({ type: 'int' })
  userId: number;

  @Column({ type: 'jsonb', default: () => `'{}'` })
  state: ConversationState;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
