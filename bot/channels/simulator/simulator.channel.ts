import { randomUUID } from 'node:crypto';
import { Inject, Injectable, NotFoundException, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ChannelRegistry } from '../channel-registry.service';
import type { InboundAudio, MessagingChannel, OutboundMessage, SendResult } from '../channel.types';

/**
 * The embedded chat channel: the sender id is the user's id, and "sending" means the message is
 * in the log (which pushes it live to the user's browser); voice notes are kept in Postgres and
 * served to their owner by GET /api/simulator/media/:id.
 */
@Injectable()
export class SimulatorChannel implements MessagingChannel, OnModuleInit {
  readonly name = 'simulator' as const;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ChannelRegistry) private readonly registry: ChannelRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async send(recipientId: string, message: OutboundMessage): Promise<SendResult> {
    if (message.kind === 'voice') {
      const id = await this.storeMedia(Number(recipientId), message.audio, 'audio/ogg');
      return { providerMessageId: `sim:${id}` };
    }
    return { providerMessageId: `sim:${randomUUID()}` };
  }

  async fetchVoice(mediaRef: string): Promise<InboundAudio> {
    const media = await this.media(mediaRef);
    if (!media) throw new NotFoundException('Voice note not found');
    return { data: media.data, mimeType: media.mimeType };
  }

  async storeMedia(userId: number, data: Buffer, mimeType: string): Promise<string> {
    const id = randomUUID();
    await this.dataSource.query(`INSERT INTO simulator_media (id, user_id, mime_type, data) VALUES ($1, $2, $3, $4)`, [id, userId, mimeType.slice(0, 64), data]);
    return id;
  }

  async media(id: string, ownerId?: number): Promise<{ data: Buffer; mimeType: string; userId: number } | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const [row] = await this.dataSource.query(`SELECT data, mime_type, user_id FROM simulator_media WHERE id = $1`, [id]);
    if (!row || (ownerId !== undefined && row.user_id !== ownerId)) return null;
    return { data: Buffer.from(row.data), mimeType: row.mime_type, userId: row.user_id };
  }
}
