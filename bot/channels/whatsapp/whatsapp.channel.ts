import { Inject, Injectable } from '@nestjs/common';
import {
  ChannelSendError,
  type InboundAudio,
  type OutboundMessage,
  type ReplyButton,
  type SendResult,
} from '../channel.types';
import { splitText } from '../text-limits';
import type { ReminderCapableChannel, ReminderNotice, ReminderSendResult } from '../reminder-notice';
import { WhatsappApiError } from './whatsapp-api.error';
import { WhatsappGraphClient } from './whatsapp-graph.client';
import {
  WA_LIMITS,
  interactiveBody,
  templateBody,
  textBody,
  toRecipient,
  voiceBody,
} from './whatsapp-message.builder';
import { type ResolvedWhatsappOptions, WHATSAPP_OPTIONS } from './whatsapp-options';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Room for queueing and clock skew: a voice note that reaches Meta a bit late must still be in the window. */
const WINDOW_MARGIN_MS = 10 * 60 * 1000;
/** Meta's "re-engagement message" error: the 24 h window is closed. */
const WINDOW_CLOSED_CODE = 131047;

@Injectable()
export class WhatsappChannel implements ReminderCapableChannel {
  readonly name = 'whatsapp' as const;

  constructor(
    @Inject(WHATSAPP_OPTIONS) private readonly options: ResolvedWhatsappOptions,
    @Inject(WhatsappGraphClient) private readonly graph: WhatsappGraphClient,
  ) {}

  async send(recipientId: string, message: OutboundMessage): Promise<SendResult> {
    const to = toRecipient(recipientId);
    if (message.kind === 'text') return { providerMessageId: await this.sendText(to, message.text, message.buttons) };
    if (message.audio.length > WA_LIMITS.voiceBytes) {
      throw new ChannelSendError(
        `Voice note is ${message.audio.length} bytes; WhatsApp plays at most ${WA_LIMITS.voiceBytes} as a voice message`,
        false,
      );
    }
    // Uploaded media expire, so every voice note is uploaded just before it is sent.
    const mediaId = await this.graph.uploadMedia(message.audio, 'audio/ogg', 'rappel.ogg');
    const providerMessageId = await this.graph.sendMessage(voiceBody(to, mediaId));
    if (message.caption || message.buttons?.length) {
      await this.sendText(to, message.caption ?? '', message.buttons);
    }
    return { providerMessageId };
  }

  async fetchVoice(mediaRef: string): Promise<InboundAudio> {
    const info = await this.graph.mediaInfo(mediaRef);
    return this.graph.download(info);
  }

  /**
   * Inside the 24 h window: the voice note and its buttons. Outside it (or when Meta says it is
   * closed): the approved template, whose quick-reply button brings the user back into a window.
   */
  async sendReminder(recipientId: string, notice: ReminderNotice, now: Date = new Date()): Promise<ReminderSendResult> {
    const last = notice.lastInboundAt?.getTime();
    const windowOpen = last !== undefined && now.getTime() - last < DAY_MS - WINDOW_MARGIN_MS;
    if (windowOpen) {
      try {
        const sent = await this.send(recipientId, {
          kind: 'voice',
          audio: notice.voice,
          ...(notice.caption !== undefined ? { caption: notice.caption } : {}),
          ...(notice.buttons ? { buttons: notice.buttons } : {}),
        });
        return { ...sent, via: 'voice' };
      } catch (err) {
        if (!(err instanceof WhatsappApiError && err.code === WINDOW_CLOSED_CODE)) throw err;
      }
    }
    const providerMessageId = await this.graph.sendMessage(
      templateBody(toRecipient(recipientId), {
        name: this.options.reminderTemplate,
        languageCode: this.options.reminderTemplateLanguages[notice.language],
        subject: notice.subject,
        buttonPayload: notice.playButtonId,
      }),
    );
    return { providerMessageId, via: 'template' };
  }

  private async sendText(to: string, text: string, buttons: ReplyButton[] | undefined): Promise<string | undefined> {
    if (buttons && buttons.length > 0) {
      // Interactive bodies hold 1024 characters: anything longer goes first as plain text.
      const parts = text.length > WA_LIMITS.interactiveBody ? splitText(text, WA_LIMITS.interactiveBody) : [text];
      const last = parts.pop()!;
      let first: string | undefined;
      for (const part of parts) {
        const id = await this.graph.sendMessage(textBody(to, part));
        first ??= id;
      }
      const id = await this.graph.sendMessage(interactiveBody(to, last, buttons));
      return first ?? id;
    }
    if (text.trim() === '') throw new ChannelSendError('Refusing to send an empty WhatsApp text', false);
    let first: string | undefined;
    for (const part of splitText(text, WA_LIMITS.textBody)) {
      const id = await this.graph.sendMessage(textBody(to, part));
      first ??= id;
    }
    return first;
  }
}
