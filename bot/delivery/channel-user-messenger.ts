import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { User } from '../../api/accounts/user.entity';
import { ChannelChooser } from './channel-chooser';
import { Outbox } from './outbox';
import type { MessengerRecipient, UserMessenger } from './user-messenger.port';

/**
 * Texts a user on the channel that reaches them (reset codes, welcome messages). Through the
 * embedded simulator, the text is also written to the server log as
 * `[embedded channel] to <phone>: <text>`: someone who is not signed in cannot open the
 * simulator page to read a reset code, and browser tests read it from stdout.
 */
@Injectable()
export class ChannelUserMessenger implements UserMessenger {
  private readonly logger = new Logger('EmbeddedChannel');

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(ChannelChooser) private readonly chooser: ChannelChooser,
    @Inject(Outbox) private readonly outbox: Outbox,
  ) {}

  async sendText(recipient: MessengerRecipient, text: string): Promise<void> {
    const user = await this.users.findOne({ where: { id: recipient.id } });
    const route = this.chooser.routeFor(user ?? { id: recipient.id, phoneNumber: recipient.phoneNumber, telegramChatId: recipient.telegramChatId ?? null, preferredChannel: null });
    if (!route || route.name === 'simulator') {
      this.logger.log(`[embedded channel] to ${recipient.phoneNumber ?? `user ${recipient.id}`}: ${text}`);
    }
    if (route) await this.outbox.send(route, { kind: 'text', text }, { userId: recipient.id });
  }
}
