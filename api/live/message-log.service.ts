import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, Repository } from 'typeorm';
import { GroupCommit } from '../database/group-commit';
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
 * announced to listeners on every instance: through Postgres NOTIFY (payload = the ids an INSERT
 * added, from the insert trigger) on real Postgres; in-process with the embedded database, whose socket server
 * does not forward notifications (and which only one process runs against).
 */
@Injectable()
export class MessageLogService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MessageLogService.name);
  private readonly repo: Repository<MessageLogEntry>;
  private readonly listeners = new Map<(row: MessageLogEntry) => void, () => boolean>();
  private listener?: PgListener;
  /** Rows of concurrent callers go in as one INSERT (each caller still waits for its own row). */
  private readonly writes: GroupCommit<MessageLogEntry>;
  /** Ids announced by NOTIFY, loaded together a few ms later. */
  private announced: string[] = [];
  private announceTimer?: NodeJS.Timeout;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
  ) {
    this.repo = dataSource.getRepository(MessageLogEntry);
    // Plain SQL over arrays: TypeORM's insert builder costs more CPU than the database does here.
    this.writes = new GroupCommit(async (rows) => {
      const col = <K extends keyof MessageLogEntry>(k: K) => rows.map((r) => r[k] ?? null);
      const made: Array<{ id: string; created_at: Date }> = await this.dataSource.query(
        // An incoming message from a known user also marks them active (user_activity), in the same statement.
        `WITH ins AS (
           INSERT INTO message_log (user_id, channel, peer_id, direction, kind, message_type, text, details, reminder_id, provider_message_id, status, status_at, error)
           SELECT a, b, c, d, e, f, g, h, i, j, k, l, m FROM unnest($1::int[], $2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::text[], $8::jsonb[], $9::int[], $10::varchar[], $11::varchar[], $12::timestamptz[], $13::text[])
            WITH ORDINALITY AS v(a, b, c, d, e, f, g, h, i, j, k, l, m, ord)
           ORDER BY ord
           RETURNING id, created_at, user_id, direction
         ), act AS (${recordActivitySql(`(SELECT user_id, created_at AS at FROM ins WHERE direction = 'incoming') wrote`)})
         SELECT id, created_at FROM ins`,
        [
          col('userId'), col('channel'), col('peerId'), col('direction'), col('kind'), col('messageType'), col('text'),
          rows.map((r) => (r.details == null ? null : JSON.stringify(r.details))),
          col('reminderId'), col('providerMessageId'), col('status'), col('statusAt'), col('error'),
        ],
      );
      // Ids come from one sequence in insertion order: the i-th smallest is the i-th row.
      made.sort((x, y) => Number(x.id) - Number(y.id));
      rows.forEach((r, i) => {
        r.id = String(made[i].id);
        r.createdAt = new Date(made[i].created_at);
      });
    });
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

  /**
   * Called for every new row, on every instance. `wanted` says whether the listener has anyone
   * to show rows to right now: when no listener does, announced rows are not even loaded.
   */
  onRow(listener: (row: MessageLogEntry) => void, wanted: () => boolean = () => true): () => void {
    this.listeners.set(listener, wanted);
    return () => this.listeners.delete(listener);
  }

  /** Records one message; an incoming one from a known user also marks them active, in the same statement. */
  async record(input: LogInput): Promise<MessageLogEntry> {
    const row = this.repo.create({
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
    await this.writes.add(row);
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

  /** lastIncomingAt for many users in one statement (users who never wrote are absent). */
  async lastIncomingAtMany(userIds: number[], channel: string): Promise<Map<number, Date>> {
    if (!userIds.length) return new Map();
    const rows: Array<{ user_id: number; at: Date }> = await this.dataSource.query(
      `SELECT user_id, max(created_at) AS at FROM message_log WHERE user_id = ANY($1::int[]) AND channel = $2 AND direction = 'incoming' GROUP BY user_id`,
      [userIds, channel],
    );
    return new Map(rows.map((r) => [Number(r.user_id), new Date(r.at)]));
  }

  /** A user's conversation, oldest first (the simulator page's history). */
  async recent(userId: number, limit = 50): Promise<MessageLogEntry[]> {
    const rows = await this.repo.find({ where: { userId }, order: { id: 'DESC' }, take: limit });
    return rows.reverse();
  }

  async byProviderId(channel: string, providerMessageId: string): Promise<MessageLogEntry | null> {
    return this.repo.findOne({ where: { channel, providerMessageId } });
  }

  /** A NOTIFY payload is the ids of the rows one INSERT added, comma-separated. */
  private announce(payload: string): void {
    if (!/^\d+(,\d+)*$/.test(payload) || ![...this.listeners.values()].some((wanted) => wanted())) return;
    this.announced.push(...payload.split(','));
    this.announceTimer ??= setTimeout(() => void this.loadAnnounced(), 5);
  }

  private async loadAnnounced(): Promise<void> {
    this.announceTimer = undefined;
    const ids = this.announced;
    this.announced = [];
    try {
      const rows = await this.repo.find({ where: { id: In(ids) }, order: { id: 'ASC' } });
      for (const row of rows) this.emit(row);
    } catch (e) {
      this.logger.warn(`Could not load ${ids.length} message_log row(s): ${(e as Error).message}`);
    }
  }

  private emit(row: MessageLogEntry): void {
    for (const l of this.listeners.keys()) {
      try {
        l(row);
      } catch (e) {
        this.logger.warn(`Live listener failed: ${(e as Error).message}`);
      }
    }
  }
}
