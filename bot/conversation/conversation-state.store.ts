import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { GroupCommit } from '../../api/database/group-commit';
import type { ConversationState } from './conversation-state';

/** The dialogue's memory in Postgres, one JSON document per user. */
@Injectable()
export class ConversationStateStore {
  /** Deliveries at the same moment set their users' last reminder in one statement. */
  private readonly lastReminders: GroupCommit<{ userId: number; reminderId: number }>;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    this.lastReminders = new GroupCommit(async (items) => {
      // One row per user (the latest), in user order: a statement may not touch a row twice, and
      // two instances' statements lock rows in the same order.
      const latest = new Map(items.map((i) => [i.userId, i.reminderId]));
      const users = [...latest.keys()].sort((a, b) => a - b);
      await this.dataSource.query(
        `INSERT INTO conversation_states (user_id, state, updated_at)
         SELECT u, jsonb_build_object('lastReminderId', r), now() FROM unnest($1::int[], $2::int[]) AS v(u, r)
         ON CONFLICT (user_id) DO UPDATE SET state = conversation_states.state || EXCLUDED.state, updated_at = now()`,
        [users, users.map((u) => latest.get(u))],
      );
    });
  }

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
  setLastReminder(userId: number, reminderId: number): Promise<void> {
    return this.lastReminders.add({ userId, reminderId });
  }
}
