import { ConfigError, loadConfig } from './app-config';

describe('configuration', () => {
  it('starts on embedded defaults with an empty environment', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.database.url).toBeUndefined();
    expect(c.simulator).toBe(true);
    expect(c.whatsapp).toBeUndefined();
    expect(c.telegram).toBeUndefined();
    expect(c.openai).toBeUndefined();
    expect(c.dispatcher.rates).toMatchObject({ whatsapp: 80, telegram: 25 });
  });

  it('reports every problem, one line each', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', WHATSAPP_ACCESS_TOKEN: 't', ADMIN_USERNAME: 'root', TELEGRAM_BOT_TOKEN: 'nope' });
      fail('should throw');
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const problems = (e as ConfigError).problems;
      expect(problems).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^PORT must be an integer/),
          expect.stringMatching(/^DATABASE_URL must be a postgres/),
          expect.stringMatching(/^WhatsApp is partly configured: also set WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN/),
          expect.stringMatching(/^ADMIN_USERNAME and ADMIN_PASSWORD go together/),
          expect.stringMatching(/^TELEGRAM_BOT_TOKEN does not look like/),
        ]),
      );
      expect(problems).toHaveLength(5);
    }
  });

  it('keeps the session cookie Secure in production whenever PUBLIC_URL is https', () => {
    const https = { NODE_ENV: 'production', DATA_DIR: '/tmp/x', PUBLIC_URL: 'https://rappel.example' };
    expect(() => loadConfig({ ...https, SECURE_COOKIES: 'false' })).toThrow(/SECURE_COOKIES=false cannot be used in production/);
    expect(loadConfig(https).session.secureCookies).toBe('auto');
    // Outside production (the tests, which speak http to an https-named app) the switch stays.
    expect(loadConfig({ ...https, NODE_ENV: 'test', SECURE_COOKIES: 'false' }).session.secureCookies).toBe(false);
  });

  it('enables a provider when its variables are set', () => {
    const c = loadConfig({
      WHATSAPP_PHONE_NUMBER_ID: '123', WHATSAPP_ACCESS_TOKEN: 'tok', WHATSAPP_APP_SECRET: 'sec', WHATSAPP_VERIFY_TOKEN: 'ver',
      TELEGRAM_BOT_TOKEN: '123456:ABCdefGHIjklMNOpqrSTUvwxYZ', OPENAI_API_KEY: 'sk-test', SIMULATOR: 'off',
    });
    expect(c.whatsapp).toMatchObject({ phoneNumberId: '123', apiBaseUrl: 'https://graph.facebook.com' });
    expect(c.telegram?.apiRoot).toBe('https://api.telegram.org');
    expect(c.openai?.sttModel).toBeTruthy();
    expect(c.simulator).toBe(false);
  });
});

describe('WhatsApp templates', () => {
  const wa = { WHATSAPP_PHONE_NUMBER_ID: '123', WHATSAPP_ACCESS_TOKEN: 'tok', WHATSAPP_APP_SECRET: 'sec', WHATSAPP_VERIFY_TOKEN: 'ver' };

  it('default to rappel_reminder, rappel_welcome and rappel_code in fr and en_US', () => {
    const c = loadConfig(wa);
    expect(c.whatsapp).toMatchObject({
      reminderTemplate: 'rappel_reminder',
      welcomeTemplate: 'rappel_welcome',
      otpTemplate: 'rappel_code',
      broadcastTemplate: 'rappel_broadcast',
      premiumTemplate: 'rappel_premium',
      renewalTemplate: 'rappel_renewal',
      reminderTemplateLanguages: { fr: 'fr', en: 'en_US' },
    });
  });

  it('take their names and languages from the environment', () => {
    const c = loadConfig({
      ...wa,
      WHATSAPP_WELCOME_TEMPLATE: 'bienvenue_v2',
      WHATSAPP_OTP_TEMPLATE: 'code_connexion',
      WHATSAPP_BROADCAST_TEMPLATE: 'annonce_v1',
      WHATSAPP_TEMPLATE_LANGUAGE_FR: 'fr_FR',
      WHATSAPP_TEMPLATE_LANGUAGE_EN: 'en_GB',
    });
    expect(c.whatsapp).toMatchObject({
      welcomeTemplate: 'bienvenue_v2',
      otpTemplate: 'code_connexion',
      broadcastTemplate: 'annonce_v1',
      reminderTemplateLanguages: { fr: 'fr_FR', en: 'en_GB' },
    });
  });

  it('refuses names Meta would not accept, one line each', () => {
    try {
      loadConfig({ ...wa, WHATSAPP_WELCOME_TEMPLATE: 'Rappel Welcome', WHATSAPP_OTP_TEMPLATE: 'rappel-code' });
      fail('should throw');
    } catch (e) {
      expect((e as ConfigError).problems).toEqual([
        'WHATSAPP_WELCOME_TEMPLATE must be a WhatsApp template name: lowercase letters, digits and underscores (got "Rappel Welcome")',
        'WHATSAPP_OTP_TEMPLATE must be a WhatsApp template name: lowercase letters, digits and underscores (got "rappel-code")',
      ]);
    }
  });
});

describe('web app folders', () => {
  it('default to portal/dist and admin/dist at the repository root', () => {
    const c = loadConfig({});
    const root = require('node:path').resolve(__dirname, '../..');
    expect(c.web.portalDir).toBe(`${root}/portal/dist`);
    expect(c.web.adminDir).toBe(`${root}/admin/dist`);
  });
});
