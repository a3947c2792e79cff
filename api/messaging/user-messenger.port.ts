/**
 * Sends a text we start ourselves (password-reset codes, welcome messages) to a user on whatever
 * channel reaches them. The channels layer provides the real binding; the embedded one logs.
 */
export interface MessengerRecipient {
  id: number;
  phoneNumber: string | null;
  telegramChatId?: string | null;
  language: 'fr' | 'en';
}

/**
 * What the text is. WhatsApp delivers free-form texts only within 24 h of the user's last
 * message; outside that window it needs an approved template, and the template is chosen from
 * this (with its variables). Telegram and the simulator send the text alone.
 */
export type MessagePurpose =
  /** A one-time code (password reset): authentication template with a copy-code button. */
  | { purpose: 'otp'; code: string }
  /** The link form's welcome, with the portal link: preferably on WhatsApp, where it was asked for. */
  | { purpose: 'welcome'; url: string };

export interface UserMessenger {
  sendText(recipient: MessengerRecipient, text: string, about?: MessagePurpose): Promise<void>;
}

export const USER_MESSENGER = Symbol('USER_MESSENGER');
