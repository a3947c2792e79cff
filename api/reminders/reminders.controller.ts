import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { CurrentUser } from '../accounts/current-user.decorator';
import { SessionAuthGuard } from '../accounts/session-auth.guard';
import type { User } from '../accounts/user.entity';
import { CreateReminderDto } from './dto/create-reminder.dto';
import { UpdateReminderDto } from './dto/update-reminder.dto';
import { ReminderIdPipe } from './reminder-id.pipe';
import { toReminderView, ReminderView } from './reminder-view';
import { RemindersService } from './reminders.service';

/** The spec's reminder endpoints for the signed-in user (SPEC.md §7). */
@Controller('api/reminders')
@UseGuards(SessionAuthGuard)
export class RemindersController {
  constructor(@Inject(RemindersService) private readonly reminders: RemindersService) {}

  @Get()
  async list(@CurrentUser() user: User): Promise<ReminderView[]> {
    return (await this.reminders.list(user)).map(toReminderView);
  }

  @Post()
  async create(@CurrentUser() user: User, @Body() dto: CreateReminderDto): Promise<ReminderView> {
    return toReminderView(await this.reminders.create(user, dto));
  }

  @Get(':id')
  async get(@CurrentUser() user: User, @Param('id', ReminderIdPipe) id: number): Promise<ReminderView> {
    return toReminderView(await this.reminders.get(user, id));
  }

  @Patch(':id')
  async update(@CurrentUser() user: User, @Param('id', ReminderIdPipe) id: number, @Body() dto: UpdateReminderDto): Promise<ReminderView> {
    return toReminderView(await this.reminders.update(user, id, dto));
  }

  /** The spec also sends `?phone=`; the session decides whose reminder it is. */
  @Delete(':id')
  @HttpCode(200)
  async remove(@CurrentUser() user: User, @Param('id', ReminderIdPipe) id: number): Promise<{ success: true }> {
    await this.reminders.delete(user, id);
    return { success: true };
  }
}
