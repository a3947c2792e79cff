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
    // The page reads the clock while rendering: a minute (or midnight) may turn between that read
    // and ours, so the defaults must be those of the instant just before or just after it.
    const before = DateTime.now().setZone('Europe/Paris');
    renderWithApp(<CreateReminderPage />, { lang: 'en', user });
    const after = DateTime.now().setZone('Europe/Paris');
    const defaults = (t: DateTime) => [t.plus({ days: 1 }).toISODate(), t.plus({ hours: 1 }).toFormat('HH:mm')].join(' ');
    const shown = `${(screen.getByLabelText('Date') as HTMLInputElement).value} ${(screen.getByLabelText('Time') as HTMLInputElement).value}`;
    expect([defaults(before), defaults(after)]).toContain(shown);
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

  it('repeat control: weekly on chosen days is sent as repeat + repeatDays; weekly without a day is refused before sending', async () => {
    const calls = installFakeFetch((c) => (c.method === 'POST' ? { status: 201, body: { id: 1 } } : { status: 200, body: [] }));
    renderWithApp(<CreateReminderPage />, { lang: 'en', user });
    await userEvent.type(screen.getByLabelText('Subject'), 'Put the bins out');
    await userEvent.type(screen.getByLabelText('Reminder text'), 'Green bin and the yellow one');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2099-07-13' } });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '08:00' } });
    expect(screen.getByRole('radio', { name: 'Never' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Every week' }));
    await userEvent.click(screen.getByRole('button', { name: 'Schedule reminder' }));
    expect(screen.getByText('Pick at least one day.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Thursday' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Monday' }));
    await userEvent.click(screen.getByRole('button', { name: 'Schedule reminder' }));
    await waitFor(() => expect(testLocation()).toBe('/dashboard'));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ repeat: 'weekly', repeatDays: ['MO', 'TH'], time: '2099-07-13T06:00:00.000Z' });
  });

  it('"just say it" fills the form with what was understood, shown before saving', async () => {
    const calls = installFakeFetch((c) => {
      if (c.path === '/api/reminders/understand') {
        return {
          status: 200,
          body: {
            repeatNeedsPremium: false,
            reminders: [{ subject: 'appeler maman', dueAt: '2099-07-12T16:00:00.000Z', dueLocal: '2099-07-12T18:00', timezone: 'Europe/Paris', language: 'fr', rrule: null, repeat: 'none', repeatDescription: null }],
          },
        };
      }
      return c.method === 'POST' ? { status: 201, body: { id: 1 } } : { status: 200, body: [] };
    });
    renderWithApp(<CreateReminderPage />, { lang: 'fr', user });
    await userEvent.type(screen.getByLabelText('De quoi et quand faut-il vous rappeler ?'), 'appeler maman dimanche à 18h');
    await userEvent.click(screen.getByRole('button', { name: 'Remplir le formulaire' }));
    expect(await screen.findByText('Compris :')).toBeInTheDocument();
    expect(screen.getByTestId('said-reminders')).toHaveTextContent('Appeler maman');
    expect(screen.getByLabelText('Sujet')).toHaveValue('Appeler maman');
    expect(screen.getByLabelText('Date')).toHaveValue('2099-07-12');
    expect(screen.getByLabelText('Heure')).toHaveValue('18:00');
    expect(calls.filter((c) => c.path === '/api/reminders')).toHaveLength(0);
    expect(calls.find((c) => c.path === '/api/reminders/understand')!.body).toEqual({ text: 'appeler maman dimanche à 18h', timezone: 'Europe/Paris' });
    await userEvent.clear(screen.getByLabelText('Texte du rappel'));
    await userEvent.type(screen.getByLabelText('Texte du rappel'), 'Appeler maman pour son anniversaire');
    await userEvent.click(screen.getByRole('button', { name: 'Programmer le rappel' }));
    await waitFor(() => expect(testLocation()).toBe('/dashboard'));
    expect(calls.find((c) => c.path === '/api/reminders' && c.method === 'POST')!.body).toEqual({
      subject: 'Appeler maman',
      reminderText: 'Appeler maman pour son anniversaire',
      time: '2099-07-12T16:00:00.000Z',
      timezone: 'Europe/Paris',
    });
  });

  it('several understood: saved one after the other; a rule the control cannot show is kept and sent as rrule; Premium notice', async () => {
    const posts: unknown[] = [];
    installFakeFetch((c) => {
      if (c.path === '/api/reminders/understand') {
        return {
          status: 200,
          body: {
            repeatNeedsPremium: true,
            reminders: [
              { subject: 'payer le loyer', dueAt: '2099-07-31T07:00:00.000Z', dueLocal: '2099-07-31T09:00', timezone: 'Europe/Paris', language: 'fr', rrule: 'FREQ=MONTHLY;BYDAY=-1FR', repeat: null, repeatDescription: 'le dernier vendredi de chaque mois à 09:00' },
              { subject: 'sortir les poubelles', dueAt: '2099-07-13T06:00:00.000Z', dueLocal: '2099-07-13T08:00', timezone: 'Europe/Paris', language: 'fr', rrule: 'FREQ=WEEKLY;BYDAY=MO', repeat: 'weekly', repeatDays: ['MO'], repeatDescription: 'tous les lundis à 08:00' },
            ],
          },
        };
      }
      if (c.method === 'POST') posts.push(c.body);
      return c.method === 'POST' ? { status: 201, body: { id: posts.length } } : { status: 200, body: [] };
    });
    renderWithApp(<CreateReminderPage />, { lang: 'fr', user });
    await userEvent.type(screen.getByLabelText('De quoi et quand faut-il vous rappeler ?'), 'le dernier vendredi du mois payer le loyer et tous les lundis à 8h sortir les poubelles');
    await userEvent.click(screen.getByRole('button', { name: 'Remplir le formulaire' }));
    expect(await screen.findByText('Compris, 2 rappels :')).toBeInTheDocument();
    expect(screen.getByText('Les rappels répétés sont une fonction Premium.')).toBeInTheDocument();
    expect(screen.getByText('Rappel 1 sur 2 compris')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'le dernier vendredi de chaque mois à 09:00' })).toBeChecked();
    await userEvent.type(screen.getByLabelText('Texte du rappel'), ' du mois');
    await userEvent.click(screen.getByRole('button', { name: 'Programmer le rappel' }));
    expect(await screen.findByText('Rappel 2 sur 2 compris')).toBeInTheDocument();
    expect(testLocation()).toBe('/create-reminder');
    expect(screen.getByLabelText('Sujet')).toHaveValue('Sortir les poubelles');
    expect(screen.getByRole('radio', { name: 'Chaque semaine' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'lundi' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Programmer le rappel' }));
    await waitFor(() => expect(testLocation()).toBe('/dashboard'));
    expect(posts).toEqual([
      expect.objectContaining({ subject: 'Payer le loyer', rrule: 'FREQ=MONTHLY;BYDAY=-1FR', time: '2099-07-31T07:00:00.000Z' }),
      expect.objectContaining({ subject: 'Sortir les poubelles', repeat: 'weekly', repeatDays: ['MO'], time: '2099-07-13T06:00:00.000Z' }),
    ]);
    expect(posts[0]).not.toHaveProperty('repeat');
  });
});
