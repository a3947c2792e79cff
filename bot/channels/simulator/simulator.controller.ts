import { Body, Controller, Get, HttpCode, Inject, NotFoundException, Param, Post, Res, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '../../../api/accounts/current-user.decorator';
import { SessionAuthGuard } from '../../../api/accounts/session-auth.guard';
import type { User } from '../../../api/accounts/user.entity';
import { toLiveMessage } from '../../../api/live/live-message';
import { MessageLogService } from '../../../api/live/message-log.service';
import { SimulatorChannel } from './simulator.channel';
import { SimulatorInput, SimulatorService } from './simulator.service';

/** The chat simulator's HTTP side: send a message as the signed-in user, read the history, play voice notes. */
@ApiTags('simulator')
@Controller('api/simulator')
@UseGuards(SessionAuthGuard)
export class SimulatorController {
  constructor(
    @Inject(SimulatorService) private readonly simulator: SimulatorService,
    @Inject(SimulatorChannel) private readonly channel: SimulatorChannel,
    @Inject(MessageLogService) private readonly log: MessageLogService,
  ) {}

  @Post('messages')
  @HttpCode(202)
  send(@CurrentUser() user: User, @Body() body: SimulatorInput) {
    return this.simulator.receive(user, body ?? {});
  }

  /** The user's recent conversation on every channel, in the live message shape. */
  @Get('messages')
  async history(@CurrentUser() user: User) {
    return (await this.log.recent(user.id, 100)).map(toLiveMessage);
  }

  @Get('media/:id')
  async media(@CurrentUser() user: User, @Param('id') id: string, @Res() res: Response) {
    const media = await this.channel.media(id, user.id);
    if (!media) throw new NotFoundException('Voice note not found');
    res.setHeader('content-type', media.mimeType);
    res.setHeader('cache-control', 'private, max-age=86400');
    res.send(media.data);
  }
}
