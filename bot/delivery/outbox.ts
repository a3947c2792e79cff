import { Inject, Injectable, Logger } from '@nestjs/common';
import { MessageLogService } from '../../api/live/message-log.service';
import { ChannelSendError, type OutboundMessage, type SendResult } from '../channels/channel.types';
import type { Route } from './channel-chooser';

export interface OutgoingMeta {
  userId: number | null;
  kind?: 'message' | 'reminder';
  reminderId?: number | null;
  details?: Record<string, unknown>;
}

/**
 * Sends one message on a route and logs it (direction outgoing, status sent or failed), which
 * also pushes it live. Every reply of the bot and every delivered reminder goes through here.
 */
@Injectable()
export class Outbox {
  private readonly logger = new Logger(Outbox.name);

  constructor(@Inject(MessageLogService) private readonly log: MessageLogService) {}

  async send(route: Route, message: OutboundMessage, meta: OutgoingMeta): Promise<SendResult> {
    try {
      const result = await route.channel.send(route.recipientId, message);
      await this.record(route, message, meta, result.providerMessageId, 'sent');
      return result;
    } catch (e) {
      await this.record(route, message, meta, undefined, 'failed', (e as Error).message).catch(() => undefined);
      throw e;
    }
  }

  /** Logs a message that was sent by other means (WhatsApp's template path of sendReminder). */
  async record(route: Route, message: OutboundMessage, meta: OutgoingMeta, providerMessageId: string | undefined, status: 'sent' | 'failed', error?: string): Promise<void> {
    const raw = message.kind === 'text' ? message.text : (message.caption ?? null);
    // Support staff read this log: a one-time code sent to a real messaging app must not be
    // readable there. In the simulator the log IS the user's chat, so the code stays visible.
    const text = meta.details?.purpose === 'otp' && route.name !== 'simulator' && raw ? raw.replace(/\d{4,}/g, (d) => '•'.repeat(d.length)) : raw;
    const simulatorMedia = route.name === 'simulator' && message.kind === 'voice' && providerMessageId?.startsWith('sim:') ? providerMessageId.slice(4) : undefined;
    try {
      await this.log.record({
        userId: meta.userId,
        channel: route.name,
        peerId: route.recipientId,
        direction: 'outgoing',
        kind: meta.kind ?? 'message',
        messageType: message.kind === 'voice' ? 'voice' : 'text',
        text,
        reminderId: meta.reminderId ?? null,
        providerMessageId: providerMessageId ?? null,
        status,
        error: error ?? null,
        details: {
          ...(meta.details ?? {}),
          ...(message.buttons?.length ? { buttons: message.buttons } : {}),
          ...(simulatorMedia ? { mediaId: simulatorMedia } : {}),
        },
      });
    } catch (e) {
      // The message went out; a logging failure must not make anyone send it again.
      this.logger.error(`Could not log an outgoing ${route.name} message: ${(e as Error).message}`);
    }
  }
}

export function isRetryable(e: unknown): boolean {
  return e instanceof ChannelSendError ? e.retryable : true;
}
