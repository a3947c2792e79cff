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

export type Reachable = Pick<User, 'id' | 'phoneNumber' | 'telegramChatId' | 'preferredChannel'> & Partial<Pick<User, 'phoneVerifiedAt'>>;

/**
 * Why a user has no route although a channel could reach a number they typed: the only way to
 * them is a WhatsApp number nobody has proved yet. Reminders wait for the proof.
 */
export type Unreachable = 'phone_unproven' | 'no_channel';

/**
 * Which channel reaches a user: their preferred one when it is available and they are reachable
 * on it; else WhatsApp when they have a PROVEN phone and WhatsApp is configured; else Telegram
 * when a chat is linked; else the simulator (the signed-in person's own chat, never the number).
 *
 * This is the one routing point of every message Rappel starts (reminders, welcomes, codes,
 * anything added later through UserMessenger): a claimed number (phoneVerifiedAt null) is never
 * a route (SPEC decision "Phone numbers are proved before use"). The single exception is
 * `provingRoute`, which only the phone-proof code may use.
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

  /** Why `routeFor` gave null: a configured WhatsApp could reach the user once their number is proved. */
  whyUnreachable(user: Reachable): Unreachable {
    return user.phoneNumber && !user.phoneVerifiedAt && this.registry.get('whatsapp') ? 'phone_unproven' : 'no_channel';
  }

  /** The route on one named channel, when it exists and the user is reachable there. */
  on(name: ChannelName, user: Reachable): Route | null {
    const channel = this.registry.get(name);
    if (!channel) return null;
    if (name === 'whatsapp' && !user.phoneVerifiedAt) return null;
    const recipientId = name === 'whatsapp' ? user.phoneNumber : name === 'telegram' ? user.telegramChatId : String(user.id);
    return recipientId ? { channel, name, recipientId } : null;
  }

  /**
   * The one exception to the proven-number rule: the WhatsApp route to the number being proved,
   * for the proof code itself (sent as the authentication template, rate limited by the caller).
   * Null when WhatsApp is not configured or the user has no number.
   */
  provingRoute(user: Pick<User, 'phoneNumber'>): Route | null {
    const channel = this.registry.get('whatsapp');
    return channel && user.phoneNumber ? { channel, name: 'whatsapp', recipientId: user.phoneNumber } : null;
  }
}
