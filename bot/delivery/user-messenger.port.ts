/**
 * Sends a plain text to a user on whatever channel reaches them (password-reset codes, welcome
 * messages). The channels layer provides the real binding; the embedded one logs.
 */
export interface MessengerRecipient {
  id: number;
  phoneNumber: string | null;
  telegramChatId?: string | null;
  language: 'fr' | 'en';
}

export interface UserMessenger {
  sendText(recipient: MessengerRecipient, text: string): Promise<void>;
}

export const USER_MESSENGER = Symbol('USER_MESSENGER');
