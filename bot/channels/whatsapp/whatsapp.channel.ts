import { Inject, Injectable } from '@nestjs/common';
import {
  ChannelSendError,
  type InboundAudio,
  type OutboundMessage,
  type ReplyButton,
  type SendResult,
} from '../channel.types';
import { splitText } from '../text-limits';
import { reminderVoiceMessage, type ReminderCapableChannel, type ReminderNotice, type ReminderSendResult } from '../reminder-notice';
import { WhatsappApiError } from './whatsapp-api.error';
import type { BusinessText, BusinessTextChannel, BusinessTextSendResult, WhatsappTemplate } from './whatsapp-business-text';
import { MediaHashMismatch, WhatsappGraphClient } from './whatsapp-graph.client';
import { VoiceIntegrityError } from '../channel.types';
import {
  WA_LIMITS,
  type WaMessage,
  interactiveBody,
  otpTemplateBody,
  templateBody,
  textBody,
  toRecipient,
  voiceBody,
  welcomeTemplateBody,
  broadcastTemplateBody,
  premiumTemplateBody,
  renewalTemplateBody,
} from './whatsapp-message.builder';
import { type ResolvedWhatsappOptions, WHATSAPP_OPTIONS } from './whatsapp-options';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Room for queueing and clock skew: a voice note that reaches Meta a bit late must still be in the window. */
const WINDOW_MARGIN_MS = 10 * 60 * 1000;
/** Meta's "re-engagement message" error: the 24 h window is closed. */
export const WINDOW_CLOSED_CODE = 131047;

/** Whether a free-form message sent now still falls inside the 24 h customer-service window. */
export function isWindowOpen(lastInboundAt: Date | null | undefined, now: Date): boolean {
  const last = lastInboundAt?.getTime();
  return last !== undefined && now.getTime() - last < DAY_MS - WINDOW_MARGIN_MS;
}

function isWindowClosedError(err: unknown): boolean {
  return err instanceof WhatsappApiError && err.code === WINDOW_CLOSED_CODE;
}

@Injectable()
export class WhatsappChannel implements ReminderCapableChannel, BusinessTextChannel {
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

  /**
   * A download that does not match its sha256 is tried once more (a fresh URL); a second
   * mismatch is reported as VoiceIntegrityError, which the intake answers politely.
   */
  async fetchVoice(mediaRef: string): Promise<InboundAudio> {
    for (let attempt = 1; ; attempt++) {
      const info = await this.graph.mediaInfo(mediaRef);
      try {
        return await this.graph.download(info);
      } catch (e) {
        if (!(e instanceof MediaHashMismatch)) throw e;
        if (attempt >= 2) throw new VoiceIntegrityError(e.message);
      }
    }
  }

  /**
   * Inside the 24 h window: the voice note and its buttons. Outside it (or when Meta says it is
   * closed): the approved template, whose quick-reply button brings the user back into a window.
   */
  async sendReminder(recipientId: string, notice: ReminderNotice, now: Date = new Date()): Promise<ReminderSendResult> {
    const done = notice.sentParts ?? new Set();
    if (done.has('template')) return { via: 'template' };
    if (done.has('voice') || isWindowOpen(notice.lastInboundAt, now)) {
      try {
        return { ...(await this.sendVoiceReminder(recipientId, notice)), via: 'voice' };
      } catch (err) {
        if (done.has('voice') || !isWindowClosedError(err)) throw err;
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
    await notice.onPartSent?.('template', providerMessageId);
    return { providerMessageId, via: 'template' };
  }

  /** The voice note, then its text with buttons, each skipped when already sent and recorded once accepted. */
  private async sendVoiceReminder(recipientId: string, notice: ReminderNotice): Promise<SendResult> {
    const to = toRecipient(recipientId);
    const done = notice.sentParts ?? new Set();
    let providerMessageId: string | undefined;
    if (!done.has('voice')) {
      if (notice.voice.length > WA_LIMITS.voiceBytes) {
        throw new ChannelSendError(`Voice note is ${notice.voice.length} bytes; WhatsApp plays at most ${WA_LIMITS.voiceBytes} as a voice message`, false);
      }
      const mediaId = notice.voiceMediaId ?? (await this.graph.uploadMedia(notice.voice, 'audio/ogg', 'rappel.ogg'));
      providerMessageId = await this.graph.sendMessage(voiceBody(to, mediaId));
      await notice.onPartSent?.('voice', providerMessageId);
    }
    if ((notice.caption || notice.buttons?.length) && !done.has('text')) {
      const textId = await this.sendText(to, notice.caption ?? '', notice.buttons);
      await notice.onPartSent?.('text', textId);
      providerMessageId ??= textId;
    }
    return { providerMessageId };
  }

  /** Uploads a voice note ahead of its sending (media ids stay valid for 30 days). */
  async uploadVoice(audio: Buffer): Promise<string> {
    return this.graph.uploadMedia(audio, 'audio/ogg', 'rappel.ogg');
  }

  /**
   * A text we start ourselves (reset code, welcome): as is inside the 24 h window, else (or when
   * Meta says the window is closed) as its approved template, which Meta delivers at any time.
   */
  async sendBusinessText(recipientId: string, message: BusinessText, now: Date = new Date()): Promise<BusinessTextSendResult> {
    const to = toRecipient(recipientId);
    let windowClosedByMeta = false;
    if (isWindowOpen(message.lastInboundAt, now)) {
      try {
        return { providerMessageId: await this.sendText(to, message.text, undefined), via: 'text' };
      } catch (err) {
        if (!isWindowClosedError(err)) throw err;
        windowClosedByMeta = true;
      }
    }
    const providerMessageId = await this.graph.sendMessage(businessTemplateBody(to, message.template));
    return { providerMessageId, via: 'template', ...(windowClosedByMeta ? { windowClosedByMeta } : {}) };
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

function businessTemplateBody(to: string, template: WhatsappTemplate): WaMessage {
  switch (template.kind) {
    case 'otp':
      return otpTemplateBody(to, template);
    case 'welcome':
      return welcomeTemplateBody(to, template);
    case 'broadcast':
      return broadcastTemplateBody(to, template);
    case 'premium':
      return premiumTemplateBody(to, template);
    case 'renewal':
      return renewalTemplateBody(to, template);
  }
}
