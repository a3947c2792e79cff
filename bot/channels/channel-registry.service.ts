import { Injectable } from '@nestjs/common';
import type { ChannelName, MessagingChannel } from './channel.types';

/** The channels this instance can talk through, by name; the simulator registers itself here too. */
@Injectable()
export class ChannelRegistry {
  private readonly channels = new Map<ChannelName, MessagingChannel>();

  register(channel: MessagingChannel): void {
    const existing = this.channels.get(channel.name);
    if (existing && existing !== channel) {
      throw new Error(`A different '${channel.name}' channel is already registered`);
    }
    this.channels.set(channel.name, channel);
  }

  get(name: string): MessagingChannel | undefined {
    return this.channels.get(name as ChannelName);
  }

  enabled(): ChannelName[] {
    return [...this.channels.keys()];
  }
}
