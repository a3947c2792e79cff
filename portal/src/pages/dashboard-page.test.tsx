/**
 * Signals ship ES modules under the "browser" condition jsdom uses; take the CommonJS builds.
 * @jest-environment-options {"customExportConditions": ["require", "node", "default"]}
 */
jest.mock('wouter', () => require('../testing/wouter-mock'));
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Reminder, Subscription } from '../api/types';
import { installFakeFetch } from '../testing/fake-fetch';
import { renderWithApp, testUser } from '../testing/render';
import { setTestLocation } from '../testing/wouter-mock';
import { DashboardPage } from './dashboard-page';

const day = 86400000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

function reminder(id: number, subject: string, at: string, status: Reminder['status']): Reminder {
  return { id, subject, reminderText: 'Texte du rappel assez long', reminderTime: at, status, languageCode: 'fr', voiceNoteUrl: null, createdAt: iso(-id * 1000), timezone: 'Europe/Paris' };
}

function subscription(over: Partial<Subscription>): Subscription {
  return {
    status: 'trial', plan: 'premium', trialEndsAt: iso(2.5 * day), isOnTrial: true, trialDaysLeft: 3, subscriptionEndsAt: null, billingCycle: null,
    quota: { limit: null, used: 2, windowDays: 7, nextAvailableAt: null }, ...over,
  };
}

function serve(sub: Subscription, reminders: Reminder[], telegram: { bot: string | null; answer?: { status: number; body: unknown } } = { bot: null }) {
  return installFakeFetch((c) => {
    if (c.method === 'POST' && c.path === '/api/telegram/link-token') return telegram.answer;
    if (c.path === '/api/subscription') return { status: 200, body: sub };
    if (c.path === '/api/plan-debug') return { status: 200, body: { plan: sub.plan, trialEndsAt: sub.trialEndsAt, subscriptionEndsAt: sub.subscriptionEndsAt } };
    if (c.path === '/api/reminders') return { status: 200, body: reminders };
    if (c.method === 'DELETE' && c.path.startsWith('/api/reminders/')) return { status: 200, body: { success: true } };
    if (c.path === '/api/config/public') return { status: 200, body: { whatsappNumber: null, telegramBotUsername: telegram.bot, simulator: false, payments: 'off' } };
    return undefined;
  });
}

