import type { MessagingChannel, OutboundMessage, ReplyButton } from './channel.types';

/**
 * A due reminder as a channel delivers it. Channels differ here: WhatsApp may only send free-form
 * messages within 24 h of the user's last message and otherwise needs an approved template, so
 * the delivery layer hands over everything either path needs and lets the channel choose.
 */
export interface ReminderNotice {
  /** Reminder subject; the template's body parameter outside the WhatsApp 24 h window. */
  subject: string;
  language: 'fr' | 'en';
  /** Mono OGG/Opus voice note, generated at send time. */
  voice: Buffer;
  /** Text sent with or right after the voice note. */
  caption?: string;
  buttons?: ReplyButton[];
  /** When the user last wrote to us on this channel; null/undefined = never or unknown. */
  lastInboundAt?: Date | null;
  /**
   * Payload of the template's quick-reply button (e.g. `play:<reminderId>`). Tapping it comes
   * back as an InboundMessage of kind 'button' with this buttonId, which opens the 24 h window
   * so the conversation can then send the voice note itself.
   */
  playButtonId: string;
  /** Parts an earlier attempt already sent: a retry sends only the rest. */
  sentParts?: ReadonlySet<ReminderPart>;
  /** Awaited as soon as the provider accepted a part, before the next part is sent. */
  onPartSent?: (part: ReminderPart, providerMessageId?: string) => Promise<void>;
  /** A provider media id for `voice` uploaded ahead (WhatsApp), still valid: sending is one call. */
  voiceMediaId?: string;
}

/** 'voice': the voice note (on Telegram, with its caption and buttons); 'text': its text with buttons; 'template': WhatsApp's invitation outside the window. */
export type ReminderPart = 'voice' | 'text' | 'template';

export interface ReminderSendResult {
  providerMessageId?: string;
  /** 'voice': the voice note itself went out; 'template': only the invitation to play it did. */
  via: 'voice' | 'template';
}

export interface ReminderCapableChannel extends MessagingChannel {
  sendReminder(recipientId: string, notice: ReminderNotice, now?: Date): Promise<ReminderSendResult>;
}

/** The reminder itself as a voice note with its caption and buttons (inside WhatsApp's window, always on Telegram). */
export function reminderVoiceMessage(notice: ReminderNotice): OutboundMessage {
  return {
    kind: 'voice',
    audio: notice.voice,
    ...(notice.caption !== undefined ? { caption: notice.caption } : {}),
    ...(notice.buttons ? { buttons: notice.buttons } : {}),
  };
}

export function isReminderCapable(channel: MessagingChannel): channel is ReminderCapableChannel {
  return typeof (channel as Partial<ReminderCapableChannel>).sendReminder === 'function';
}

/** A channel that can upload a voice note ahead of sending it (WhatsApp: media ids stay valid 30 days). */
export interface VoiceUploadingChannel extends MessagingChannel {
  uploadVoice(audio: Buffer): Promise<string>;
}

export function canUploadVoiceAhead(channel: MessagingChannel): channel is VoiceUploadingChannel {
  return typeof (channel as Partial<VoiceUploadingChannel>).uploadVoice === 'function';
}
