/**
 * Signals ship ES modules under the "browser" condition jsdom uses; take the CommonJS builds.
 * @jest-environment-options {"customExportConditions": ["require", "node", "default"]}
 */
import '@testing-library/jest-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorBody, installFakeFetch } from '../../../portal/src/testing/fake-fetch';
import { createQueryClient, Toaster } from '../ui';
import { ReferralsPage } from './referrals-page';

jest.mock('wouter', () => require('../../../portal/src/testing/wouter-mock'));

const proto = window.HTMLElement.prototype as unknown as Record<string, unknown>;
proto.hasPointerCapture ??= () => false;
proto.scrollIntoView ??= () => undefined;

const partner = { id: 1, name: 'Agence Lumière', email: 'contact@lumiere.fr', phoneNumber: null, referralCode: 'LUMI42', active: true, referralCount: 3, totalCommissions: 12.5, pendingCommissions: 2.5, createdAt: '2026-11-01T10:00:00Z' };
const commission = { id: 9, partnerId: 1, partnerName: 'Agence Lumière', userId: 5, userName: 'Camille', amount: '4.99', status: 'pending', planType: 'yearly', createdAt: '2026-11-02T10:00:00Z' };

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ReferralsPage />
      <Toaster closeLabel="Fermer" />
    </QueryClientProvider>,
  );
}

describe('Parrainage screen on contract C (mocked API)', () => {
  it('lists partners from the server with code, count, euros and status', async () => {
    installFakeFetch((c) => (c.path === '/api/admin/referral/partners' ? { status: 200, body: [partner] } : undefined));
    renderPage();
    const row = (await screen.findByText('Agence Lumière')).closest('tr')!;
    expect(within(row).getByText('LUMI42')).toBeInTheDocument();
    expect(within(row).getByText('12,50 €')).toBeInTheDocument();
    expect(within(row).getByText('Actif')).toBeInTheDocument();
  });

  it('add-partner dialog: required fields, generated 6-character code, the server\'s 409 shown as the spec words it', async () => {
    const user = userEvent.setup();
    const calls = installFakeFetch((c) => {
      if (c.method === 'GET' && c.path === '/api/admin/referral/partners') return { status: 200, body: [] };
      if (c.method === 'POST') return { status: 409, body: errorBody(409, 'Ce code de parrainage existe déjà, veuillez en générer un autre') };
      return undefined;
    });
    renderPage();
    await screen.findByText('Aucun partenaire pour le moment.');
    await user.click(screen.getByRole('button', { name: /Ajouter un partenaire/ }));
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Veuillez remplir tous les champs obligatoires');

    await user.type(screen.getByLabelText('Nom *'), 'Club Sport');
    await user.type(screen.getByLabelText('E-mail *'), 'club@sport.fr');
    await user.click(screen.getByRole('button', { name: 'Générer' }));
    const code = (screen.getByLabelText('Code de parrainage') as HTMLInputElement).value;
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    await user.clear(screen.getByLabelText('Code de parrainage'));
    await user.type(screen.getByLabelText('Code de parrainage'), 'lumi42');
    expect(screen.getByLabelText('Code de parrainage')).toHaveValue('LUMI42');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ce code de parrainage existe déjà, veuillez en générer un autre');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Club Sport', email: 'club@sport.fr', phoneNumber: null, referralCode: 'LUMI42', active: true });
  });

  it('copy link puts {origin}/auth?lang=fr&sponsorship=CODE on the clipboard and shows a check mark for 2 seconds', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    installFakeFetch((c) => (c.path === '/api/admin/referral/partners' ? { status: 200, body: [partner] } : undefined));
    renderPage();
    const button = await screen.findByRole('button', { name: 'Copier le lien de parrainage LUMI42' });
    await act(async () => button.click());
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/auth?lang=fr&sponsorship=LUMI42`);
    expect(await screen.findByTestId('copied')).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(2100));
    expect(screen.queryByTestId('copied')).toBeNull();
    jest.useRealTimers();
  });

  it('commissions tab: Annuel, En attente, and "mark paid" sends {status: paid}', async () => {
    const user = userEvent.setup();
    const calls = installFakeFetch((c) => {
      if (c.path === '/api/admin/referral/partners') return { status: 200, body: [partner] };
      if (c.method === 'GET' && c.path === '/api/admin/referral/commissions') return { status: 200, body: [commission] };
      if (c.method === 'PATCH') return { status: 200, body: { ...commission, status: 'paid' } };
      return undefined;
    });
    renderPage();
    await user.click(screen.getByRole('tab', { name: 'Commissions' }));
    const row = (await screen.findByText('Camille')).closest('tr')!;
    expect(within(row).getByText('Annuel')).toBeInTheDocument();
    expect(within(row).getByText('En attente')).toBeInTheDocument();
    expect(within(row).getByText('4,99 €')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Marquer payée' }));
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({ path: '/api/admin/referral/commissions/9', body: { status: 'paid' } });
  });
});
