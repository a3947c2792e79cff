/**
 * Signals ship ES modules under the "browser" condition jsdom uses; take the CommonJS builds.
 * @jest-environment-options {"customExportConditions": ["require", "node", "default"]}
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorBody, installFakeFetch } from '../testing/fake-fetch';
import { renderWithApp } from '../testing/render';
import { MessagingLinkForm } from './messaging-link-form';

/** Answers as bot/conversation/messaging-link.controller.ts does, in the language it was sent. */
function whatsappLinkServer() {
  return installFakeFetch((c) => {
    if (c.method !== 'POST' || c.path !== '/api/whatsapp/link') return undefined;
    const { language } = c.body as { language: string };
    return { status: 200, body: { success: true, message: language === 'fr' ? 'Message de bienvenue envoyé sur WhatsApp.' : 'Welcome message sent on WhatsApp.' } };
  });
}

describe('MessagingLinkForm (POST /api/whatsapp/link)', () => {
  it('sends the number in international form with the visitor language, and shows the server answer', async () => {
    const calls = whatsappLinkServer();
    renderWithApp(<MessagingLinkForm />);
    await userEvent.type(screen.getByLabelText('Votre numéro de téléphone'), '06 12 34 56 78');
    await userEvent.click(screen.getByRole('button', { name: 'M’envoyer le lien' }));
    expect(await screen.findByText('Message de bienvenue envoyé sur WhatsApp.')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'POST', path: '/api/whatsapp/link', body: { phoneNumber: '+33612345678', language: 'fr' } }]);
  });

  it('asks in English for an English visitor', async () => {
    const calls = whatsappLinkServer();
    renderWithApp(<MessagingLinkForm />, { lang: 'en' });
    await userEvent.type(screen.getByLabelText('Your phone number'), '0612345678');
    await userEvent.click(screen.getByRole('button', { name: 'Send me the link' }));
    expect(await screen.findByText('Welcome message sent on WhatsApp.')).toBeInTheDocument();
    expect(calls[0].body).toEqual({ phoneNumber: '+33612345678', language: 'en' });
  });

  it('shows the server refusal (rate limit) in its own words', async () => {
    installFakeFetch(() => ({ status: 429, body: { statusCode: 429, error: 'Too Many Requests', message: 'Trop de demandes, réessayez plus tard.' } }));
    renderWithApp(<MessagingLinkForm />);
    await userEvent.type(screen.getByLabelText('Votre numéro de téléphone'), '0612345678');
    await userEvent.click(screen.getByRole('button', { name: 'M’envoyer le lien' }));
    expect(await screen.findByText('Trop de demandes, réessayez plus tard.')).toBeInTheDocument();
  });

  it('checks the number before calling the server', async () => {
    const calls = installFakeFetch(() => ({ status: 400, body: errorBody(400, 'Please enter a valid phone number.') }));
    renderWithApp(<MessagingLinkForm />);
    await userEvent.click(screen.getByRole('button', { name: 'M’envoyer le lien' }));
    expect(screen.getByRole('status')).toHaveTextContent('Veuillez saisir un numéro de téléphone');
    await userEvent.type(screen.getByLabelText('Votre numéro de téléphone'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'M’envoyer le lien' }));
    expect(screen.getByRole('status')).toHaveTextContent('Veuillez saisir un numéro de téléphone valide.');
    expect(calls).toHaveLength(0);
  });
});
