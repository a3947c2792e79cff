/**
 * Signals ship ES modules under the "browser" condition jsdom uses; take the CommonJS builds.
 * @jest-environment-options {"customExportConditions": ["require", "node", "default"]}
 */
jest.mock('wouter', () => require('../../testing/wouter-mock'));
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorBody, installFakeFetch } from '../../testing/fake-fetch';
import { renderWithApp, testUser } from '../../testing/render';
import { currentUser } from '../../state/session';
import { LoginForm } from './login-form';

describe('LoginForm', () => {
  it('requires the phone number and the password (SPEC §5 messages)', async () => {
    const calls = installFakeFetch(() => undefined);
    renderWithApp(<LoginForm onForgotPassword={() => undefined} />, { lang: 'en' });
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends the number with the country prefix and leading zero stripped, then signs in', async () => {
    const calls = installFakeFetch((c) => (c.path === '/api/login' ? { status: 200, body: testUser } : undefined));
    renderWithApp(<LoginForm onForgotPassword={() => undefined} />, { lang: 'en' });
    await userEvent.type(screen.getByLabelText('Phone number or username'), '06 12 34 56 78');
    await userEvent.type(screen.getByLabelText('Password'), 's3cret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(currentUser.value).toEqual(testUser));
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/login',
      body: { username: '+33612345678', countryCode: '+33', password: 's3cret-pass' },
    });
  });

  it('shows the "Login failed" toast with the credentials message on a refusal', async () => {
    installFakeFetch(() => ({ status: 401, body: errorBody(401, 'Invalid credentials') }));
    renderWithApp(<LoginForm onForgotPassword={() => undefined} />, { lang: 'en' });
    await userEvent.type(screen.getByLabelText('Phone number or username'), '0612345678');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(screen.getAllByText('Invalid credentials, please check your phone number and password').length).toBeGreaterThan(0);
    expect(currentUser.value).toBeNull();
  });

  it('speaks French by default', async () => {
    installFakeFetch(() => undefined);
    renderWithApp(<LoginForm onForgotPassword={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(screen.getByText('Le numéro de téléphone est obligatoire')).toBeInTheDocument();
  });
});
