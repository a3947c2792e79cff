import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { serverIsBuilt, startServer, SERVER_ENTRY, type RunningServer } from './support/server';

/**
 * The portal against the real server (node dist/api/main.js, embedded Postgres, no messaging
 * app): one visitor goes through the whole life of an account, step by step.
 */
if (!serverIsBuilt()) {
  // CI builds the server before testing; locally, say why nothing ran instead of failing obscurely.
  describe('user flows against the real server', () => {
    it.skip(`needs ${SERVER_ENTRY} (npm run build:server)`, () => undefined);
  });
} else {
  describe('user flows against the real server', () => {
    let server: RunningServer;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    const phoneNational = '06 12 34 56 78';
    const phoneE164 = '+33612345678';
    let password = 'premier-mot-de-passe';

    beforeAll(async () => {
      // The server serves portal/dist; without a build it would answer a placeholder page.
      if (!existsSync(resolve(__dirname, '../dist/index.html'))) throw new Error('Build the portal first: vite build --config portal/vite.config.ts');
      server = await startServer();
      browser = await launchBrowser();
      context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris', viewport: { width: 1280, height: 900 } });
      page = await context.newPage();
      page.setDefaultTimeout(15000);
    }, 120000);

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    const goto = (path: string) => page.goto(server.url + path);
    const pathOf = () => new URL(page.url()).pathname;

    it('sends a signed-out visit to /dashboard to /auth with the way back and the language', async () => {
      await goto('/dashboard');
      await page.waitForURL(/\/auth\?/);
      const url = new URL(page.url());
      expect(url.searchParams.get('redirect')).toBe('/dashboard');
      expect(url.searchParams.get('lang')).toBe('fr');
      await page.getByRole('tab', { name: 'Connexion' }).waitFor();
    });

    it('registers, lands on the dashboard and starts a Premium trial', async () => {
      await goto('/auth?tab=register');
      await page.getByLabel('Numéro de téléphone').fill(phoneNational);
      await page.getByLabel('Mot de passe', { exact: true }).fill(password);
      await page.getByLabel('Confirmer le mot de passe').fill(password);
      await page.getByRole('button', { name: 'Créer mon compte' }).click();
      await page.waitForURL('**/dashboard');
      await page.getByRole('heading', { name: `Bonjour, ${phoneE164}` }).waitFor();
      await page.getByText(/Essai — \d+ jours restants/).first().waitFor();
    });

    it('creates a reminder and sees it listed', async () => {
      await page.getByRole('link', { name: 'Nouveau rappel' }).first().click();
      await page.waitForURL('**/create-reminder');
      await page.getByLabel('Sujet').fill('Appeler le dentiste');
      await page.getByLabel('Texte du rappel').fill('Prendre rendez-vous pour le contrôle de Léa');
      await page.getByLabel('Heure').fill('09:30');
      await page.getByRole('button', { name: 'Programmer le rappel' }).click();
      await page.waitForURL('**/dashboard');
      const item = page.getByTestId('reminder-item').filter({ hasText: 'Appeler le dentiste' });
      await item.waitFor();
      await expect(item.getByText('En attente').isVisible()).resolves.toBe(true);
      await expect(item.locator('time').textContent()).resolves.toContain('09:30');
    });

    it('reschedules the reminder', async () => {
      const item = page.getByTestId('reminder-item').filter({ hasText: 'Appeler le dentiste' });
      await item.getByRole('button', { name: 'Reprogrammer' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Heure').fill('10:45');
      await dialog.getByRole('button', { name: 'Reprogrammer' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.waitForFunction(() => document.querySelector('[data-testid="reminder-item"] time')?.textContent?.includes('10:45'));
      const reminders = await page.evaluate(() => fetch('/api/reminders').then((r) => r.json()));
      expect(reminders).toHaveLength(1);
      expect(new Date(reminders[0].reminderTime).toLocaleTimeString('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' })).toBe('10:45');
    });

    it('deletes the reminder after confirmation', async () => {
      const item = page.getByTestId('reminder-item').filter({ hasText: 'Appeler le dentiste' });
      await item.getByRole('button', { name: 'Supprimer' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Supprimer ce rappel ?').waitFor();
      await dialog.getByRole('button', { name: 'Supprimer' }).click();
      await page.getByText('Aucun rappel pour l’instant').waitFor();
      await expect(page.evaluate(() => fetch('/api/reminders').then((r) => r.json()))).resolves.toEqual([]);
    });

    it('switches the language to English and back, and the server keeps the choice', async () => {
      await page.getByRole('combobox', { name: 'Langue' }).click();
      await page.getByRole('option', { name: 'English' }).click();
      await page.waitForURL(/lang=en/);
      await page.getByRole('link', { name: 'New reminder' }).first().waitFor();
      await expect(page.evaluate(() => fetch('/api/user').then((r) => r.json()).then((u) => u.language))).resolves.toBe('en');
      await page.getByRole('combobox', { name: 'Language' }).click();
      await page.getByRole('option', { name: 'Français' }).click();
      await page.waitForURL(/lang=fr/);
      await page.getByRole('link', { name: 'Nouveau rappel' }).first().waitFor();
      await expect(page.evaluate(() => fetch('/api/user').then((r) => r.json()).then((u) => u.language))).resolves.toBe('fr');
    });

    it('logs out and back in', async () => {
      await page.getByRole('button', { name: 'Se déconnecter' }).click();
      await page.waitForURL('**/auth');
      await expect(page.evaluate(() => fetch('/api/user').then((r) => r.status))).resolves.toBe(401);
      await page.getByLabel('Numéro de téléphone ou nom d’utilisateur').fill(phoneNational);
      await page.getByLabel('Mot de passe', { exact: true }).fill('mauvais-mot-de-passe');
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.getByText('Échec de la connexion').first().waitFor();
      await page.getByLabel('Mot de passe', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.waitForURL('**/dashboard');
      await page.getByRole('heading', { name: `Bonjour, ${phoneE164}` }).waitFor();
    });

    it('resets a forgotten password with the code from the server log, then logs in with it', async () => {
      await page.getByRole('button', { name: 'Se déconnecter' }).click();
      await page.waitForURL('**/auth');
      await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Numéro de téléphone').fill(phoneNational);
      const since = server.output().length;
      await dialog.getByRole('button', { name: 'Envoyer le code' }).click();
      const [, code] = await server.waitForOutput(/code\D{0,40}(\d{6})/i, since);
      await dialog.getByLabel('Code de vérification').fill(code);
      await dialog.getByRole('button', { name: 'Vérifier' }).click();
      password = 'nouveau-mot-de-passe';
      await dialog.getByLabel('Nouveau mot de passe', { exact: true }).fill(password);
      await dialog.getByLabel('Confirmer le nouveau mot de passe').fill(password);
      await dialog.getByRole('button', { name: 'Modifier le mot de passe' }).click();
      await dialog.getByText('Mot de passe modifié').waitFor();
      await dialog.getByRole('button', { name: 'Retour à la connexion' }).click();
      await page.getByLabel('Numéro de téléphone ou nom d’utilisateur').fill(phoneNational);
      await page.getByLabel('Mot de passe', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.waitForURL('**/dashboard');
      expect(pathOf()).toBe('/dashboard');
    });

    it('a number given on the landing gets a welcome but no account until its owner writes back; registering it leaves the number to prove', async () => {
      const visitor = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris', viewport: { width: 390, height: 844 } });
      const p = await visitor.newPage();
      p.setDefaultTimeout(15000);
      await p.goto(`${server.url}/#get-started`);
      await p.getByLabel('Votre numéro de téléphone').fill('06 98 76 54 32');
      await p.getByRole('button', { name: 'M’envoyer le lien' }).click();
      await p.getByText('Message de bienvenue envoyé sur WhatsApp.').waitFor();

      // No account was made for a number typed by a stranger: whoever owns it can still register it
      // (an account would answer 409), and the number stays claimed until its owner proves it.
      await p.goto(`${server.url}/auth?tab=register`);
      await p.getByLabel('Numéro de téléphone').fill('06 98 76 54 32');
      await p.getByLabel('Mot de passe', { exact: true }).fill('mon-premier-mot-de-passe');
      await p.getByLabel('Confirmer le mot de passe').fill('mon-premier-mot-de-passe');
      await p.getByRole('button', { name: 'Créer mon compte' }).click();
      await p.waitForURL('**/dashboard');
      const me = await p.evaluate(() => fetch('/api/user').then((r) => r.json()));
      expect(me.phoneNumber).toBe('+33698765432');
      expect(me.phoneVerified).toBe(false);
      await visitor.close();
    });
  });
}
