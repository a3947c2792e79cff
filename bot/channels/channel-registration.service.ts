import { Inject, Injectable, type OnModuleInit, Optional } from '@nestjs/common';
import { ChannelRegistry } from './channel-registry.service';
import { TelegramChannel } from './telegram/telegram.channel';
import { WhatsappChannel } from './whatsapp/whatsapp.channel';

/** Puts the channels ChannelsModule built into the registry, before anyone can ask for them. */
@Injectable()
export class ChannelRegistration implements OnModuleInit {
  constructor(
    @Inject(ChannelRegistry) private readonly registry: ChannelRegistry,
    @Optional() @Inject(WhatsappChannel) private readonly whatsapp?: WhatsappChannel,
    @Optional() @Inject(TelegramChannel) private readonly telegram?: TelegramChannel,
  ) {}

  onModuleInit(): void {
    if (this.whatsapp) this.registry.register(this.whatsapp);
    if (this.telegram) this.registry.register(this.telegram);
  }
}
