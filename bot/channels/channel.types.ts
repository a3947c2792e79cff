/**
 * The one shape every messaging channel speaks towards the conversation, whatever its wire
 * format. Channel adapters (whatsapp/, telegram/, simulator/) translate to and from these and
 * hold no rules of their own.
 */
export type ChannelName = 'whatsapp' | 'telegram' | 'simulator';

export interface InboundAudio {
  /** Raw bytes of the voice note as the app delivered it (usually OGG/Opus). */
  data: Buffer;
  mimeType: string;
  durationSeconds?: number;
}

export interface InboundMessage {
  channel: ChannelName;
  /** Stable id of the sender on that channel: E.164 phone on WhatsApp, chat id on Telegram, user id in the simulator. */
  senderId: string;
  /** Display name the app gives for the sender, when it gives one. */
  senderName?: string;
  /**
   * Provider's durable id of this message, never reused (WhatsApp wamid; on Telegram "<chat id>:<message id>"
   * or "cb:<callback query id>"; simulator uuid): intake records each one once.
   */
  messageId: string;
  /**
   * The provider's id of this delivery when it may be reused later (Telegram's update_id, which
   * restarts at random after a quiet week): intake also refuses a delivery id it recorded within
   * the last DELIVERY_ID_WINDOW_HOURS, and only then.
   */
  deliveryId?: string;
  receivedAt: Date;
  /** Best guess of the sender's language from the app (Telegram language_code), if any. */
  languageHint?: string;
  kind: 'text' | 'voice' | 'button' | 'contact' | 'command' | 'location';
  text?: string;
  /** kind 'voice': fetched lazily because media download is slow and must not block the webhook. */
  voice?: { mediaRef: string; mimeType?: string; durationSeconds?: number };
  /** kind 'button': the payload id of the reply button / callback query that was tapped. */
  buttonId?: string;
  /** kind 'contact': a phone number the user shared (Telegram). */
  contactPhone?: string;
  /** kind 'location': a place the user shared (Telegram), which sets their time zone. */
  location?: { latitude: number; longitude: number };
}

export interface ReplyButton {
  /** Opaque payload echoed back in InboundMessage.buttonId (at most 64 bytes for Telegram). */
  id: string;
  /** Visible title; WhatsApp allows at most 20 characters and 3 buttons. */
  title: string;
}

export type OutboundMessage =
  | { kind: 'text'; text: string; buttons?: ReplyButton[] }
  | {
      kind: 'voice';
      /** Mono OGG/Opus bytes. */
      audio: Buffer;
      /** Text shown with the voice note (Telegram caption) or sent right after it. */
      caption?: string;
      buttons?: ReplyButton[];
    };

export interface SendResult {
  /** Provider's id of the message sent, for status callbacks. */
  providerMessageId?: string;
}

/** Thrown by a channel when sending failed; `retryable` tells the dispatcher whether to try again. */
export class ChannelSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ChannelSendError';
  }
}

export interface MessagingChannel {
  readonly name: ChannelName;
  /** Sends one message to a recipient (same id space as InboundMessage.senderId). */
  send(recipientId: string, message: OutboundMessage): Promise<SendResult>;
  /** Downloads the audio of an inbound voice note (InboundMessage.voice.mediaRef). */
  fetchVoice(mediaRef: string): Promise<InboundAudio>;
}

/** A voice note that arrived damaged (its bytes do not match the provider's hash, twice). */
export class VoiceIntegrityError extends Error {}
