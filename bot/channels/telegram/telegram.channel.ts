import { Inject, Injectable, Logger } from '@nestjs/common';
import { Bot, InputFile } from 'grammy';
import type { InlineKeyboardMarkup } from 'grammy/types';
import {
  ChannelSendError,
  type InboundAudio,
  type OutboundMessage,
  type ReplyButton,
  type SendResult,
} from '../channel.types';
import { reminderVoiceMessage, type ReminderCapableChannel, type ReminderNotice, type ReminderSendResult } from '../reminder-notice';
import { splitText } from '../text-limits';
import { type ResolvedTelegramOptions, TELEGRAM_BOT, TELEGRAM_OPTIONS } from './telegram-options';
import { isVoiceForbidden, toTelegramSendError } from './telegram-send-error';

const TEXT_MAX = 4096;
const CAPTION_MAX = 1024;
const CALLBACK_DATA_MAX_BYTES = 64;

@Injectable()
export class TelegramChannel implements ReminderCapableChannel {
  readonly name = 'telegram' as const;
  private readonly logger = new Logger(TelegramChannel.name);

  constructor(
    @Inject(TELEGRAM_BOT) private readonly bot: Bot,
    @Inject(TELEGRAM_OPTIONS) private readonly options: ResolvedTelegramOptions,
  ) {}

  async send(recipientId: string, message: OutboundMessage): Promise<SendResult> {
    const chatId = toChatId(recipientId);
    try {
      if (message.kind === 'text') return await this.sendText(chatId, message.text, message.buttons);
      return await this.sendVoice(chatId, message.audio, message.caption, message.buttons);
    } catch (err) {
      throw toTelegramSendError(err);
    }
  }

  /** Telegram has no 24 h window: a reminder is always the voice note itself. */
  async sendReminder(recipientId: string, notice: ReminderNotice): Promise<ReminderSendResult> {
    // One message (voice, caption and buttons): one part.
    if (notice.sentParts?.has('voice')) return { via: 'voice' };
    const sent = await this.send(recipientId, reminderVoiceMessage(notice));
    await notice.onPartSent?.('voice', sent.providerMessageId);
    return { ...sent, via: 'voice' };
  }

  async fetchVoice(mediaRef: string): Promise<InboundAudio> {
    let filePath: string | undefined;
    try {
      filePath = (await this.bot.api.getFile(mediaRef)).file_path;
    } catch (err) {
      throw toTelegramSendError(err);
    }
    if (!filePath) throw new ChannelSendError('Telegram getFile gave no file_path (file over 20 MB?)', false);
    // The URL embeds the bot token: it must never reach a log or an error message.
    const url = `${this.options.apiRoot}/file/bot${this.options.botToken}/${filePath}`;
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
    } catch (err) {
      throw new ChannelSendError(`Telegram file download failed: ${(err as Error).name}`, true);
    }
    if (!res.ok) throw new ChannelSendError(`Telegram file download failed: HTTP ${res.status}`, res.status >= 500);
    const data = Buffer.from(await res.arrayBuffer());
    return { data, mimeType: mimeFromPath(filePath) };
  }

  private async sendText(chatId: number | string, text: string, buttons?: ReplyButton[]): Promise<SendResult> {
    if (text.trim() === '') throw new ChannelSendError('Refusing to send an empty Telegram text', false);
    const parts = splitText(text, TEXT_MAX);
    let first: SendResult | undefined;
    for (let i = 0; i < parts.length; i++) {
      const isLast = i === parts.length - 1;
      const sent = await this.bot.api.sendMessage(chatId, parts[i], isLast ? markup(buttons) : {});
      first ??= { providerMessageId: `${sent.chat.id}:${sent.message_id}` };
    }
    return first!;
  }

  /**
   * Voice note first; users who forbid voice messages (a Premium privacy setting) get the same
   * file as an audio track, and if even that fails, the caption as text.
   */
  private async sendVoice(chatId: number | string, audio: Buffer, caption?: string, buttons?: ReplyButton[]): Promise<SendResult> {
    const captionFits = !caption || caption.length <= CAPTION_MAX;
    const extra = { ...(captionFits && caption ? { caption } : {}), ...(captionFits ? markup(buttons) : {}) };
    let sent;
    try {
      sent = await this.bot.api.sendVoice(chatId, new InputFile(audio, 'rappel.ogg'), extra);
    } catch (err) {
      if (!isVoiceForbidden(err)) throw err;
      this.logger.debug(`Chat ${chatId} forbids voice messages; sending as audio`);
      try {
        sent = await this.bot.api.sendAudio(chatId, new InputFile(audio, 'rappel.ogg'), extra);
      } catch (audioErr) {
        const mapped = toTelegramSendError(audioErr);
        if (mapped.retryable || !caption) throw mapped;
        return this.sendText(chatId, caption, buttons);
      }
    }
    const result = { providerMessageId: `${sent.chat.id}:${sent.message_id}` };
    if (!captionFits) await this.sendText(chatId, caption!, buttons);
    return result;
  }
}

function markup(buttons?: ReplyButton[]): { reply_markup?: InlineKeyboardMarkup } {
  if (!buttons || buttons.length === 0) return {};
  for (const b of buttons) {
    // callback_data is echoed back verbatim; a cut payload would be unrecognisable.
    if (Buffer.byteLength(b.id) > CALLBACK_DATA_MAX_BYTES || b.id.length === 0) {
      throw new ChannelSendError(`Telegram button data must be 1-${CALLBACK_DATA_MAX_BYTES} bytes: ${b.id}`, false);
    }
  }
  return { reply_markup: { inline_keyboard: buttons.map((b) => [{ text: b.title, callback_data: b.id }]) } };
}

/** Chat ids are integers; keep anything else (a @channel username) as given. */
function toChatId(recipientId: string): number | string {
  return /^-?\d+$/.test(recipientId) ? Number(recipientId) : recipientId;
}

function mimeFromPath(path: string): string {
  if (/\.(oga|ogg|opus)$/i.test(path)) return 'audio/ogg';
  if (/\.mp3$/i.test(path)) return 'audio/mpeg';
  if (/\.(m4a|mp4)$/i.test(path)) return 'audio/mp4';
  if (/\.wav$/i.test(path)) return 'audio/wav';
  return 'application/octet-stream';
}
