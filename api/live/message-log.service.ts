import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DATABASE_URL } from '../database/database.module';
import { recordActivitySql } from '../accounts/user-activity';
import { MessageLogEntry } from './message-log.entity';
import { PgListener } from '../database/pg-listener';

export interface LogInput {
  userId: number | null;
  channel: string;
  peerId: string;
  direction: 'incoming' | 'outgoing';
  kind?: 'message' | 'reminder';
  messageType: 'voice' | 'text';
  text: string | null;
  details?: Record<string, unknown> | null;
  reminderId?: number | null;
  providerMessageId?: string | null;
  status?: string | null;
  error?: string | null;
}

const STATUS_RANK = `CASE status WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 WHEN 'read' THEN 3 WHEN 'failed' THEN 4 ELSE 0 END`;
const NEW_RANK = `CASE $3::text WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 WHEN 'read' THEN 3 WHEN 'failed' THEN 4 ELSE 0 END`;

/**
 * The message log: every message in and out, for support staff and the live view. New rows are
 * announced to listeners on every instance: through Postgres NOTIFY (payload = row id, from the
 * insert trigger) on real Postgres; in-process with the embedded database, whose socket server
 * does not forward notifications (and which only one process runs against).
 */
@Injectable()
export class MessageLogService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MessageLogService.name);
  private readonly repo: Repository<MessageLogEntry>;
  private readonly listeners = new Set<(row: MessageLogEntry) => void>();
  private listener?: PgListener;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
  ) {
    this.repo = dataSource.getRepository(MessageLogEntry);
  }

  private get viaNotify(): boolean {
    return Boolean(this.config.database.url);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.viaNotify) return;
    this.listener = new PgListener(this.databaseUrl, 'message_log', (payload) => void this.announce(payload), this.logger);
    await this.listener.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener?.stop();
  }

  /** Called for every new row, on every instance. */
  onRow(listener: (row: MessageLogEntry) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Records one message; an incoming one from a known user also marks them active, in the same transaction. */
  async record(input: LogInput): Promise<MessageLogEntry> {
    const entry = this.repo.create({
        userId: input.userId,
        channel: input.channel,
        peerId: input.peerId.slice(0, 64),
        direction: input.direction,
        kind: input.kind ?? 'message',
        messageType: input.messageType,
        text: input.text,
        details: input.details ?? null,
        reminderId: input.reminderId ?? null,
        providerMessageId: input.providerMessageId?.slice(0, 128) ?? null,
        status: input.status ?? null,
        statusAt: input.status ? new Date() : null,
        error: input.error ?? null,
      });
    const activity = input.direction === 'incoming' && input.userId !== null;
    const row = !activity
      ? await this.repo.save(entry)
      : await this.dataSource.transaction(async (m) => {
          const saved = await m.getRepository(MessageLogEntry).save(entry);
          // now() is the transaction's time, the created_at the row just got.
          await m.query(recordActivitySql(`(SELECT $1::int AS user_id, now() AS at) wrote`), [saved.userId]);
          return saved;
        });
    if (!this.viaNotify) this.emit(row);
    return row;
  }

  /** Statuses arrive repeated and out of order: keep the furthest (read after delivered stays read). */
  async updateStatus(channel: string, providerMessageId: string, status: string, at: Date, error?: string): Promise<number> {
    const res: [unknown[], number] = await this.dataSource.query(
      `UPDATE message_log SET status = $3, status_at = $4, error = COALESCE($5, error)
        WHERE channel = $1 AND provider_message_id = $2 AND direction = 'outgoing' AND ${STATUS_RANK} < ${NEW_RANK}
        RETURNING id`,
      [channel, providerMessageId, status, at, error ?? null],
    );
    return res[1];
  }

  /** When the user last wrote to us on that channel (WhatsApp's 24-hour window). */
  async lastIncomingAt(userId: number, channel: string): Promise<Date | null> {
    const [row] = await this.dataSource.query(
      `SELECT max(created_at) AS at FROM message_log WHERE user_id = $1 AND channel = $2 AND direction = 'incoming'`,
      [userId, channel],
    );
    return row?.at ? new Date(row.at) : null;
  }

  /** A user's conversation, oldest first (the simulator page's history). */
  async recent(userId: number, limit = 50): Promise<MessageLogEntry[]> {
    const rows = await this.repo.find({ where: { userId }, order: { id: 'DESC' }, take: limit });
    return rows.reverse();
  }

  async byProviderId(channel: string, providerMessageId: string): Promise<MessageLogEntry | null> {
    return this.repo.findOne({ where: { channel, providerMessageId } });
  }

  private async announce(payload: string): Promise<void> {
    if (!/^\d+$/.test(payload)) return;
    try {
      const row = await this.repo.findOne({ where: { id: payload } });
      if (row) this.emit(row);
    } catch (e) {
      this.logger.warn(`Could not load message_log ${payload}: ${(e as Error).message}`);
    }
  }

  private emit(row: MessageLogEntry): void {
    for (const l of this.listeners) {
      try {
        l(row);
      } catch (e) {
        this.logger.warn(`Live listener failed: ${(e as Error).message}`);
      }
    }
  }
}
