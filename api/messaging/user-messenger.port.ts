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
  | { purpose: 'welcome'; url: string }
  /**
   * The code that proves a claimed number (typed back in the portal). The one message that may
   * go to a number nobody proved yet: only to that number, only as the authentication template.
   */
  | { purpose: 'phone-proof'; code: string }
  /** The thank-you when Premium starts: utility template, the next renewal date as its variable. */
  | { purpose: 'premium-started'; renewsOn: string }
  /** The notice before a yearly renewal: utility template, the renewal date and the amount. */
  | { purpose: 'renewal'; renewsOn: string; amount: string };

export interface UserMessenger {
  /** Sends on the route ChannelChooser picks: never to a number that is only claimed (except 'phone-proof'). */
  sendText(recipient: MessengerRecipient, text: string, about?: MessagePurpose): Promise<void>;
  /**
   * The landing form's welcome to a number that has no account yet (POST /api/whatsapp/link):
   * the visitor asked for it; the caller enforces one per number per 24 h, the daily cap and opt-outs.
   * Returns false when no channel could carry it.
   */
  sendFirstContact(phoneNumber: string, language: 'fr' | 'en', text: string, about: { purpose: 'welcome'; url: string }): Promise<boolean>;
}

export const USER_MESSENGER = Symbol('USER_MESSENGER');
