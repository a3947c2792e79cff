import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { serverIsBuilt, startServer, SERVER_ENTRY, type RunningServer } from './support/server';

/**
 * The "just say it" box and the repeat control in Chromium against the real server (its own
 * understanding, embedded Postgres): several reminders saved one after the other, a weekly
 * repeat, then the list showing the repetition. Screenshots at 390 px and 1280 px go to
 * screenshots/ (git-ignored) for people to look at.
 */
const OUT = resolve(__dirname, '../../screenshots');

if (!serverIsBuilt()) {
  describe('"just say it" against the real server', () => {
    it.skip(`needs ${SERVER_ENTRY} (npm run build:server)`, () => undefined);
  });
} else {
  describe('"just say it" against the real server', () => {
    let server: RunningServer;
    let browser: Browser;

    beforeAll(async () => {
      if (!existsSync(resolve(__dirname, '../dist/index.html'))) throw new Error('Build the portal first: vite build --config portal/vite.config.ts');
      mkdirSync(OUT, { recursive: true });
      server = await startServer();
      browser = await launchBrowser();
    }, 120000);

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    async function signedUp(width: number, phone: string): Promise<{ context: BrowserContext; page: Page }> {
      const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris', viewport: { width, height: width < 600 ? 844 : 900 } });
      await context.addInitScript(`localStorage.setItem('theme', 'light'); localStorage.setItem('language', 'fr');`);
      const page = await context.newPage();
      page.setDefaultTimeout(15000);
      await page.goto(server.url + '/auth?tab=register');
      await page.getByLabel('Numéro de téléphone').fill(phone);
      await page.getByLabel('Mot de passe', { exact: true }).fill('un-mot-de-passe-solide');
      await page.getByLabel('Confirmer le mot de passe').fill('un-mot-de-passe-solide');
      await page.getByRole('button', { name: 'Créer mon compte' }).click();
      await page.waitForURL('**/dashboard');
      return { context, page };
    }

    for (const [width, phone] of [
      [390, '06 12 34 56 01'],
      [1280, '06 12 34 56 02'],
    ] as const) {
      it(`at ${width} px: several reminders understood and saved one by one, then a weekly repeat shown in the list`, async () => {
        const { context, page } = await signedUp(width, phone);
        await page.goto(server.url + '/create-reminder');
        const box = page.getByLabel('De quoi et quand faut-il vous rappeler ?');
        await box.fill('demain à 8h sortir les poubelles et à 19h les rentrer');
        await page.getByRole('button', { name: 'Remplir le formulaire' }).click();
        await page.getByText('Compris, 2 rappels :').waitFor();
        await page.getByText('Rappel 1 sur 2 compris').waitFor();
        expect(await page.getByLabel('Sujet').inputValue()).toBe('Sortir les poubelles');
        expect(await page.getByLabel('Heure').inputValue()).toBe('08:00');
        await page.screenshot({ path: join(OUT, `say-it-several-${width}.png`), fullPage: true });

        await page.getByLabel('Texte du rappel').fill('Sortir les poubelles vertes');
        await page.getByRole('button', { name: 'Programmer le rappel' }).click();
        await page.getByText('Rappel 2 sur 2 compris').waitFor();
        expect(await page.getByLabel('Sujet').inputValue()).toBe('Les rentrer');
        expect(await page.getByLabel('Heure').inputValue()).toBe('19:00');
        await page.getByLabel('Texte du rappel').fill('Rentrer les poubelles vertes');
        await page.getByRole('button', { name: 'Programmer le rappel' }).click();
        await page.waitForURL('**/dashboard');

        await page.goto(server.url + '/create-reminder');
        await box.fill('tous les lundis à 8h arroser les plantes');
        await page.getByRole('button', { name: 'Remplir le formulaire' }).click();
        await page.getByText('Compris :').waitFor();
        expect(await page.getByRole('radio', { name: 'Chaque semaine' }).isChecked()).toBe(true);
        expect(await page.getByRole('checkbox', { name: 'lundi' }).isChecked()).toBe(true);
        await page.screenshot({ path: join(OUT, `say-it-repeat-${width}.png`), fullPage: true });
        await page.getByLabel('Texte du rappel').fill('Arroser les plantes du salon');
        await page.getByRole('button', { name: 'Programmer le rappel' }).click();
        await page.waitForURL('**/dashboard');

        const items = page.getByTestId('reminder-item');
        await items.nth(2).waitFor();
        expect(await items.count()).toBe(3);
        const repeat = page.getByTestId('reminder-repeat');
        await repeat.first().waitFor();
        expect(await repeat.allTextContents()).toEqual(['🔁Se répète tous les lundis à 08:00']);
        await page.screenshot({ path: join(OUT, `reminders-repeat-${width}.png`), fullPage: true });
        await context.close();
      }, 90000);
    }
  });
}
