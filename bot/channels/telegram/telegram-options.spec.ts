import { resolveTelegramOptions } from './telegram-options';

describe('resolveTelegramOptions', () => {
  const botToken = '7012345678:AAHk-test-token_9xYz';

  it('derives a stable webhook secret from the token when none is configured', () => {
    const a = resolveTelegramOptions({ botToken });
    const b = resolveTelegramOptions({ botToken });
    expect(a.webhookSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(a.webhookSecret).toBe(b.webhookSecret);
    expect(a.webhookSecret).not.toContain(botToken.split(':')[1]);
    expect(resolveTelegramOptions({ botToken: '1:other' }).webhookSecret).not.toBe(a.webhookSecret);
  });

  it('keeps a configured secret', () => {
    expect(resolveTelegramOptions({ botToken, webhookSecret: 's3cret' }).webhookSecret).toBe('s3cret');
  });

  it('uses the webhook only for an HTTPS public URL, since Telegram calls nothing else', () => {
    expect(resolveTelegramOptions({ botToken, publicUrl: 'https://rappel.example' }).publicUrl).toBe('https://rappel.example');
    expect(resolveTelegramOptions({ botToken, publicUrl: 'http://localhost:3000' }).publicUrl).toBeUndefined();
  });

  it('defaults the API root and strips a trailing slash, which grammY refuses', () => {
    expect(resolveTelegramOptions({ botToken }).apiRoot).toBe('https://api.telegram.org');
    expect(resolveTelegramOptions({ botToken, apiRoot: 'http://127.0.0.1:8081/' }).apiRoot).toBe('http://127.0.0.1:8081');
  });
});
