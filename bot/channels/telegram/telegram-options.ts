import { createHmac } from 'node:crypto';

export interface TelegramOptions {
  botToken: string;
  /** Bot API origin, without trailing slash. Default https://api.telegram.org */
  apiRoot?: string;
  /**
   * Sent by Telegram in X-Telegram-Bot-Api-Secret-Token; 1-256 chars of A-Z a-z 0-9 _ -.
   * Default: derived from the bot token, so every instance agrees on it without configuration.
   */
  webhookSecret?: string;
  /**
   * Public HTTPS origin of this server (https://rappel.example). Set: updates come by webhook
   * at `${publicUrl}/api/telegram/webhook`. Unset or not https (Telegram only calls HTTPS): this
   * instance long-polls (one instance only: Telegram answers 409 to a second poller).
   */
  publicUrl?: string;
  /** Start polling / register the webhook when the app boots. Default true; tests turn it off. */
  autoStart?: boolean;
}

export type ResolvedTelegramOptions = TelegramOptions & { apiRoot: string; autoStart: boolean; webhookSecret: string };

export const TELEGRAM_OPTIONS = Symbol('TELEGRAM_OPTIONS');
/** The grammY Bot instance shared by the channel, the webhook and the poller. */
export const TELEGRAM_BOT = Symbol('TELEGRAM_BOT');

export function resolveTelegramOptions(options: TelegramOptions): ResolvedTelegramOptions {
  return {
    ...options,
    apiRoot: (options.apiRoot ?? 'https://api.telegram.org').replace(/\/+$/, ''),
    autoStart: options.autoStart ?? true,
    webhookSecret: options.webhookSecret || deriveWebhookSecret(options.botToken),
    publicUrl: options.publicUrl?.startsWith('https://') ? options.publicUrl : undefined,
  };
}

/** Anyone holding the bot token can reconfigure the bot anyway, so a secret derived from it leaks nothing new. */
function deriveWebhookSecret(botToken: string): string {
  return createHmac('sha256', botToken).update('rappel telegram webhook').digest('hex');
}

export const TELEGRAM_WEBHOOK_PATH = 'api/telegram/webhook';
