import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { serverIsBuilt, startServer, SERVER_ENTRY, type RunningServer } from './support/server';

/**
 * Paying for Premium in the embedded test mode against the real server (no Stripe keys): the
 * pricing screen, the method modal, the test-mode checkout with Stripe's test cards, and
 * /payment-success; plus screenshots of checkout and payment-success (390/1280 px, fr/en, dark/light).
 */
const OUT = resolve(__dirname, '../../screenshots');
let phoneCounter = 0;
/** 06 12 to 06 38: ranges libphonenumber's full metadata accepts (06 39 and 06 90–97 are not assigned). */
const phone = () => `06 ${String(12 + (++phoneCounter % 27)).padStart(2, '0')} ${String(Date.now() % 1000000).padStart(6, '0').replace(/(\d\d)(\d\d)(\d\d)/, '$1 $2 $3')}`;

if (!serverIsBuilt()) {
  describe('payments against the real server', () => {
    it.skip(`needs ${SERVER_ENTRY} (npm run build:server)`, () => undefined);
  });
} else {
  describe('payments against the real server (test mode)', () => {
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

    async function signedIn(opts: { lang?: 'fr' | 'en'; theme?: 'dark' | 'light'; width?: number } = {}): Promise<{ context: BrowserContext; page: Page }> {
      const lang = opts.lang ?? 'fr';
      const width = opts.width ?? 1280;
      const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 }, deviceScaleFactor: 1, locale: lang === 'fr' ? 'fr-FR' : 'en-GB', timezoneId: 'Europe/Paris' });
      await context.addInitScript(`localStorage.setItem('theme', '${opts.theme ?? 'light'}'); localStorage.setItem('language', '${lang}');`);
      const res = await context.request.post(`${server.url}/api/register`, { data: { phoneNumber: phone(), password: 'correct horse 42', countryCode: '+33', language: lang } });
      if (res.status() !== 201) throw new Error(`register: ${res.status()} ${await res.text()}`);
      const page = await context.newPage();
      page.setDefaultTimeout(15000);
      return { context, page };
    }

    it('pricing -> card -> test-mode checkout with 4242 -> payment-success countdown -> dashboard shows Premium', async () => {
      const { context, page } = await signedIn();
      await page.goto(`${server.url}/pricing?billing=yearly`);
      await page.getByTestId('test-mode-badge').waitFor();
      await page.getByRole('button', { name: 'Passer à Premium' }).click();
      await page.getByRole('dialog', { name: 'Choisissez un moyen de paiement' }).waitFor();
      await page.getByRole('radio', { name: /Carte bancaire/ }).waitFor();
      await page.getByRole('button', { name: 'Continuer vers le paiement' }).click();
      await page.waitForURL(/\/checkout\?test_session=cs_test_/);
      await page.getByText('Mode test — aucune carte n\'est débitée').waitFor();
      await expect(page.getByTestId('checkout-total').textContent()).resolves.toMatch(/49,90\s€/);
      await page.getByLabel('Numéro de carte').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiration').fill('12/34');
      await page.getByLabel('Cryptogramme').fill('123');
      await page.getByRole('button', { name: /^Payer 49,90/ }).click();
      await page.waitForURL(/\/payment-success\?session_id=cs_test_.*&payment=success&plan=premium/);
      await page.getByRole('heading', { name: 'Paiement réussi !' }).waitFor();
      await page.getByText('Votre compte est passé à la formule Premium.').waitFor();
      await expect(page.getByRole('button', { name: 'Retour au tableau de bord' }).isDisabled()).resolves.toBe(true);
      await expect(page.getByTestId('countdown').textContent()).resolves.toMatch(/[123] seconde/);
      await page.waitForURL('**/dashboard', { timeout: 8000 });
      await page.getByText('Actif — Premium').first().waitFor();
      const sub = await (await context.request.get(`${server.url}/api/subscription`)).json();
      expect(sub).toMatchObject({ plan: 'premium', paid: true, billingCycle: 'yearly' });
      // The bot's thank-you went through the embedded channel (the user has no proven channel: only logged).
      await context.close();
    });

    it('the declined card 4000 0000 0000 0002 fails and leaves the plan unchanged', async () => {
      const { context, page } = await signedIn({ lang: 'en' });
      const created = await (await context.request.post(`${server.url}/api/create-payment-session`, { data: { planId: 'premium', billingCycle: 'monthly', amount: 0.01 } })).json();
      await page.goto(server.url + created.checkoutUrl);
      await page.getByText('Test mode — no card is charged').waitFor();
      await page.getByLabel('Card number').fill('4000 0000 0000 0002');
      await page.getByLabel('Expiry').fill('12/34');
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: /^Pay €4\.99|^Pay 4\.99/ }).click();
      await page.getByText('Payment failed').waitFor();
      await page.getByText('Your card was declined.').waitFor();
      expect(new URL(page.url()).pathname).toBe('/checkout');
      const sub = await (await context.request.get(`${server.url}/api/subscription`)).json();
      expect(sub).toMatchObject({ paid: false, isOnTrial: true });
      await context.close();
    });

    it('/payment-success without a session id is the generic error', async () => {
      const { context, page } = await signedIn({ lang: 'en' });
      await page.goto(`${server.url}/payment-success?payment=success&plan=premium`);
      await page.getByText('There was an issue with your payment. Please try again.').waitFor();
      await page.goto(`${server.url}/payment-success?session_id=cs_test_x&plan=premium`);
      await page.getByText('There was an issue with your payment. Please try again.').waitFor();
      await context.close();
    });

    it('/payment-success signed out says so after 2 s', async () => {
      const context = await browser.newContext({ locale: 'fr-FR' });
      await context.addInitScript(`localStorage.setItem('language', 'fr');`);
      const page = await context.newPage();
      const started = Date.now();
      await page.goto(`${server.url}/payment-success?session_id=cs_test_x&payment=success&plan=premium`);
      await page.getByText('Vous devez être connecté pour voir cette page.').waitFor({ timeout: 10000 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
      await context.close();
    });

    describe('screenshots of checkout and payment-success', () => {
      for (const width of [390, 1280]) {
        for (const lang of ['fr', 'en'] as const) {
          for (const theme of ['dark', 'light'] as const) {
            it(`${width}px ${lang} ${theme}`, async () => {
              const { context, page } = await signedIn({ lang, theme, width });
              const created = await (await context.request.post(`${server.url}/api/create-payment-session`, { data: { planId: 'premium', billingCycle: 'monthly' } })).json();
              await page.goto(server.url + created.checkoutUrl);
              await page.getByTestId('test-mode-label').waitFor();
              // Test mode does not claim that Stripe processes the card: it says what this page is.
              const secureLine = await page.getByTestId('checkout-secure').innerText();
              expect(secureLine).not.toMatch(/processed securely by Stripe|en toute sécurité par Stripe/);
              expect(secureLine).toMatch(lang === 'fr' ? /Mode test/ : /Test mode/);
              await page.waitForTimeout(300);
              await page.screenshot({ path: join(OUT, `checkout-${width}-${lang}-${theme}.png`), fullPage: true });
              await page.getByLabel(lang === 'fr' ? 'Numéro de carte' : 'Card number').fill('4242424242424242');
              await page.getByLabel(lang === 'fr' ? 'Expiration' : 'Expiry').fill('12/34');
              await page.getByLabel(lang === 'fr' ? 'Cryptogramme' : 'CVC').fill('123');
              await page.getByRole('button', { name: lang === 'fr' ? /^Payer/ : /^Pay/ }).click();
              await page.getByTestId('countdown').waitFor();
              await page.screenshot({ path: join(OUT, `payment-success-${width}-${lang}-${theme}.png`), fullPage: true });
              await context.close();
            });
          }
        }
      }
    });
  });
}
