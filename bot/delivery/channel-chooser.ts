import { Inject, Injectable } from '@nestjs/common';
import type { User } from '../../api/accounts/user.entity';
import { ChannelRegistry } from '../channels/channel-registry.service';
import type { ChannelName, MessagingChannel } from '../channels/channel.types';

export interface Route {
  channel: MessagingChannel;
  name: ChannelName;
  /** The user's id on that channel (E.164 phone, Telegram chat id, or user id for the simulator). */
  recipientId: string;
}

type Reachable = Pick<User, 'id' | 'phoneNumber' | 'telegramChatId' | 'preferredChannel'>;

/**
 * Which channel reaches a user: their preferred one when it is available and they are reachable
 * on it; else WhatsApp when they have a phone and WhatsApp is configured; else Telegram when a
 * chat is linked; else the simulator.
 */
@Injectable()
export class ChannelChooser {
  constructor(@Inject(ChannelRegistry) private readonly registry: ChannelRegistry) {}

  routeFor(user: Reachable): Route | null {
    const order: ChannelName[] = ['whatsapp', 'telegram', 'simulator'];
    const preferred = user.preferredChannel;
    for (const name of preferred ? [preferred, ...order.filter((n) => n !== preferred)] : order) {
      const route = this.on(name, user);
      if (route) return route;
    }
    return null;
  }

  /** The route on one named channel, when it exists and the user is reachable there. */
  on(name: ChannelName, user: Reachable): Route | null {
    const channel = this.registry.get(name);
    if (!channel) return null;
    const recipientId = name === 'whatsapp' ? user.phoneNumber : name === 'telegram' ? user.telegramChatId : String(user.id);
    return recipientId ? { channel, name, recipientId } : null;
  }
}
