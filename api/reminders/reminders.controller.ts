import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { CurrentUser } from '../accounts/current-user.decorator';
import { PageLanguage } from '../common/page-language';
import { SessionAuthGuard } from '../accounts/session-auth.guard';
import type { User } from '../accounts/user.entity';
import { CreateReminderDto } from './dto/create-reminder.dto';
import { UpdateReminderDto } from './dto/update-reminder.dto';
import { ReminderIdPipe } from './reminder-id.pipe';
import type { Reminder } from './reminder.entity';
import { toReminderView, ReminderView } from './reminder-view';
import { RemindersService } from './reminders.service';

/** The spec's reminder endpoints for the signed-in user (SPEC.md §7). */
@Controller('api/reminders')
@UseGuards(SessionAuthGuard)
export class RemindersController {
  constructor(@Inject(RemindersService) private readonly reminders: RemindersService) {}

  @Get()
  async list(@CurrentUser() user: User, @PageLanguage() lang?: 'fr' | 'en'): Promise<ReminderView[]> {
    return this.views(await this.reminders.list(user), lang);
  }

  @Post()
  async create(@CurrentUser() user: User, @Body() dto: CreateReminderDto, @PageLanguage() lang?: 'fr' | 'en'): Promise<ReminderView> {
    return (await this.views([await this.reminders.create(user, dto)], lang))[0];
  }

  @Get(':id')
  async get(@CurrentUser() user: User, @Param('id', ReminderIdPipe) id: number, @PageLanguage() lang?: 'fr' | 'en'): Promise<ReminderView> {
    return (await this.views([await this.reminders.get(user, id)], lang))[0];
  }

  @Patch(':id')
  async update(@CurrentUser() user: User, @Param('id', ReminderIdPipe) id: number, @Body() dto: UpdateReminderDto, @PageLanguage() lang?: 'fr' | 'en'): Promise<ReminderView> {
    return (await this.views([await this.reminders.update(user, id, dto)], lang))[0];
  }

  /** Cancels one occurrence of a repeating reminder; the series goes on (the next occurrence is returned, or null). */
  @Post(':id/skip')
  @HttpCode(200)
  async skip(@CurrentUser() user: User, @Param('id', ReminderIdPipe) id: number, @PageLanguage() lang?: 'fr' | 'en'): Promise<{ next: ReminderView | null }> {
    const next = await this.reminders.skipOccurrence(user, id);
    return { next: next ? (await this.views([next], lang))[0] : null };
  }

  /** Ends the series this reminder belongs to (its pending occurrence is cancelled). */
  @Post(':id/stop-repeating')
  @HttpCode(200)
  async stopRepeating(@CurrentUser() user: User, @Param('id', ReminderIdPipe) id: number): Promise<{ success: true }> {
    await this.reminders.stopSeries(user, id);
    return { success: true };
  }

  /** A repetition is described in the page's language (Accept-Language), else in the reminder's own. */
  private async views(rows: Reminder[], language?: 'fr' | 'en'): Promise<ReminderView[]> {
    const pending = await this.reminders.pendingBySeries(rows);
    return rows.map((r) => toReminderView(r, pending, language));
  }

  /** The spec also sends `?phone=`; the session decides whose reminder it is. */
  @Delete(':id')
  @HttpCode(200)
  async remove(@CurrentUser() user: User, @Param('id', ReminderIdPipe) id: number): Promise<{ success: true }> {
    await this.reminders.delete(user, id);
    return { success: true };
  }
}
