import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { MockApi } from './support/mock-api';
import { serveDist, type StaticServer } from './support/static-server';

/**
 * The banner of an unproved number (issue 10), in both languages, in Chromium: the wa.me link
 * prefilled with "CODE 123456", the code sent to the number and typed back, the waiting reminder.
 * Screenshots go to screenshots/ (git-ignored).
 */
const OUT = resolve(__dirname, '../../screenshots');
let browser: Browser;
let site: StaticServer;

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  site = await serveDist(resolve(__dirname, '../dist'));
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe.each([
  ['fr', 'Confirmez votre numéro de téléphone', 'Obtenir mon lien WhatsApp', 'M’envoyer un code', 'En attente de la confirmation de votre numéro'],
  ['en', 'Confirm your phone number', 'Get my WhatsApp link', 'Send me a code', 'Waiting for your number to be confirmed'],
])('phone proof banner (%s)', (lang, title, getLink, sendCode, waiting) => {
  it('offers the wa.me "CODE 123456" link and the code entry; a right code hides it', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: lang === 'fr' ? 'fr-FR' : 'en-GB', timezoneId: 'Europe/Paris' });
    await context.addInitScript(`localStorage.setItem('theme', 'light'); localStorage.setItem('language', '${lang}');`);
    const page = await context.newPage();
    const api = new MockApi();
    api.signIn({ phoneVerified: false, language: lang as 'fr' | 'en' });
    api.seedReminders();
    api.reminders[0].waitingFor = 'phone_proof';
    api.reminders[0].reminderTime = new Date(Date.now() - 60_000).toISOString();
    await api.install(page);
    const posted: string[] = [];
    await page.route('**/api/user/phone/**', async (route) => {
      const path = new URL(route.request().url()).pathname;
      posted.push(`${route.request().method()} ${path} ${route.request().headers()['content-type'] ?? ''}`);
      if (path.endsWith('/proof-link')) return route.fulfill({ json: { code: '123456', text: 'CODE 123456', url: 'https://wa.me/15550783881?text=CODE%20123456', expiresAt: new Date(Date.now() + 86400000).toISOString() } });
      if (path.endsWith('/send-code')) return route.fulfill({ json: { success: true, expiresAt: new Date().toISOString() } });
      const { code } = route.request().postDataJSON();
      if (code !== '654321') return route.fulfill({ status: 400, json: { statusCode: 400, error: 'Bad Request', message: 'This code is invalid or has expired. Please request a new one.' } });
      return route.fulfill({ json: { ...api.user, phoneVerified: true } });
    });
    await page.goto(`${site.url}/dashboard?lang=${lang}`);
    const banner = page.getByTestId('phone-proof-banner');
    await banner.getByText(title).waitFor();
    await page.getByTestId('reminder-waiting').first().waitFor();
    expect(await page.getByTestId('reminder-waiting').first().textContent()).toBe(waiting);

    await banner.getByRole('button', { name: getLink }).click();
    const link = banner.getByTestId('phone-proof-link');
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('https://wa.me/15550783881?text=CODE%20123456');
    expect(await link.textContent()).toContain('CODE 123456');

    await banner.getByRole('button', { name: sendCode }).click();
    const input = banner.locator('#phone-proof-code');
    await input.waitFor();
    await input.fill('654321');
    await page.screenshot({ path: join(OUT, `phone-proof-${lang}-1280-light.png`), fullPage: false });
    await banner.locator('button[type=submit]').click();
    await banner.waitFor({ state: 'detached' });
    expect(posted).toEqual([
      'POST /api/user/phone/proof-link application/json',
      'POST /api/user/phone/send-code application/json',
      'POST /api/user/phone/verify application/json',
    ]);
    await context.close();
  });
});
