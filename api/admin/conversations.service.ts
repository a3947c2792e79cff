import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Actor, AuditService } from '../audit/audit.service';
import { maskCodes, toConsoleMessage, type ConsoleMessage } from './console-message';
import { likePattern, PageQuery } from './paging';
import { Reach, STAFF_MESSENGER, type StaffMessenger, SupportReplyRefused } from './staff-messenger.port';

export interface ConversationSummary {
  userId: number;
  username: string;
  displayName: string | null;
  phoneNumber: string | null;
  channel: string;
  lastMessage: string | null;
  lastDirection: string;
  lastMessageType: string;
  lastAt: string;
  /** Cursor value: the last message's id. */
  id: string;
}

export const CONSOLE_MESSAGES = {
  notFound: 'Conversation introuvable',
  empty: 'Le message ne peut pas être vide',
  tooLong: 'Le message ne peut pas dépasser 4096 caractères',
  window_closed:
    "Réponse impossible : l'utilisateur n'a pas écrit sur WhatsApp depuis plus de 24 heures. WhatsApp n'autorise alors que des modèles approuvés ; la réponse redeviendra possible dès qu'il écrira.",
  unreachable: "Réponse impossible : aucun canal ne permet de joindre cet utilisateur (numéro non vérifié ou aucune messagerie liée).",
};

/** The support console over the message log: latest conversations, one conversation page by page, replies as support. */
@Injectable()
export class ConversationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STAFF_MESSENGER) private readonly messenger: StaffMessenger,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  /** Users by their latest message, newest first; `q` filters by username, name or phone. */
  async list(page: PageQuery): Promise<{ rows: ConversationSummary[]; total: number }> {
    const params: unknown[] = [];
    const userFilter: string[] = [];
    if (page.q) {
      const phoneish = /^[+\d\s().-]+$/.test(page.q) ? page.q.replace(/[^\d+]/g, '') : page.q;
      params.push(likePattern(page.q), likePattern(phoneish));
      userFilter.push(`(u.username ILIKE $1 OR u.display_name ILIKE $1 OR u.phone_number LIKE $2)`);
    }
    const countSql = `SELECT count(DISTINCT m.user_id)::int AS n FROM message_log m ${page.q ? 'JOIN users u ON u.id = m.user_id WHERE ' + userFilter[0] : 'WHERE m.user_id IS NOT NULL'}`;
    const pageParams = [...params];
    let having = '';
    if (page.cursor) {
      pageParams.push(page.cursor);
      having = `HAVING max(m.id) < $${pageParams.length}`;
    }
    pageParams.push(page.limit);
    const sql = `
      WITH last AS (
        SELECT m.user_id, max(m.id) AS last_id FROM message_log m
          ${page.q ? `JOIN users u ON u.id = m.user_id WHERE ${userFilter[0]}` : 'WHERE m.user_id IS NOT NULL'}
         GROUP BY m.user_id ${having}
         ORDER BY last_id DESC LIMIT $${pageParams.length})
      SELECT u.id AS user_id, u.username, u.display_name, u.phone_number, m.id, m.channel, m.text, m.direction, m.message_type, m.created_at, m.details
        FROM last JOIN message_log m ON m.id = last.last_id JOIN users u ON u.id = last.user_id
       ORDER BY m.id DESC`;
    const [rows, [count]] = await Promise.all([this.dataSource.query(sql, pageParams), this.dataSource.query(countSql, params)]);
    return {
      total: count.n,
      rows: rows.map((r: Record<string, any>) => ({
        id: String(r.id),
        userId: r.user_id,
        username: r.username,
        displayName: r.display_name,
        phoneNumber: r.phone_number,
        channel: r.channel,
        lastMessage: maskCodes(r.text, r.details?.purpose),
        lastDirection: r.direction,
        lastMessageType: r.message_type,
        lastAt: new Date(r.created_at).toISOString(),
      })),
    };
  }

  /** One conversation, newest message first (the console shows them oldest first, loading older pages upwards). */
  async messages(userId: number, page: PageQuery): Promise<ConsoleMessage[]> {
    const params: unknown[] = [checkId(userId)];
    let cursor = '';
    if (page.cursor) {
      params.push(page.cursor);
      cursor = `AND id < $2`;
    }
    params.push(page.limit);
    const rows = await this.dataSource.query(
      `SELECT * FROM message_log WHERE user_id = $1 ${cursor} ORDER BY id DESC LIMIT $${params.length}`,
      params,
    );
    return rows.map((r: Record<string, any>) => toConsoleMessage(r));
  }

  async info(userId: number): Promise<{ user: Record<string, unknown>; reach: Reach; replyBlocked: string | null }> {
    const [u] = await this.dataSource.query(
      `SELECT id, username, display_name, phone_number, phone_verified_at, telegram_chat_id, language, timezone, plan, opted_out_at, preferred_channel FROM users WHERE id = $1`,
      [checkId(userId)],
    );
    if (!u) throw new NotFoundException(CONSOLE_MESSAGES.notFound);
    const reach = await this.messenger.reach(userId);
    return {
      user: {
        id: u.id,
        username: u.username,
        displayName: u.display_name,
        phoneNumber: u.phone_number,
        phoneVerified: Boolean(u.phone_verified_at),
        telegramLinked: Boolean(u.telegram_chat_id),
        language: u.language,
        timezone: u.timezone,
        plan: u.plan,
        optedOut: Boolean(u.opted_out_at),
      },
      reach,
      // Why the reply box is disabled, in the console's words; null when a reply may go out.
      replyBlocked: !reach.channel ? CONSOLE_MESSAGES.unreachable : reach.freeText ? null : CONSOLE_MESSAGES.window_closed,
    };
  }

  async reply(actor: Actor, userId: number, text: unknown): Promise<{ channel: string }> {
    if (typeof text !== 'string' || !text.trim()) throw new BadRequestException(CONSOLE_MESSAGES.empty);
    if (text.length > 4096) throw new BadRequestException(CONSOLE_MESSAGES.tooLong);
    await this.info(userId);
    const staffName = (actor.displayName || actor.username).slice(0, 64);
    try {
      const sent = await this.messenger.sendSupportReply(userId, text.trim(), { id: actor.id, name: staffName });
      await this.audit.record(actor, 'conversation.reply', { type: 'user', id: userId }, { channel: sent.channel, text: text.trim().slice(0, 500) });
      return { channel: sent.channel };
    } catch (e) {
      if (e instanceof SupportReplyRefused) throw new ConflictException({ message: CONSOLE_MESSAGES[e.code], code: e.code });
      throw e;
    }
  }

  /** A simulator voice note of this user's conversation. */
  async media(userId: number, mediaId: string): Promise<{ data: Buffer; mimeType: string } | null> {
    if (!/^[0-9a-f-]{36}$/i.test(mediaId)) return null;
    const [row] = await this.dataSource.query(`SELECT data, mime_type FROM simulator_media WHERE id = $1 AND user_id = $2`, [mediaId, checkId(userId)]);
    return row ? { data: Buffer.from(row.data), mimeType: row.mime_type } : null;
  }
}

function checkId(id: number): number {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw new NotFoundException(CONSOLE_MESSAGES.notFound);
  return id;
}

