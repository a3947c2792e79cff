import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { serverIsBuilt, startServer, type RunningServer } from './support/server';

/**
 * The chat simulator in Chromium against the real built server (embedded Postgres, embedded
 * speech synthesis, dispatcher on): type a reminder, confirm it with the button, and receive it
 * about a minute later as a playable voice note.
 */
const OUT = resolve(__dirname, '../../screenshots');
let browser: Browser;
let server: RunningServer;

const describeBuilt = serverIsBuilt() ? describe : describe.skip;

describeBuilt('simulator page', () => {
  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    server = await startServer();
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('type a reminder, confirm, receive it as a voice note', async () => {
    const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris', viewport: { width: 1100, height: 900 } });
    await context.addInitScript(`localStorage.setItem('language', 'fr');`);
    const page = await context.newPage();
    // Generous: the machine running the suite may be busy, and the first synthesis starts the speech engine.
    page.setDefaultTimeout(60_000);
    // 06 12: a range libphonenumber's full metadata accepts (06 39 and 06 90–97 are not assigned).
    const phone = `0612${String(Date.now()).slice(-6)}`;
    const reg = await page.request.post(`${server.url}/api/register`, { data: { phoneNumber: phone, countryCode: '+33', password: 'correct horse 42', language: 'fr' } });
    expect(reg.status()).toBe(201);

    await page.goto(`${server.url}/simulator`);
    await page.getByTestId('simulator-badge').waitFor();
    await page.locator('[data-testid="connection"][data-state="connected"]').waitFor();

    await page.getByPlaceholder('par ex. appeler maman demain à 18h').fill("rappelle-moi d'appeler maman dans 1 minute");
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await page.getByTestId('msg-user').filter({ hasText: "rappelle-moi d'appeler maman dans 1 minute" }).waitFor();
    const confirmation = page.getByTestId('msg-bot').filter({ hasText: 'Je confirme ?' });
    await confirmation.waitFor();
    expect(await confirmation.textContent()).toMatch(/📅 Appeler maman — aujourd'hui à \d\d:\d\d \(Paris\)/);

    await confirmation.getByRole('button', { name: 'Confirmer' }).click();
    await page.getByTestId('msg-bot').filter({ hasText: "C'est noté" }).waitFor();
    await page.screenshot({ path: resolve(OUT, 'simulator-confirmed.png') });

    const delivered = page.locator('[data-testid="msg-bot"][data-kind="reminder"]');
    await delivered.waitFor({ timeout: 100_000 });
    expect(await delivered.textContent()).toContain('⏰ Rappel : Appeler maman');
    const src = await delivered.getByTestId('voice-note').getAttribute('src');
    const audio = await page.request.get(`${server.url}${src}`);
    expect(audio.status()).toBe(200);
    expect(audio.headers()['content-type']).toBe('audio/ogg');
    expect((await audio.body()).subarray(0, 4).toString('ascii')).toBe('OggS');
    // The browser can decode and play it.
    const duration = await delivered.getByTestId('voice-note').evaluate(
      (el: HTMLAudioElement) => new Promise<number>((ok, ko) => {
        if (el.readyState >= 1) return ok(el.duration);
        el.addEventListener('loadedmetadata', () => ok(el.duration));
        el.addEventListener('error', () => ko(new Error('audio error')));
        el.load();
      }),
    );
    expect(duration).toBeGreaterThan(0.3);
    await expect(delivered.getByRole('button', { name: 'Dans 10 min' }).count()).resolves.toBe(1);
    await page.screenshot({ path: resolve(OUT, 'simulator-delivered.png') });
    await context.close();
  }, 150_000);
});
