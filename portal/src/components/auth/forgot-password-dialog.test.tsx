/**
 * Signals ship ES modules under the "browser" condition jsdom uses; take the CommonJS builds.
 * @jest-environment-options {"customExportConditions": ["require", "node", "default"]}
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { errorBody, installFakeFetch } from '../../testing/fake-fetch';
import { renderWithApp } from '../../testing/render';
import { ForgotPasswordDialog } from './forgot-password-dialog';

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button onClick={() => setOpen(true)}>reopen</button>
      <ForgotPasswordDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

const ok = { status: 200, body: { success: true, message: 'ok' } };

describe('ForgotPasswordDialog (SPEC §4: request → verify → reset → success)', () => {
  it('walks the four steps with the phone and code carried along', async () => {
    const calls = installFakeFetch(() => ok);
    renderWithApp(<Harness />, { lang: 'en' });
    await userEvent.type(screen.getByLabelText('Phone number'), '06 12 34 56 78');
    await userEvent.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(await screen.findByLabelText('Verification code')).toBeInTheDocument();
    expect(screen.getByText('Enter the 6-digit code we sent to +33612345678.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await userEvent.type(await screen.findByLabelText('New password'), 'n3w-password');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'n3w-password');
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Password updated')).toBeInTheDocument();
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ['/api/password/request-reset', { phoneNumber: '+33612345678' }],
      ['/api/password/verify-code', { phoneNumber: '+33612345678', code: '123456' }],
      ['/api/password/reset-password', { phoneNumber: '+33612345678', code: '123456', newPassword: 'n3w-password' }],
    ]);
  });

  it('requires each field and matching passwords', async () => {
    const calls = installFakeFetch(() => ok);
    renderWithApp(<Harness />, { lang: 'en' });
    await userEvent.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Phone number'), '0612345678');
    await userEvent.click(screen.getByRole('button', { name: 'Send the code' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(screen.getByText('The code is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Verification code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await userEvent.type(await screen.findByLabelText('New password'), 'aaaaaaaa');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'bbbbbbbb');
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual(['/api/password/request-reset', '/api/password/verify-code']);
  });

  it('goes back reset → verify → request', async () => {
    installFakeFetch(() => ok);
    renderWithApp(<Harness />, { lang: 'en' });
    await userEvent.type(screen.getByLabelText('Phone number'), '0612345678');
    await userEvent.click(screen.getByRole('button', { name: 'Send the code' }));
    await userEvent.type(await screen.findByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByLabelText('New password');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Verification code')).toHaveValue('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Phone number')).toHaveValue('0612345678');
  });

  it('shows the server message on a wrong code and stays on the step', async () => {
    installFakeFetch((c) => (c.path.endsWith('verify-code') ? { status: 400, body: errorBody(400, 'Invalid or expired code') } : ok));
    renderWithApp(<Harness />, { lang: 'en' });
    await userEvent.type(screen.getByLabelText('Phone number'), '0612345678');
    await userEvent.click(screen.getByRole('button', { name: 'Send the code' }));
    await userEvent.type(await screen.findByLabelText('Verification code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid or expired code')).toBeInTheDocument();
    expect(screen.getByLabelText('Verification code')).toBeInTheDocument();
  });

  it('closing resets everything', async () => {
    installFakeFetch(() => ok);
    renderWithApp(<Harness />, { lang: 'en' });
    await userEvent.type(screen.getByLabelText('Phone number'), '0612345678');
    await userEvent.click(screen.getByRole('button', { name: 'Send the code' }));
    await screen.findByLabelText('Verification code');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'reopen' }));
    expect(await screen.findByLabelText('Phone number')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Send the code' })).toBeInTheDocument();
  });
});
