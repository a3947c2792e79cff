/**
 * Signals ship ES modules under the "browser" condition jsdom uses; take the CommonJS builds.
 * @jest-environment-options {"customExportConditions": ["require", "node", "default"]}
 */
jest.mock('wouter', () => require('../testing/wouter-mock'));
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeFetch } from '../testing/fake-fetch';
import { renderWithApp, testUser } from '../testing/render';
import { SimulatorPage } from './simulator';

/** Stands in for the browser socket to /ws: the test opens it and pushes server frames. */
class FakeSocket {
  static last: FakeSocket | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: (() => void) | null = null;
  readonly sent: unknown[] = [];
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {}
  /** Opens the socket and lets the history fetch it triggers land. */
  async open() {
    await act(async () => {
      this.onopen?.();
      await settle();
    });
  }
  push(frame: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(frame) }));
  }
}

const settle = () => new Promise((r) => setTimeout(r, 0));

/** Renders and lets the first history fetch land, so every state update happens inside act. */
async function renderPage(lang: 'fr' | 'en' = 'fr') {
  renderWithApp(<SimulatorPage />, { user: testUser, lang });
  await act(settle);
}

const history = [
  { type: 'message', data: { id: '1', direction: 'incoming', messageType: 'text', text: 'appeler maman demain à 18h', channel: 'simulator', createdAt: '2026-03-01T10:00:00Z' } },
  {
    type: 'message',
    data: {
      id: '2', direction: 'outgoing', messageType: 'text', text: '📅 Appeler maman — demain à 18:00 (Paris). Je confirme ?', channel: 'simulator', createdAt: '2026-03-01T10:00:01Z',
      buttons: [{ id: 'confirm:9', title: 'Confirmer' }, { id: 'cancel:9', title: 'Annuler' }],
    },
  },
];

function server() {
  return installFakeFetch((c) => {
    if (c.path === '/api/simulator/messages' && c.method === 'GET') return { status: 200, body: history };
    if (c.path === '/api/simulator/messages' && c.method === 'POST') return { status: 202, body: { success: true } };
    return undefined;
  });
}

describe('SimulatorPage', () => {
  const realSocket = globalThis.WebSocket;
  beforeEach(() => {
    (globalThis as { WebSocket: unknown }).WebSocket = FakeSocket;
  });
  afterEach(() => {
    (globalThis as { WebSocket: unknown }).WebSocket = realSocket;
  });

  it('speaks French from the catalogs, shows the history and registers the user on the socket', async () => {
    server();
    await renderPage();
    expect(screen.getByRole('heading', { name: 'Simulateur de conversation' })).toBeInTheDocument();
    expect(screen.getByTestId('connection')).toHaveTextContent('connexion…');
    await FakeSocket.last!.open();
    expect(screen.getByTestId('connection')).toHaveTextContent('connecté');
    expect(FakeSocket.last!.sent).toEqual([{ type: 'register', phoneNumber: testUser.phoneNumber, userId: testUser.id }]);
    const bot = await screen.findByTestId('msg-bot');
    expect(within(bot).getByText('Rappel')).toBeInTheDocument();
    expect(within(screen.getByTestId('msg-user')).getByText('Vous')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveAttribute('placeholder', 'par ex. appeler maman demain à 18h');
    expect(screen.getByRole('button', { name: 'Enregistrer une note vocale' })).toBeInTheDocument();
  });

  it('speaks English when the visitor does', async () => {
    installFakeFetch((c) => (c.method === 'GET' ? { status: 200, body: [] } : undefined));
    await renderPage('en');
    expect(screen.getByRole('heading', { name: 'Chat simulator' })).toBeInTheDocument();
    expect(screen.getByText('Say hello, or tell the bot what to remind you of and when.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
    await FakeSocket.last!.open();
    expect(screen.getByTestId('connection')).toHaveTextContent('connected');
  });

  it('sends typed text and a tapped button with its title', async () => {
    const calls = server();
    await renderPage();
    await FakeSocket.last!.open();
    await userEvent.type(screen.getByLabelText('Message'), 'payer le loyer vendredi');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmer' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        { text: 'payer le loyer vendredi' },
        { buttonId: 'confirm:9', title: 'Confirmer' },
      ]),
    );
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it('labels a delivered reminder and reports a refused message in the current language', async () => {
    server();
    await renderPage();
    await FakeSocket.last!.open();
    FakeSocket.last!.push({ type: 'reminder', data: { id: '3', direction: 'outgoing', messageType: 'text', text: '⏰ Rappel : Appeler maman', channel: 'simulator', createdAt: '2026-03-02T17:00:00Z' } });
    const delivered = await waitFor(() => screen.getAllByTestId('msg-bot').find((m) => m.dataset.kind === 'reminder')!);
    expect(within(delivered).getByText('⏰ Rappel')).toBeInTheDocument();
    FakeSocket.last!.push({ type: 'error', ref: 'x', message: 'Quota atteint' });
    expect(await screen.findByText('Message non envoyé')).toBeInTheDocument();
    expect(screen.getByText('Quota atteint')).toBeInTheDocument();
  });
});
