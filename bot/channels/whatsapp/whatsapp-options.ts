export interface WhatsappOptions {
  /** Graph API origin, without trailing slash. Default https://graph.facebook.com */
  apiBaseUrl?: string;
  /** Graph API version path segment. Default v23.0 */
  apiVersion?: string;
  /** The business phone number's id (not the number itself). */
  phoneNumberId: string;
  /** System-user access token with whatsapp_business_messaging. */
  accessToken: string;
  /** App secret: signs webhook deliveries (X-Hub-Signature-256). */
  appSecret: string;
  /** Our choice, typed in the app dashboard; echoed in the GET verification handshake. */
  verifyToken: string;
  /**
   * Name of the approved template sent outside the 24 h window: one body variable (the reminder
   * subject) and one quick-reply button (its payload is set per message).
   */
  reminderTemplate: string;
  /** Template language code per user language. Default { fr: 'fr', en: 'en_US' } */
  reminderTemplateLanguages?: { fr: string; en: string };
  /** Per-request timeout. Default 15000 */
  requestTimeoutMs?: number;
}

export type ResolvedWhatsappOptions = Required<WhatsappOptions>;

export const WHATSAPP_OPTIONS = Symbol('WHATSAPP_OPTIONS');

export function resolveWhatsappOptions(options: WhatsappOptions): ResolvedWhatsappOptions {
  return {
    ...options,
    apiBaseUrl: (options.apiBaseUrl ?? 'https://graph.facebook.com').replace(/\/+$/, ''),
    apiVersion: options.apiVersion ?? 'v23.0',
    reminderTemplateLanguages: options.reminderTemplateLanguages ?? { fr: 'fr', en: 'en_US' },
    requestTimeoutMs: options.requestTimeoutMs ?? 15_000,
  };
}
