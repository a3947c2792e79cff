import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { likePattern, readPage, sendPage } from '../admin/paging';
import { Staff, StaffController } from '../admin/staff-roles';

/** The Journal screen (admin only): newest first, `q` matches the actor, the action or the target. */
@ApiTags('admin')
@Controller('api/admin/audit')
@StaffController()
export class AuditController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get()
  @Staff('admin')
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response) {
    const page = readPage(query);
    const params: unknown[] = [];
    const where: string[] = [];
    if (page.q) {
      params.push(likePattern(page.q));
      where.push(`(actor_name ILIKE $1 OR action ILIKE $1 OR (target_type || ':' || coalesce(target_id, '')) ILIKE $1)`);
    }
    const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const pageParams = [...params];
    let pageFilter = filter;
    if (page.cursor) {
      pageParams.push(page.cursor);
      pageFilter = `${filter ? `${filter} AND` : 'WHERE'} id < $${pageParams.length}`;
    }
    pageParams.push(page.limit);
    const [rows, [count]] = await Promise.all([
      this.dataSource.query(`SELECT * FROM audit_log ${pageFilter} ORDER BY id DESC LIMIT $${pageParams.length}`, pageParams),
      this.dataSource.query(`SELECT count(*)::int AS n FROM audit_log ${filter}`, params),
    ]);
    const out = rows.map((r: Record<string, any>) => ({
      id: String(r.id),
      actorId: r.actor_id,
      actorName: r.actor_name,
      actorRole: r.actor_role,
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id,
      changes: r.changes,
      createdAt: new Date(r.created_at).toISOString(),
    }));
    return sendPage(res, out, count.n, page);
  }
}
