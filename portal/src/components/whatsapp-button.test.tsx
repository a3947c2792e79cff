/**
 * Signals ship ES modules under the "browser" condition jsdom uses; take the CommonJS builds.
 * @jest-environment-options {"customExportConditions": ["require", "node", "default"]}
 */
import { screen } from '@testing-library/react';

jest.mock('wouter', () => require('../testing/wouter-mock'));
import { installFakeFetch } from '../testing/fake-fetch';
import { renderWithApp } from '../testing/render';
import { WhatsappFloatingButton } from './whatsapp-button';

const config = (over: Record<string, unknown>) => ({ whatsappNumber: null, telegramBotUsername: null, simulator: true, channels: ['simulator'], payments: 'test', stripePublishableKey: null, ...over });

describe('floating chat button (SPEC §2)', () => {
  it('opens WhatsApp with the greeting in the current language when a number is configured', async () => {
    installFakeFetch(() => ({ status: 200, body: config({ whatsappNumber: '+33 6 12 34 56 78' }) }));
    renderWithApp(<WhatsappFloatingButton />, { lang: 'en' });
    const link = await screen.findByRole('link', { name: 'Chat with Rappel on WhatsApp' });
    expect(link).toHaveAttribute('href', `https://wa.me/33612345678?text=${encodeURIComponent('Hello Rappel! I would like to create a reminder.')}`);
  });

  it('opens the simulator with the greeting typed in when no number is configured', async () => {
    installFakeFetch(() => ({ status: 200, body: config({}) }));
    renderWithApp(<WhatsappFloatingButton />, { lang: 'fr' });
    const link = await screen.findByRole('link', { name: 'Discuter avec Rappel dans le simulateur' });
    expect(link.getAttribute('href')).toBe(`/simulator?text=${encodeURIComponent('Bonjour Rappel ! Je voudrais créer un rappel.')}`);
  });

  it('shows nothing when neither WhatsApp nor the simulator is available', async () => {
    const calls = installFakeFetch(() => ({ status: 200, body: config({ simulator: false, channels: [] }) }));
    renderWithApp(<WhatsappFloatingButton />);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(1);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
