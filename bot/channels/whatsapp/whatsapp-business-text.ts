import type { MessagingChannel } from '../channel.types';

/**
 * An approved template standing in for a text we start ourselves (not a reply). Each kind has the
 * variables of its approved wording; see infra/README.md for the templates Meta must approve.
 */
export type WhatsappTemplate =
  /** Authentication category, copy-code button: the code fills the body and the button. */
  | { kind: 'otp'; name: string; languageCode: string; code: string }
  /** Utility category: the portal link is the body's one variable. */
  | { kind: 'welcome'; name: string; languageCode: string; url: string }
  /** Marketing category: a back-office broadcast; the message is the body's one variable. */
  | { kind: 'broadcast'; name: string; languageCode: string; message: string }
  /** Utility category: the thank-you when Premium starts; the next renewal date is the body's one variable. */
  | { kind: 'premium'; name: string; languageCode: string; renewsOn: string }
  /** Utility category: the notice before a yearly renewal; the renewal date and the amount are the body's variables. */
  | { kind: 'renewal'; name: string; languageCode: string; renewsOn: string; amount: string };

export interface BusinessText {
  /** The free-form text, sent as is while the user's 24 h window is open. */
  text: string;
  /** What goes instead once the window is closed. */
  template: WhatsappTemplate;
  /** When the user last wrote to us on WhatsApp; null/undefined = never or unknown. */
  lastInboundAt?: Date | null;
}

export interface BusinessTextSendResult {
  providerMessageId?: string;
  /** 'text': the free-form text went out; 'template': the approved template did. */
  via: 'text' | 'template';
  /** Set when the window looked open but Meta answered 131047, so the template was sent instead. */
  windowClosedByMeta?: boolean;
}

/** A channel that may refuse free-form texts outside a window and knows which template to send then. */
export interface BusinessTextChannel extends MessagingChannel {
  sendBusinessText(recipientId: string, message: BusinessText, now?: Date): Promise<BusinessTextSendResult>;
}

export function isBusinessTextChannel(channel: MessagingChannel): channel is BusinessTextChannel {
  return typeof (channel as Partial<BusinessTextChannel>).sendBusinessText === 'function';
}
