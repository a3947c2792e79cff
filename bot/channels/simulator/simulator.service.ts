import { randomUUID } from 'node:crypto';
import { BadRequestException, Inject, Injectable, OnModuleInit, PayloadTooLargeException } from '@nestjs/common';
import type { User } from '../../../api/accounts/user.entity';
import { RateLimitService, TooManyRequests } from '../../../api/common/rate-limit.service';
import { LiveGateway } from '../../../api/live/live.gateway';
import type { InboundMessage } from '../channel.types';
import { ChannelSinks } from '../channel-sinks.service';
import { SimulatorChannel } from './simulator.channel';

export interface SimulatorInput {
  text?: unknown;
  /** Base64 audio recorded in the browser (MediaRecorder: WebM/Opus or Ogg/Opus). */
  audio?: unknown;
  mimeType?: unknown;
  /** A reply button the user tapped, and its title. */
  buttonId?: unknown;
  title?: unknown;
}

const MAX_AUDIO_BYTES = 4 * 1024 * 1024;
const MAX_TEXT = 4096;

/** Simulator voice uploads per user per hour (each is stored and sent to speech-to-text). */
export const SIMULATOR_UPLOADS_PER_HOUR = 30;

/**
 * Turns what the simulator page sends (HTTP or the /ws live channel) into an InboundMessage and
 * hands it to the same intake as the webhooks of the real apps.
 */
@Injectable()
export class SimulatorService implements OnModuleInit {
  constructor(
    @Inject(SimulatorChannel) private readonly channel: SimulatorChannel,
    @Inject(ChannelSinks) private readonly sinks: ChannelSinks,
    @Inject(LiveGateway) private readonly live: LiveGateway,
    @Inject(RateLimitService) private readonly limits: RateLimitService,
  ) {}

  onModuleInit(): void {
    this.live.handle('simulator', (user, msg) => this.receive(user, msg as SimulatorInput));
  }

  async receive(user: Pick<User, 'id' | 'displayName' | 'language'>, input: SimulatorInput): Promise<{ messageId: string }> {
    const base = {
      channel: 'simulator' as const,
      senderId: String(user.id),
      messageId: randomUUID(),
      receivedAt: new Date(),
      languageHint: user.language,
      ...(user.displayName ? { senderName: user.displayName } : {}),
    };
    let msg: InboundMessage;
    if (typeof input.audio === 'string' && input.audio.length > 0) {
      const data = Buffer.from(input.audio.replace(/^data:[^,]*,/, ''), 'base64');
      if (data.length === 0) throw new BadRequestException('audio must be base64');
      if (data.length > MAX_AUDIO_BYTES) throw new PayloadTooLargeException('Voice note too large');
      // Each upload is stored and transcribed: a user may send SIMULATOR_UPLOADS_PER_HOUR an hour.
      const hit = await this.limits.hit(`sim-upload:${user.id}`, SIMULATOR_UPLOADS_PER_HOUR, 3600);
      if (!hit.allowed) throw new TooManyRequests('Too many voice notes in a short time. Please wait a little.', hit.retryAfterSeconds);
      const mimeType = typeof input.mimeType === 'string' && /^audio\/[\w.+-]+(;.*)?$/.test(input.mimeType) ? input.mimeType.split(';')[0] : 'audio/webm';
      const mediaRef = await this.channel.storeMedia(user.id, data, mimeType);
      msg = { ...base, kind: 'voice', voice: { mediaRef, mimeType } };
    } else if (typeof input.buttonId === 'string' && input.buttonId.length > 0 && input.buttonId.length <= 64) {
      // The title is what the user saw and tapped; the log shows it, as WhatsApp's own replies do.
      const title = typeof input.title === 'string' ? input.title.slice(0, 64) : undefined;
      msg = { ...base, kind: 'button', buttonId: input.buttonId, ...(title ? { text: title } : {}) };
    } else if (typeof input.text === 'string' && input.text.trim().length > 0) {
      if (input.text.length > MAX_TEXT) throw new BadRequestException(`text must be at most ${MAX_TEXT} characters`);
      const text = input.text.trim();
      msg = text.startsWith('/') ? { ...base, kind: 'command', text } : { ...base, kind: 'text', text };
    } else {
      throw new BadRequestException('Send text, audio or buttonId');
    }
    await this.sinks.inbound().accept(msg);
    return { messageId: msg.messageId };
  }
}
