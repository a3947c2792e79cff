import { BadRequestException } from '@nestjs/common';
import type { Response } from 'express';

export interface PageQuery {
  /** Trimmed search text; '' = everything. */
  q: string;
  limit: number;
  /** Exclusive upper bound of the ids already shown (lists are newest id first); null = first page. */
  cursor: string | null;
}

export const DEFAULT_LIMIT = 50;
/**
 * A search's total is counted up to this many matches (X-Total-Count then says 1000 and
 * X-Total-Capped: true): an exact count of a common word over a million reminders costs far
 * more than the page itself (a seq scan), and nobody pages through a thousand rows.
 */
export const TOTAL_CAP = 1000;

/** `SELECT count(*)` of a filtered set, exact when no search text narrows it, capped at TOTAL_CAP otherwise. */
export function countSql(fromWhere: string, capped: boolean): string {
  return capped ? `SELECT count(*)::int AS n FROM (SELECT 1 ${fromWhere} LIMIT ${TOTAL_CAP}) capped` : `SELECT count(*)::int AS n ${fromWhere}`;
}
export const MAX_LIMIT = 200;

/** `?q=&limit=&cursor=` as the back-office sends them; anything malformed is a 400. */
export function readPage(query: Record<string, unknown>): PageQuery {
  // Control characters mean nothing in a search box (and U+001F separates the fields of reminders.search_text).
  const q = typeof query.q === 'string' ? query.q.replace(/[\u0000-\u001f\u007f]/g, ' ').trim().slice(0, 100) : '';
  let limit = DEFAULT_LIMIT;
  if (query.limit !== undefined && query.limit !== '') {
    limit = Number(query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) throw new BadRequestException(`limit doit être un entier entre 1 et ${MAX_LIMIT}`);
  }
  let cursor: string | null = null;
  if (query.cursor !== undefined && query.cursor !== '') {
    if (typeof query.cursor !== 'string' || !/^\d{1,18}$/.test(query.cursor)) throw new BadRequestException('cursor invalide');
    cursor = query.cursor;
  }
  return { q, limit, cursor };
}

/** `%text%` for ILIKE with the user's % and _ taken literally. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Sets X-Total-Count and, when more rows follow, X-Next-Cursor; answers the array itself (the spec's shape). */
export function sendPage<T extends { id: number | string }>(res: Response, rows: T[], total: number, page: PageQuery): T[] {
  res.setHeader('X-Total-Count', String(total));
  if (total >= TOTAL_CAP && page.q) res.setHeader('X-Total-Capped', 'true');
  if (rows.length === page.limit) res.setHeader('X-Next-Cursor', String(rows[rows.length - 1].id));
  res.setHeader('Access-Control-Expose-Headers', 'X-Total-Count, X-Next-Cursor, X-Total-Capped');
  return rows;
}
