import { Body, Controller, Get, HttpCode, NotFoundException, Param, ParseIntPipe, Post, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '../accounts/current-user.decorator';
import type { User } from '../accounts/user.entity';
import { ConversationsService } from './conversations.service';
import { readPage, sendPage } from './paging';
import { Staff, StaffController } from './staff-roles';

/** The support console: latest conversations, one conversation page by page, replies as support. */
@ApiTags('admin')
@Controller('api/admin/conversations')
@StaffController()
export class ConversationsController {
  constructor(private readonly conversations: ConversationsService) {}

  @Get()
  @Staff('admin', 'support')
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response) {
    const page = readPage(query);
    const { rows, total } = await this.conversations.list(page);
    return sendPage(res, rows, total, page);
  }

  @Get(':userId')
  @Staff('admin', 'support')
  info(@Param('userId', ParseIntPipe) userId: number) {
    return this.conversations.info(userId);
  }

  /** Newest first, `?cursor=` = the oldest id already shown. */
  @Get(':userId/messages')
  @Staff('admin', 'support')
  async messages(@Param('userId', ParseIntPipe) userId: number, @Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response) {
    const page = readPage(query);
    const rows = await this.conversations.messages(userId, page);
    res.setHeader('X-Total-Count', '-1');
    return sendPage(res, rows, -1, page);
  }

  @Post(':userId/reply')
  @HttpCode(201)
  @Staff('admin', 'support')
  reply(@CurrentUser() actor: User, @Param('userId', ParseIntPipe) userId: number, @Body() body: { text?: unknown }) {
    return this.conversations.reply(actor, userId, body?.text);
  }

  @Get(':userId/media/:mediaId')
  @Staff('admin', 'support')
  async media(@Param('userId', ParseIntPipe) userId: number, @Param('mediaId') mediaId: string, @Res() res: Response) {
    const media = await this.conversations.media(userId, mediaId);
    if (!media) throw new NotFoundException('Note vocale introuvable');
    res.setHeader('content-type', media.mimeType);
    res.setHeader('cache-control', 'private, max-age=86400');
    res.send(media.data);
  }
}
