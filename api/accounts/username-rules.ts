/**
 * Usernames people choose may not look like a phone number (they would shadow that number's
 * owner at sign-in and block the account its first WhatsApp message creates) nor like the
 * names the bot gives its own accounts ("tg<chat id>", "wa<number>").
 */
export const USERNAME_RESERVED_MESSAGE = 'This username is not allowed: it may not look like a phone number.';

export function isReservedUsername(name: string): boolean {
  const compact = name.replace(/[\s().\-_]/g, '');
  if (/^(\+|00)?\d{5,}$/.test(compact)) return true;
  if (/^(tg|wa)[+-]?\d+/i.test(compact)) return true;
  return false;
}
