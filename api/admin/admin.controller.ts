import { All, Body, Controller, Delete, Get, HttpCode, NotFoundException, Param, ParseIntPipe, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '../accounts/current-user.decorator';
import type { User } from '../accounts/user.entity';
import { AdminRemindersService } from './admin-reminders.service';
import { AdminStatsService } from './admin-stats.service';
import { AdminUsersService, AdminUserUpdate } from './admin-users.service';
import { readPage, sendPage } from './paging';
import { Staff, StaffController } from './staff-roles';
import type { AdminUpdateInput } from '../reminders/reminders.service';

/**
 * The spec's admin calls (SPEC §7). Lists answer arrays with server-side search and paging
 * (`?q=&limit=&cursor=`, total in X-Total-Count, next cursor in X-Next-Cursor).
 */
@ApiTags('admin')
@Controller('api/admin')
@StaffController()
export class AdminController {
  constructor(
    private readonly stats: AdminStatsService,
    private readonly users: AdminUsersService,
    private readonly reminders: AdminRemindersService,
  ) {}

  @Get('stats')
  @Staff('admin')
  getStats(@Query('timeRange') timeRange?: string) {
    return this.stats.stats(timeRange);
  }

  @Get('users')
  @Staff('admin', 'support')
  async listUsers(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response) {
    const page = readPage(query);
    const { rows, total } = await this.users.search(page);
    return sendPage(res, rows, total, page);
  }

  @Get('users/:id')
  @Staff('admin', 'support')
  getUser(@Param('id', ParseIntPipe) id: number) {
    return this.users.get(id);
  }

  @Patch('users/:id')
  @Staff('admin')
  updateUser(@CurrentUser() actor: User, @Param('id', ParseIntPipe) id: number, @Body() body: AdminUserUpdate) {
    return this.users.update(actor, id, body ?? {});
  }

  @Delete('users/:id')
  @Staff('admin')
  async deleteUser(@CurrentUser() actor: User, @Param('id', ParseIntPipe) id: number) {
    await this.users.delete(actor, id);
    return { success: true };
  }

  @Get('reminders')
  @Staff('admin', 'support')
  async listReminders(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response) {
    const page = readPage(query);
    const { rows, total } = await this.reminders.search(page, { status: query.status, userId: query.userId });
    return sendPage(res, rows, total, page);
  }

  @Patch('reminders/:id')
  @Staff('admin')
  updateReminder(@CurrentUser() actor: User, @Param('id', ParseIntPipe) id: number, @Body() body: AdminUpdateInput) {
    return this.reminders.update(actor, id, body ?? {});
  }

  @Delete('reminders/:id')
  @Staff('admin')
  async deleteReminder(@CurrentUser() actor: User, @Param('id', ParseIntPipe) id: number) {
    await this.reminders.delete(actor, id);
    return { success: true };
  }

  @Post('reminders/:id/trigger')
  @HttpCode(200)
  @Staff('admin')
  triggerReminder(@CurrentUser() actor: User, @Param('id', ParseIntPipe) id: number) {
    return this.reminders.trigger(actor, id);
  }
}

/** Unknown admin paths answer 404 only to staff (401/403 first); registered last. */
@Controller('api/admin')
@StaffController()
export class AdminFallbackController {
  @All('*path')
  @Staff('admin', 'support')
  notFound() {
    throw new NotFoundException('Not found');
  }
}
