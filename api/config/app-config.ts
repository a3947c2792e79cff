import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * The one place that reads process.env. Everything else receives a typed AppConfig through the
 * APP_CONFIG token. Variables of a provider are only required when that provider is enabled.
 */
export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  logLevel: string;
  trustProxy: boolean;
  bodyLimit: string;
  database: { url?: string; dataDir: string; embeddedPort: number; logging: boolean };
  session: { ttlDays: number; cookieName: string; secureCookies: 'auto' | boolean };
  admin: { username?: string; password?: string };
  rateLimit: {
    windowSeconds: number;
    maxPerIp: number;
    maxPerPhone: number;
    /** Welcomes the anonymous link form (POST /api/whatsapp/link) may send in a day, all numbers together. */
    linkDailyCap: number;
  };
  web: { portalDir: string; adminDir: string };
  whatsapp?: {
    apiBaseUrl: string;
    apiVersion: string;
    phoneNumberId: string;
    accessToken: string;
    appSecret: string;
    verifyToken: string;
    businessNumber?: string;
    reminderTemplate: string;
    /** Template of the link form's welcome outside the 24 h window; its one body variable is the portal link. */
    welcomeTemplate: string;
    /** Authentication template (copy-code button) carrying password-reset codes outside the 24 h window. */
    otpTemplate: string;
    /** Marketing template carrying a back-office broadcast outside the 24 h window; its one body variable is the message. */
    broadcastTemplate: string;
    /** Utility template of the thank-you when Premium starts, outside the 24 h window; its one body variable is the next renewal date. */
    premiumTemplate: string;
    /** Utility template of the notice before a yearly renewal, outside the 24 h window; body variables: the renewal date, the amount. */
    renewalTemplate: string;
    /** Language code of every template above, per user language. */
    reminderTemplateLanguages: { fr: string; en: string };
  };
  telegram?: { botToken: string; apiRoot: string; webhookSecret?: string; botUsername?: string };
  openai?: { apiKey: string; baseUrl?: string; sttModel: string; ttsModel: string; ttsVoice: string };
  ffmpegPath?: string;
  simulator: boolean;
  /** Days the message log is kept (MESSAGE_LOG_RETENTION_DAYS). */
  messageLogRetentionDays: number;
  /** Back-office broadcasts: CAMPAIGN_BATCH_SIZE recipients every CAMPAIGN_BATCH_INTERVAL_S seconds. */
  campaigns: { batchSize: number; batchIntervalS: number };
  /**
   * Payments: `stripe` with keys; `test` = the embedded test-mode checkout (no keys, outside
   * production); `off` = production without keys (the pricing screen says payments are closed).
   */
  payments: {
    mode: 'stripe' | 'test' | 'off';
    stripe?: { secretKey: string; webhookSecret: string; publishableKey?: string; apiBase?: { host: string; port: number; protocol: 'http' | 'https' } };
    /** Stripe price ids; when unset the server sends inline price_data from its own table. */
    prices: { monthly?: string; yearly?: string };
    /** Share of each paid amount owed to the referring partner (0.2 = 20 %). */
    commissionRate: number;
    /** Days before a yearly renewal when the bot tells the user. */
    renewalNoticeDays: number;
  };
  dispatcher: {
    enabled: boolean;
    pollIntervalMs: number;
    batchSize: number;
    leaseSeconds: number;
    maxAttempts: number;
    rates: Record<string, number>;
    /** Sends per second to one chat, for the channels that limit it (Telegram: about 1). */
    recipientRates: Record<string, number>;
    /** Voice notes are made this long before their reminder is due (or at once when it is sooner). */
    renderAheadSeconds: number;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Env = Record<string, string | undefined>;

/** The repository root, whether running from sources (api/config) or the build (dist/api/config). */
function projectRoot(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

export function loadConfig(env: Env = process.env): AppConfig {
  const problems: string[] = [];
  const str = (name: string, fallback?: string): string | undefined => {
    const v = env[name];
    return v === undefined || v.trim() === '' ? fallback : v.trim();
  };
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = str(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
      return fallback;
    }
    return n;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = str(name);
    if (raw === undefined) return fallback;
    if (/^(1|true|yes|on)$/i.test(raw)) return true;
    if (/^(0|false|no|off)$/i.test(raw)) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  };
  const url = (name: string, fallback?: string): string | undefined => {
    const raw = str(name, fallback);
    if (raw === undefined) return undefined;
    try {
      new URL(raw);
    } catch {
      problems.push(`${name} must be an absolute URL (got "${raw}")`);
    }
    return raw.replace(/\/+$/, '');
  };
  /** Meta only accepts template names of lowercase letters, digits and underscores. */
  const templateName = (name: string, fallback: string): string => {
    const raw = str(name, fallback)!;
    if (!/^[a-z0-9_]{1,512}$/.test(raw)) problems.push(`${name} must be a WhatsApp template name: lowercase letters, digits and underscores (got "${raw}")`);
    return raw;
  };
  /** A group of variables is all-or-nothing: set one and the others become required. */
  const group = <K extends string>(label: string, names: Record<K, string>, optional: string[] = []) => {
    const values = Object.fromEntries(Object.entries(names).map(([k, n]) => [k, str(n as string)])) as Record<K, string | undefined>;
    const set = Object.values(values).filter((v) => v !== undefined).length;
    if (set === 0) return undefined;
    const missing = Object.entries(names)
      .filter(([k, n]) => values[k as K] === undefined && !optional.includes(n as string))
      .map(([, n]) => n);
    if (missing.length) {
      problems.push(`${label} is partly configured: also set ${missing.join(', ')}`);
      return undefined;
    }
    return values as Record<K, string>;
  };

  const nodeEnv = str('NODE_ENV', 'development');
  if (!['development', 'production', 'test'].includes(nodeEnv!)) {
    problems.push(`NODE_ENV must be development, production or test (got "${nodeEnv}")`);
  }
  const port = int('PORT', 3000, 0, 65535);
  const databaseUrl = str('DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  const dataDir = path.resolve(str('DATA_DIR', './data')!);

  const wa = group('WhatsApp', {
    phoneNumberId: 'WHATSAPP_PHONE_NUMBER_ID',
    accessToken: 'WHATSAPP_ACCESS_TOKEN',
    appSecret: 'WHATSAPP_APP_SECRET',
    verifyToken: 'WHATSAPP_VERIFY_TOKEN',
  });
  const tg = str('TELEGRAM_BOT_TOKEN');
  if (tg && !/^\d+:[A-Za-z0-9_-]{20,}$/.test(tg)) {
    problems.push('TELEGRAM_BOT_TOKEN does not look like a bot token (digits:secret)');
  }
  const openaiKey = str('OPENAI_API_KEY');
  const adminUser = str('ADMIN_USERNAME');
  const adminPass = str('ADMIN_PASSWORD');
  if ((adminUser && !adminPass) || (!adminUser && adminPass)) {
    problems.push('ADMIN_USERNAME and ADMIN_PASSWORD go together: set both or neither');
  }
  if (adminPass && adminPass.length < 8) problems.push('ADMIN_PASSWORD must be at least 8 characters');

  const rates: Record<string, number> = {
    whatsapp: int('WHATSAPP_RATE_PER_SECOND', 80, 1, 10000),
    telegram: int('TELEGRAM_RATE_PER_SECOND', 25, 1, 10000),
    simulator: int('SIMULATOR_RATE_PER_SECOND', 1000, 1, 100000),
  };

  const stripe = group('Stripe', { secretKey: 'STRIPE_SECRET_KEY', webhookSecret: 'STRIPE_WEBHOOK_SECRET', publishableKey: 'STRIPE_PUBLISHABLE_KEY' }, ['STRIPE_PUBLISHABLE_KEY']);
  const stripeBase = url('STRIPE_API_BASE');
  const commissionRaw = str('COMMISSION_RATE', '0.2')!;
  const commissionRate = Number(commissionRaw);
  if (!Number.isFinite(commissionRate) || commissionRate < 0 || commissionRate > 1) problems.push(`COMMISSION_RATE must be a number between 0 and 1 (got "${commissionRaw}")`);

  const publicUrl = url('PUBLIC_URL', `http://localhost:${port || 3000}`)!;
  const secure = str('SECURE_COOKIES', 'auto')!;
  if (nodeEnv === 'production' && publicUrl.startsWith('https:') && secure !== 'auto' && !bool('SECURE_COOKIES', true)) {
    // Tests turn Secure off to speak http to an https-named app; in production that would send the session cookie in clear.
    problems.push('SECURE_COOKIES=false cannot be used in production with an https PUBLIC_URL: the session cookie must be Secure');
  }
  const config: AppConfig = {
    env: nodeEnv as AppConfig['env'],
    port,
    host: str('HOST', '0.0.0.0')!,
    publicUrl,
    logLevel: str('LOG_LEVEL', nodeEnv === 'test' ? 'warn' : 'info')!,
    trustProxy: bool('TRUST_PROXY', false),
    bodyLimit: str('BODY_LIMIT', '2mb')!,
    database: {
      url: databaseUrl,
      dataDir,
      embeddedPort: int('EMBEDDED_DB_PORT', 0, 0, 65535),
      logging: bool('DB_LOGGING', false),
    },
    session: {
      ttlDays: int('SESSION_TTL_DAYS', 30, 1, 365),
      cookieName: str('SESSION_COOKIE', 'rappel.sid')!,
      secureCookies: secure === 'auto' ? 'auto' : bool('SECURE_COOKIES', false),
    },
    admin: { username: adminUser, password: adminPass },
    rateLimit: {
      windowSeconds: int('RATE_LIMIT_WINDOW_SECONDS', 900, 1, 86400),
      maxPerIp: int('RATE_LIMIT_MAX_PER_IP', 50, 1, 100000),
      maxPerPhone: int('RATE_LIMIT_MAX_PER_PHONE', 10, 1, 100000),
      linkDailyCap: int('LINK_DAILY_CAP', 200, 0, 1_000_000),
    },
    web: {
      portalDir: path.resolve(str('PORTAL_DIR', path.join(projectRoot(), 'portal/dist'))!),
      adminDir: path.resolve(str('ADMIN_DIR', path.join(projectRoot(), 'admin/dist'))!),
    },
    whatsapp: wa
      ? {
          ...wa,
          apiBaseUrl: url('WHATSAPP_API_BASE_URL', 'https://graph.facebook.com')!,
          apiVersion: str('WHATSAPP_API_VERSION', 'v21.0')!,
          businessNumber: str('WHATSAPP_BUSINESS_NUMBER'),
          reminderTemplate: templateName('WHATSAPP_REMINDER_TEMPLATE', 'rappel_reminder'),
          welcomeTemplate: templateName('WHATSAPP_WELCOME_TEMPLATE', 'rappel_welcome'),
          otpTemplate: templateName('WHATSAPP_OTP_TEMPLATE', 'rappel_code'),
          broadcastTemplate: templateName('WHATSAPP_BROADCAST_TEMPLATE', 'rappel_broadcast'),
          premiumTemplate: templateName('WHATSAPP_PREMIUM_TEMPLATE', 'rappel_premium'),
          renewalTemplate: templateName('WHATSAPP_RENEWAL_TEMPLATE', 'rappel_renewal'),
          reminderTemplateLanguages: {
            fr: str('WHATSAPP_TEMPLATE_LANGUAGE_FR', 'fr')!,
            en: str('WHATSAPP_TEMPLATE_LANGUAGE_EN', 'en_US')!,
          },
        }
      : undefined,
    telegram: tg
      ? {
          botToken: tg,
          apiRoot: url('TELEGRAM_API_ROOT', 'https://api.telegram.org')!,
          webhookSecret: str('TELEGRAM_WEBHOOK_SECRET'),
          botUsername: str('TELEGRAM_BOT_USERNAME'),
        }
      : undefined,
    openai: openaiKey
      ? {
          apiKey: openaiKey,
          baseUrl: url('OPENAI_BASE_URL'),
          sttModel: str('STT_MODEL', 'whisper-1')!,
          ttsModel: str('TTS_MODEL', 'gpt-4o-mini-tts')!,
          ttsVoice: str('TTS_VOICE', 'alloy')!,
        }
      : undefined,
    ffmpegPath: str('FFMPEG_PATH'),
    simulator: str('SIMULATOR', 'on') !== 'off',
    messageLogRetentionDays: int('MESSAGE_LOG_RETENTION_DAYS', 180, 1, 3650),
    campaigns: {
      batchSize: int('CAMPAIGN_BATCH_SIZE', 10, 1, 1000),
      batchIntervalS: int('CAMPAIGN_BATCH_INTERVAL_S', 60, 1, 86400),
    },
    payments: {
      mode: stripe ? 'stripe' : nodeEnv === 'production' ? 'off' : 'test',
      stripe: stripe
        ? {
            secretKey: stripe.secretKey,
            webhookSecret: stripe.webhookSecret,
            publishableKey: stripe.publishableKey,
            apiBase: stripeBase ? apiBase(stripeBase) : undefined,
          }
        : undefined,
      prices: { monthly: str('STRIPE_PRICE_PREMIUM_MONTHLY'), yearly: str('STRIPE_PRICE_PREMIUM_YEARLY') },
      commissionRate: Number.isFinite(commissionRate) ? commissionRate : 0.2,
      renewalNoticeDays: int('RENEWAL_NOTICE_DAYS', 7, 1, 60),
    },
    dispatcher: {
      enabled: bool('DISPATCHER_ENABLED', true),
      pollIntervalMs: int('DISPATCHER_POLL_MS', 500, 50, 60000),
      batchSize: int('DISPATCHER_BATCH_SIZE', 200, 1, 5000),
      leaseSeconds: int('DISPATCHER_LEASE_SECONDS', 10, 3, 3600),
      maxAttempts: int('DISPATCHER_MAX_ATTEMPTS', 5, 1, 50),
      rates,
      recipientRates: { telegram: int('TELEGRAM_RATE_PER_CHAT_PER_SECOND', 1, 1, 30) },
      renderAheadSeconds: int('RENDER_AHEAD_SECONDS', 21_600, 0, 2_592_000),
    },
  };
  if (problems.length) throw new ConfigError(problems);
  return config;
}

/** STRIPE_API_BASE as the SDK's host/port/protocol options (a local stand-in or a self-hosted mock). */
function apiBase(raw: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const u = new URL(raw);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: u.port ? Number(u.port) : protocol === 'http' ? 80 : 443, protocol };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
