import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { MockApi } from './support/mock-api';
import { serveDist, type StaticServer } from './support/static-server';

/**
 * Writes PNGs of the main screens to screenshots/ (git-ignored) for people to look at:
 * 390 px and 1280 px wide, dark and light. The API is the in-memory mock so data is stable.
 */
const OUT = resolve(__dirname, '../../screenshots');
const WIDTHS = [390, 1280] as const;
const THEMES = ['dark', 'light'] as const;

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

async function shoot(name: string, path: string, width: number, theme: string, signedIn: boolean, lang = 'fr') {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 800 }, deviceScaleFactor: 1, locale: lang === 'fr' ? 'fr-FR' : 'en-GB', timezoneId: 'Europe/Paris' });
  await context.addInitScript(`localStorage.setItem('theme', '${theme}'); localStorage.setItem('language', '${lang}');`);
  const page = await context.newPage();
  const api = new MockApi();
  if (signedIn) {
    api.signIn();
    api.seedReminders();
    api.seedConversation();
  }
  await api.install(page);
  await page.goto(site.url + path);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
  const file = join(OUT, `${name}-${width}-${theme}.png`);
  await page.screenshot({ path: file, fullPage: name === 'landing' || name === 'dashboard' });
  await context.close();
  return file;
}

describe('screenshots', () => {
  for (const width of WIDTHS) {
    for (const theme of THEMES) {
      it(`landing, auth, dashboard, create-reminder, simulator at ${width}px ${theme}`, async () => {
        const files = [
          await shoot('landing', '/', width, theme, false),
          await shoot('auth', '/auth?tab=register', width, theme, false),
          await shoot('set-password', `/auth?tab=login&phone=${encodeURIComponent('+33612345678')}&setPassword=1`, width, theme, false),
          await shoot('dashboard', '/dashboard', width, theme, true),
          await shoot('create-reminder', '/create-reminder', width, theme, true),
          await shoot('simulator', '/simulator', width, theme, true),
        ];
        expect(files).toHaveLength(6);
      });
    }
  }
  for (const width of WIDTHS) {
    it(`the WhatsApp link form with the server's answer at ${width}px`, async () => {
      const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 800 }, deviceScaleFactor: 1, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
      await context.addInitScript(`localStorage.setItem('theme', 'light'); localStorage.setItem('language', 'fr');`);
      const page = await context.newPage();
      const api = new MockApi();
      await api.install(page);
      await page.goto(site.url + '/#get-started');
      await page.getByLabel('Votre numéro de téléphone').fill('06 12 34 56 78');
      await page.getByRole('button', { name: 'M’envoyer le lien' }).click();
      await page.getByText('Message de bienvenue envoyé sur WhatsApp.').waitFor();
      expect(api.calls.find((c) => c.path === '/api/whatsapp/link')?.body).toEqual({ phoneNumber: '+33612345678', language: 'fr' });
      await page.locator('#get-started').screenshot({ path: join(OUT, `landing-link-${width}-light.png`) });
      await context.close();
    });
  }

  it('the landing page in English', async () => {
    await shoot('landing-en', '/?lang=en', 1280, 'dark', false, 'en');
  });
});
