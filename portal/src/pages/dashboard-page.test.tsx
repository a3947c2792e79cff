/**
 * Signals ship ES modules under the "browser" condition jsdom uses; take the CommonJS builds.
 * @jest-environment-options {"customExportConditions": ["require", "node", "default"]}
 */
jest.mock('wouter', () => require('../testing/wouter-mock'));
import { screen, within } from '@testing-library/react';
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

function serve(sub: Subscription, reminders: Reminder[]) {
  return installFakeFetch((c) => {
    if (c.path === '/api/subscription') return { status: 200, body: sub };
    if (c.path === '/api/plan-debug') return { status: 200, body: { plan: sub.plan, trialEndsAt: sub.trialEndsAt, subscriptionEndsAt: sub.subscriptionEndsAt } };
    if (c.path === '/api/reminders') return { status: 200, body: reminders };
    if (c.method === 'DELETE' && c.path.startsWith('/api/reminders/')) return { status: 200, body: { success: true } };
    if (c.path === '/api/config/public') return { status: 200, body: { whatsappNumber: null, telegramBotUsername: null, simulator: false, payments: 'off' } };
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
});
