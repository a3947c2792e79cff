/**
 * Signals ship ES modules under the "browser" condition jsdom uses; take the CommonJS builds.
 * @jest-environment-options {"customExportConditions": ["require", "node", "default"]}
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeFetch } from '../testing/fake-fetch';
import { renderWithApp } from '../testing/render';
import { NewsletterForm } from './newsletter-form';

describe('NewsletterForm', () => {
  afterEach(() => jest.useRealTimers());

  it('refuses an invalid address with "Email invalide" and calls nothing', async () => {
    const calls = installFakeFetch(() => undefined);
    renderWithApp(<NewsletterForm />);
    await userEvent.type(screen.getByLabelText('Adresse e-mail'), 'camille@exemple');
    await userEvent.click(screen.getByRole('button', { name: 'S’abonner' }));
    expect(screen.getByRole('status')).toHaveTextContent('Email invalide');
    expect(calls).toHaveLength(0);
  });

  it('subscribes a valid address and clears the notice after 5 s', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const calls = installFakeFetch(() => ({ status: 200, body: { success: true, message: 'ok' } }));
    renderWithApp(<NewsletterForm />, { lang: 'en' });
    await user.type(screen.getByLabelText('Email address'), 'camille@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Thank you! You are on the list.')).toBeInTheDocument();
    expect(calls[0]).toEqual({ method: 'POST', path: '/api/newsletter/subscribe', body: { email: 'camille@example.com' } });
    act(() => jest.advanceTimersByTime(4900));
    expect(screen.getByRole('status')).toHaveTextContent('Thank you');
    act(() => jest.advanceTimersByTime(200));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('shows the server message when the subscription fails', async () => {
    installFakeFetch(() => ({ status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'Already subscribed' } }));
    renderWithApp(<NewsletterForm />, { lang: 'en' });
    await userEvent.type(screen.getByLabelText('Email address'), 'camille@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Already subscribed')).toBeInTheDocument();
  });
});