describe('DashboardPage', () => {
  beforeEach(() => setTestLocation('/dashboard'));

  it('shows the trial badge with days left rounded up and collapses duplicate reminders', async () => {
    const at = iso(day);
    serve(subscription({}), [
      reminder(1, 'Appeler le dentiste', at, 'pending'),
      reminder(2, 'Appeler le dentiste', at, 'pending'),
      reminder(3, 'Payer le loyer', iso(2 * day), 'sent'),
    ]);
    renderWithApp(<DashboardPage />, { user: testUser });
    expect((await screen.findAllByText('Essai — 3 jours restants')).length).toBeGreaterThan(0);
    const items = await screen.findAllByTestId('reminder-item');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('×2')).toBeInTheDocument();
    expect(within(items[1]).getByText('Terminé')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Nouveau rappel/ })).toHaveAttribute('href', '/create-reminder');
  });

  it('disables the new-reminder button when the subscription has expired', async () => {
    serve(subscription({ status: 'expired', plan: 'premium', trialEndsAt: iso(-day), subscriptionEndsAt: iso(-day), isOnTrial: false }), []);
    renderWithApp(<DashboardPage />, { user: testUser });
    expect(await screen.findByRole('button', { name: /Nouveau rappel/ })).toBeDisabled();
    expect(screen.getAllByText('Premium').length).toBeGreaterThan(0);
    expect(screen.getByText('Aucun rappel pour l’instant')).toBeInTheDocument();
  });

  it('asks for confirmation before deleting, then deletes', async () => {
    const calls = serve(subscription({}), [reminder(5, 'Payer le loyer', iso(day), 'pending')]);
    renderWithApp(<DashboardPage />, { user: testUser });
    await screen.findAllByTestId('reminder-item');
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
    expect(screen.getByText('Supprimer ce rappel ?')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Rappel supprimé')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/reminders/5');
  });

  it('shows the weekly quota against the limit on the stats tab', async () => {
    serve(subscription({ status: 'active', plan: 'basic', trialEndsAt: iso(-day), quota: { limit: 5, used: 5, windowDays: 7, nextAvailableAt: iso(day) } }), []);
    renderWithApp(<DashboardPage />, { user: testUser });
    await userEvent.click(await screen.findByRole('tab', { name: 'Statistiques' }));
    expect(await screen.findByText('5 sur 5 ces 7 derniers jours')).toBeInTheDocument();
    expect(screen.getByText(/Limite hebdomadaire atteinte/)).toBeInTheDocument();
  });

  it('offers "Manage billing", not a second upgrade, while a subscription is still running (even past its paid-until date)', async () => {
    serve(subscription({ status: 'expired', plan: 'basic', isOnTrial: false, trialEndsAt: iso(-day), subscriptionEndsAt: iso(-day), subscriptionStatus: 'past_due', canManageBilling: true, hasRunningSubscription: true }), []);
    renderWithApp(<DashboardPage />, { user: testUser });
    await userEvent.click(await screen.findByRole('tab', { name: 'Abonnement' }));
    expect(await screen.findByRole('button', { name: 'Gérer la facturation' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Passer à Premium' })).not.toBeInTheDocument();
  });

  it('offers the upgrade when no subscription is running', async () => {
    serve(subscription({ status: 'expired', plan: 'basic', isOnTrial: false, trialEndsAt: iso(-day), subscriptionEndsAt: null, hasRunningSubscription: false }), []);
    renderWithApp(<DashboardPage />, { user: testUser });
    await userEvent.click(await screen.findByRole('tab', { name: 'Abonnement' }));
    expect(await screen.findByRole('button', { name: 'Passer à Premium' })).toBeInTheDocument();
  });

  describe('Connect Telegram (POST /api/telegram/link-token)', () => {
    const realOpen = window.open;
    afterEach(() => {
      window.open = realOpen;
    });

    /** The tab opened during the click; the page points it at the link afterwards. */
    function fakeTab() {
      const tab = { opener: {} as unknown, location: { href: 'about:blank' }, close: jest.fn() };
      window.open = jest.fn(() => tab as unknown as Window);
      return tab;
    }

    it('is hidden when the server has no Telegram bot', async () => {
      const calls = serve(subscription({}), []);
      renderWithApp(<DashboardPage />, { user: testUser });
      await waitFor(() => expect(calls.some((c) => c.path === '/api/config/public')).toBe(true));
      await screen.findAllByText(/Essai/);
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.queryByRole('button', { name: 'Relier Telegram' })).not.toBeInTheDocument();
    });

    it('asks the server for a link token and opens the returned t.me deep link', async () => {
      const url = 'https://t.me/rappel_bot?start=AbC_123-xyz';
      const calls = serve(subscription({}), [], { bot: 'rappel_bot', answer: { status: 201, body: { url, token: 'AbC_123-xyz', expiresAt: iso(1800000) } } });
      const tab = fakeTab();
      renderWithApp(<DashboardPage />, { user: testUser });
      await userEvent.click(await screen.findByRole('button', { name: 'Relier Telegram' }));
      await waitFor(() => expect(tab.location.href).toBe(url));
      expect(window.open).toHaveBeenCalledWith('', '_blank');
      expect(tab.opener).toBeNull();
      expect(calls.filter((c) => c.path === '/api/telegram/link-token')).toEqual([{ method: 'POST', path: '/api/telegram/link-token', body: undefined }]);
    });

    it('closes the opened tab and shows the server message when the link cannot be made', async () => {
      serve(subscription({}), [], { bot: 'rappel_bot', answer: { status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: 'Telegram is not configured on this server' } } });
      const tab = fakeTab();
      renderWithApp(<DashboardPage />, { user: testUser });
      await userEvent.click(await screen.findByRole('button', { name: 'Relier Telegram' }));
      expect(await screen.findByText('Le lien Telegram n’a pas pu être créé')).toBeInTheDocument();
      expect(screen.getByText('Telegram is not configured on this server')).toBeInTheDocument();
      expect(tab.close).toHaveBeenCalled();
    });
  });

  it('shows how a reminder repeats and, on a delivered occurrence, when the series is next due', async () => {
    const next = '2099-07-20T06:00:00.000Z';
    serve(subscription({}), [
      { ...reminder(5, 'Sortir les poubelles', next, 'pending'), rrule: 'FREQ=WEEKLY;BYDAY=MO', repeatDescription: 'tous les lundis à 08:00', nextOccurrenceAt: next },
      { ...reminder(4, 'Sortir les poubelles', '2099-07-13T06:00:00.000Z', 'sent'), rrule: 'FREQ=WEEKLY;BYDAY=MO', repeatDescription: 'tous les lundis à 08:00', nextOccurrenceAt: next },
      { ...reminder(3, 'Payer le loyer', iso(day), 'pending'), rrule: null, repeatDescription: null, nextOccurrenceAt: iso(day) },
    ]);
    renderWithApp(<DashboardPage />, { user: testUser });
    const repeats = await screen.findAllByTestId('reminder-repeat');
    expect(repeats.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^🔁Se répète tous les lundis à 08:00$/),
      expect.stringMatching(/^🔁Se répète tous les lundis à 08:00·Prochain : lun\.? 20 juil/),
    ]);
  });
});
