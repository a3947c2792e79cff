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
import { RegisterForm, registerFailureKey } from './register-form';

async function fill(phone: string, password: string, confirm: string) {
  if (phone) await userEvent.type(screen.getByLabelText('Phone number'), phone);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  if (confirm) await userEvent.type(screen.getByLabelText('Confirm password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
}

describe('RegisterForm', () => {
  it('requires a phone number and a password', async () => {
    const calls = installFakeFetch(() => undefined);
    renderWithApp(<RegisterForm />, { lang: 'en' });
    await fill('', '', '');
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('refuses mismatched passwords and too-short numbers', async () => {
    const calls = installFakeFetch(() => undefined);
    renderWithApp(<RegisterForm />, { lang: 'en' });
    await fill('0612', 'abcdefgh', 'abcdefgX');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid phone number.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('registers with the normalised number and the referral code from the link', async () => {
    const calls = installFakeFetch((c) => (c.path === '/api/register' ? { status: 201, body: testUser } : undefined));
    renderWithApp(<RegisterForm referralCode="ABC123" />, { lang: 'en' });
    await fill('06 12 34 56 78', 'abcdefgh', 'abcdefgh');
    await waitFor(() => expect(currentUser.value).toEqual(testUser));
    expect(calls[0].body).toEqual({ phoneNumber: '+33612345678', password: 'abcdefgh', referredBy: 'ABC123', countryCode: '+33' });
  });

  it('says the account exists when the server answers 409', async () => {
    installFakeFetch(() => ({ status: 409, body: errorBody(409, 'This username or phone number already exists') }));
    renderWithApp(<RegisterForm />, { lang: 'en' });
    await fill('0612345678', 'abcdefgh', 'abcdefgh');
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    expect(screen.getAllByText('This username or phone number already exists').length).toBeGreaterThan(0);
  });

  it('maps other failures to the generic registration message (SPEC §8)', () => {
    expect(registerFailureKey('Please enter a valid phone number.')).toBe('auth.authRegisterFailedMessage');
    expect(registerFailureKey('Username taken')).toBe('auth.authUsernameExists');
  });
});
