/**
 * Signals ship ES modules under the "browser" condition jsdom uses; take the CommonJS builds.
 * @jest-environment-options {"customExportConditions": ["require", "node", "default"]}
 */
jest.mock('wouter', () => require('../testing/wouter-mock'));
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateTime } from 'luxon';
import { errorBody, installFakeFetch } from '../testing/fake-fetch';
import { renderWithApp, testUser } from '../testing/render';
import { setTestLocation, testLocation } from '../testing/wouter-mock';
import { CreateReminderPage } from './create-reminder-page';

const user = { ...testUser, timezone: 'Europe/Paris' };

describe('CreateReminderPage', () => {
  beforeEach(() => setTestLocation('/create-reminder'));

  it('defaults to tomorrow, one hour from now, in the user zone', () => {
    installFakeFetch(() => undefined);
    renderWithApp(<CreateReminderPage />, { lang: 'en', user });
    const now = DateTime.now().setZone('Europe/Paris');
    expect(screen.getByLabelText('Date')).toHaveValue(now.plus({ days: 1 }).toISODate());
    expect(screen.getByLabelText('Time')).toHaveValue(now.plus({ hours: 1 }).toFormat('HH:mm'));
    expect(screen.getByText('Times are in Europe/Paris.')).toBeInTheDocument();
  });

  it('shows the SPEC §5 messages and sends nothing', async () => {
    const calls = installFakeFetch(() => undefined);
    renderWithApp(<CreateReminderPage />, { lang: 'en', user });
    await userEvent.type(screen.getByLabelText('Subject'), 'ab');
    await userEvent.type(screen.getByLabelText('Reminder text'), 'too short');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2020-01-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Schedule reminder' }));
    expect(screen.getByText('Subject must be at least 3 characters.')).toBeInTheDocument();
    expect(screen.getByText('Reminder text must be at least 10 characters.')).toBeInTheDocument();
    expect(screen.getByText('Please select a future date.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('posts the instant built from date, time and zone, then goes to the dashboard', async () => {
    const calls = installFakeFetch((c) => (c.method === 'POST' ? { status: 201, body: { id: 1 } } : { status: 200, body: [] }));
    renderWithApp(<CreateReminderPage />, { lang: 'en', user });
    await userEvent.type(screen.getByLabelText('Subject'), 'Call the dentist');
    await userEvent.type(screen.getByLabelText('Reminder text'), 'Book the check-up for Léa');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2099-07-14' } });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '09:30' } });
    await userEvent.click(screen.getByRole('button', { name: 'Schedule reminder' }));
    await waitFor(() => expect(testLocation()).toBe('/dashboard'));
    const post = calls.find((c) => c.method === 'POST');
    expect(post).toEqual({
      method: 'POST',
      path: '/api/reminders',
      body: { subject: 'Call the dentist', reminderText: 'Book the check-up for Léa', time: '2099-07-14T07:30:00.000Z', timezone: 'Europe/Paris' },
    });
    expect(await screen.findByText('Reminder scheduled')).toBeInTheDocument();
  });

  it('keeps the form and shows the server refusal (e.g. over quota)', async () => {
    installFakeFetch(() => ({ status: 403, body: errorBody(403, 'Weekly limit reached: 5 reminders per 7 days.') }));
    renderWithApp(<CreateReminderPage />, { lang: 'en', user });
    await userEvent.type(screen.getByLabelText('Subject'), 'Call the dentist');
    await userEvent.type(screen.getByLabelText('Reminder text'), 'Book the check-up for Léa');
    await userEvent.click(screen.getByRole('button', { name: 'Schedule reminder' }));
    expect(await screen.findByText('Weekly limit reached: 5 reminders per 7 days.')).toBeInTheDocument();
    expect(testLocation()).toBe('/create-reminder');
  });
});
