import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ConversationState } from './conversation-state';

/** The dialogue's memory in Postgres, one JSON document per user. */
@Injectable()
export class ConversationStateStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async load(userId: number): Promise<ConversationState> {
    const [row] = await this.dataSource.query(`SELECT state FROM conversation_states WHERE user_id = $1`, [userId]);
    return (row?.state as ConversationState) ?? {};
  }

  async save(userId: number, state: ConversationState): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO conversation_states (user_id, state, updated_at) VALUES ($1, $2::jsonb, now())
       ON CONFLICT (user_id) DO UPDATE SET state = EXCLUDED.state, updated_at = now()`,
      [userId, JSON.stringify(state)],
    );
  }

  /** "it" now means this reminder (after a delivery), without touching the rest of the state. */
  async setLastReminder(userId: number, reminderId: number): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO conversation_states (user_id, state, updated_at) VALUES ($1, jsonb_build_object('lastReminderId', $2::int), now())
       ON CONFLICT (user_id) DO UPDATE SET state = conversation_states.state || jsonb_build_object('lastReminderId', $2::int), updated_at = now()`,
      [userId, reminderId],
    );
  }
}
