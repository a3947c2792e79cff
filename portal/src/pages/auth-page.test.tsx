/**
 * Signals ship ES modules under the "browser" condition jsdom uses; take the CommonJS builds.
 * @jest-environment-options {"customExportConditions": ["require", "node", "default"]}
 */
jest.mock('wouter', () => require('../testing/wouter-mock'));
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentUser } from '../state/session';
import { errorBody, installFakeFetch, type RecordedCall } from '../testing/fake-fetch';
import { renderWithApp, testUser } from '../testing/render';
import { setTestLocation, testLocation } from '../testing/wouter-mock';
import { AuthPage } from './auth-page';

/** The exact link the bot's WhatsApp welcome builds (bot/conversation/intake/inbound-processor.ts). */
const WELCOME_LINK = `/auth?tab=login&phone=${encodeURIComponent('+33612345678')}&setPassword=1`;

const ok = { status: 200, body: { success: true, message: 'ok' } };

function server(loginAnswer: { status: number; body: unknown }) {
  return installFakeFetch((c: RecordedCall) => {
    if (c.path.startsWith('/api/password/')) return ok;
    if (c.path === '/api/login') return loginAnswer;
    return undefined;
  });
}

async function choosePassword(dialog: HTMLElement, password: string) {
  await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer le code' }));
  await userEvent.type(await within(dialog).findByLabelText('Code de vérification'), '123456');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Vérifier' }));
  await userEvent.type(await within(dialog).findByLabelText('Mot de passe'), password);
  await userEvent.type(within(dialog).getByLabelText('Confirmer le mot de passe'), password);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer mon mot de passe' }));
}

describe('AuthPage, from the WhatsApp welcome link (setPassword=1)', () => {
  it('opens on "choose your password" with the number filled in, sends the code, and signs in', async () => {
    setTestLocation(WELCOME_LINK);
    const calls = server({ status: 200, body: testUser });
    renderWithApp(<AuthPage />, { user: null });

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Choisissez votre mot de passe' })).toBeInTheDocument();
    expect(within(dialog).getByText(/Votre compte a été créé sur WhatsApp/)).toBeInTheDocument();
    expect(dialog.querySelector('form')).toHaveAttribute('data-step', 'request');
    expect(within(dialog).getByLabelText('Numéro de téléphone')).toHaveValue('612345678');

    await choosePassword(dialog, 'premier-mot-de-passe');

    await waitFor(() => expect(currentUser.value).toEqual(testUser));
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ['/api/password/request-reset', { phoneNumber: '+33612345678' }],
      ['/api/password/verify-code', { phoneNumber: '+33612345678', code: '123456' }],
      ['/api/password/reset-password', { phoneNumber: '+33612345678', code: '123456', newPassword: 'premier-mot-de-passe' }],
      ['/api/login', { username: '+33612345678', countryCode: '+33', password: 'premier-mot-de-passe' }],
    ]);
    expect(await screen.findByText('Mot de passe enregistré. Vous êtes connecté.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(testLocation()).toBe('/dashboard'));
  });

  it('tells the user to log in when signing in afterwards fails, with the number still in the login form', async () => {
    setTestLocation(WELCOME_LINK);
    server({ status: 401, body: errorBody(401, 'Invalid credentials') });
    renderWithApp(<AuthPage />, { user: null });
    const dialog = await screen.findByRole('dialog');
    await choosePassword(dialog, 'premier-mot-de-passe');

    expect(await within(dialog).findByRole('heading', { name: 'Mot de passe enregistré' })).toBeInTheDocument();
    expect(within(dialog).getByText('Connectez-vous avec votre numéro de téléphone et ce mot de passe.')).toBeInTheDocument();
    expect(currentUser.value).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Numéro de téléphone ou nom d’utilisateur')).toHaveValue('+33612345678');
  });

  it('speaks English to an English visitor', async () => {
    setTestLocation(WELCOME_LINK);
    server({ status: 200, body: testUser });
    renderWithApp(<AuthPage />, { user: null, lang: 'en' });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Choose your password' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send the code' })).toBeInTheDocument();
  });

  it('without the flag, the page opens on the login form and "forgot password" is the reset dialog', async () => {
    setTestLocation(`/auth?tab=login&phone=${encodeURIComponent('+33612345678')}`);
    server({ status: 200, body: testUser });
    renderWithApp(<AuthPage />, { user: null });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Numéro de téléphone ou nom d’utilisateur')).toHaveValue('+33612345678');
    await userEvent.click(screen.getByRole('button', { name: 'Mot de passe oublié ?' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Réinitialiser le mot de passe' })).toBeInTheDocument();
  });
});
