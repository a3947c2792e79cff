import type { Page, Route } from 'playwright-core';

/**
 * An in-memory stand-in for the server's HTTP API (same paths, payloads and error shape), for
 * browser runs without the real server — screenshots need stable data.
 */
export interface MockUser {
  id: number;
  username: string;
  displayName: string | null;
  phoneNumber: string;
  /** False while the number is only claimed (the portal shows the proof banner). */
  phoneVerified?: boolean;
  email: string | null;
  language: 'fr' | 'en';
  timezone: string | null;
  profileImage: string | null;
  role: string;
  plan: string;
  createdAt: string;
}

export interface MockReminder {
  id: number;
  subject: string;
  reminderText: string;
  reminderTime: string;
  status: 'pending' | 'sent' | 'failed' | 'cancelled';
  languageCode: 'fr' | 'en';
  voiceNoteUrl: string | null;
  createdAt: string;
  timezone: string | null;
  waitingFor?: 'phone_proof' | null;
}

export class MockApi {
  user: MockUser | null = null;
  password = '';
  reminders: MockReminder[] = [];
  private nextId = 100;
  readonly calls: Array<{ method: string; path: string; body: unknown }> = [];
  conversation: Array<{ type: 'message' | 'reminder'; data: Record<string, unknown> }> = [];

  signIn(user: Partial<MockUser> = {}): MockUser {
    this.user = {
      id: 1,
      username: '+33612345678',
      displayName: 'Camille Laurent',
      phoneNumber: '+33612345678',
      email: 'camille@example.com',
      language: 'fr',
      timezone: 'Europe/Paris',
      profileImage: null,
      role: 'user',
      plan: 'premium',
      createdAt: new Date(Date.now() - 40 * 86400000).toISOString(),
      ...user,
    };
    return this.user;
  }

  /** A short simulator exchange in the server's live-message shape, for GET /api/simulator/messages. */
  seedConversation(): void {
    const t0 = Date.now() - 15 * 60000;
    const at = (min: number) => new Date(t0 + min * 60000).toISOString();
    const msg = (id: number, direction: 'incoming' | 'outgoing', text: string, min: number, extra: Record<string, unknown> = {}) => ({
      type: 'message' as const,
      data: { id: String(id), direction, messageType: 'text', text, channel: 'simulator', createdAt: at(min), ...extra },
    });
    this.conversation = [
      msg(1, 'incoming', 'bonjour', 0),
      msg(2, 'outgoing', '👋 Bienvenue sur Rappel ! Envoyez-moi une note vocale ou un message comme « appeler maman demain à 18h » et je vous le rappellerai par note vocale.', 0),
      msg(3, 'incoming', 'rappelle-moi d’appeler le dentiste demain à 9h', 1, { messageType: 'voice' }),
      msg(4, 'outgoing', '📅 Appeler le dentiste — demain à 09:00 (Paris). Je confirme ?', 1, {
        buttons: [{ id: 'confirm:1', title: 'Confirmer' }, { id: 'edit:1', title: 'Modifier' }, { id: 'cancel:1', title: 'Annuler' }],
      }),
      msg(5, 'incoming', 'Confirmer', 2),
      msg(6, 'outgoing', 'C’est noté ✅ Je vous enverrai une note vocale demain à 09:00.', 2),
      {
        type: 'reminder' as const,
        data: {
          id: '7', direction: 'outgoing', messageType: 'voice', text: '⏰ Rappel : Appeler le dentiste', channel: 'simulator', createdAt: at(14), audioUrl: '/voice/demo.ogg',
          buttons: [{ id: 'snooze:1', title: 'Dans 10 min' }, { id: 'done:1', title: 'Fait' }],
        },
      },
    ];
  }

  seedReminders(): void {
    const h = 3600000;
    const now = Date.now();
    const mk = (subject: string, text: string, inHours: number, status: MockReminder['status'], voice = false): MockReminder => ({
      id: this.nextId++,
      subject,
      reminderText: text,
      reminderTime: new Date(now + inHours * h).toISOString(),
      status,
      languageCode: 'fr',
      voiceNoteUrl: voice ? '/voice/demo.ogg' : null,
      createdAt: new Date(now - (10 - this.nextId % 10) * h).toISOString(),
      timezone: 'Europe/Paris',
    });
    this.reminders = [
      mk('Appeler le dentiste', 'Prendre rendez-vous pour le contrôle de Léa.', 18, 'pending', true),
      mk('Payer la facture d’électricité', 'Facture EDF de mars, 84,20 € avant le 5.', 52, 'pending'),
      mk('Anniversaire de maman', 'Acheter des fleurs et réserver le restaurant.', 120, 'pending', true),
      mk('Réunion d’équipe', 'Préparer les chiffres du trimestre.', -20, 'sent', true),
      mk('Renouveler le passeport', 'Prendre les photos d’identité avant.', -60, 'failed'),
    ];
  }

  private json(route: Route, status: number, body: unknown) {
    return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  }

  private error(route: Route, status: number, message: string) {
    const error = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict' }[status] ?? 'Error';
    return this.json(route, status, { statusCode: status, error, message });
  }

  private subscription() {
    const trialEndsAt = new Date(Date.now() + 5 * 86400000 + 3600000).toISOString();
    return {
      status: 'trial',
      plan: this.user?.plan ?? 'premium',
      trialEndsAt,
      isOnTrial: true,
      trialDaysLeft: 6,
      subscriptionEndsAt: null,
      billingCycle: null,
      quota: { limit: null, used: this.reminders.length, windowDays: 7, nextAvailableAt: null },
    };
  }

  async install(page: Page): Promise<void> {
    await page.route('**/api/**', (route) => this.handle(route));
    // The simulator's live socket: accepted and kept open, so the page shows itself connected.
    await page.routeWebSocket('**/ws', () => undefined);
  }

  private async handle(route: Route) {
    const req = route.request();
    const url = new URL(req.url());
    const path = url.pathname;
    const method = req.method();
    const body = req.postData() ? JSON.parse(req.postData()!) : undefined;
    this.calls.push({ method, path, body });
    const user = this.user;
    if (path === '/api/config/public') {
      return this.json(route, 200, { whatsappNumber: '+33757000000', telegramBotUsername: 'rappel_bot', simulator: true, payments: 'off' });
    }
    if (path === '/api/newsletter/subscribe') return this.json(route, 200, { success: true, message: 'Subscribed' });
    if (path === '/api/whatsapp/link') {
      // Worded like the server's answer, in the language the page sent.
      return this.json(route, 200, { success: true, message: body?.language === 'en' ? 'Welcome message sent on WhatsApp.' : 'Message de bienvenue envoyé sur WhatsApp.' });
    }
    if (path === '/api/login') {
      if (user && body.password === this.password && (body.username === user.phoneNumber || body.username === user.username)) return this.json(route, 200, user);
      return this.error(route, 401, 'Invalid credentials');
    }
    if (path === '/api/register') {
      if (user && user.phoneNumber === body.phoneNumber) return this.error(route, 409, 'This username or phone number already exists');
      this.password = body.password;
      return this.json(route, 201, this.signIn({ phoneNumber: body.phoneNumber, username: body.username ?? body.phoneNumber, displayName: null, timezone: null }));
    }
    if (path === '/api/logout') {
      this.user = null;
      return this.json(route, 200, { success: true });
    }
    if (!user) return this.error(route, 401, 'Unauthorized');
    if (path === '/api/user') return this.json(route, 200, user);
    if (path.startsWith('/api/user/') && method === 'PATCH') {
      Object.assign(user, body);
      return this.json(route, 200, user);
    }
    if (path === '/api/subscription') return this.json(route, 200, this.subscription());
    if (path === '/api/telegram/link-token' && method === 'POST') {
      return this.json(route, 201, { url: 'https://t.me/rappel_bot?start=mock-link-token', token: 'mock-link-token', expiresAt: new Date(Date.now() + 1800000).toISOString() });
    }
    if (path === '/api/simulator/messages' && method === 'GET') return this.json(route, 200, this.conversation);
    if (path === '/api/simulator/messages' && method === 'POST') return this.json(route, 202, { success: true });
    if (path === '/api/plan-debug') {
      const s = this.subscription();
      return this.json(route, 200, { plan: s.plan, trialEndsAt: s.trialEndsAt, subscriptionEndsAt: null });
    }
    if (path === '/api/reminders' && method === 'GET') {
      return this.json(route, 200, [...this.reminders].sort((a, b) => Date.parse(b.reminderTime) - Date.parse(a.reminderTime)));
    }
    if (path === '/api/reminders' && method === 'POST') {
      const r: MockReminder = {
        id: this.nextId++,
        subject: body.subject,
        reminderText: body.reminderText,
        reminderTime: body.time,
        status: 'pending',
        languageCode: user.language,
        voiceNoteUrl: null,
        createdAt: new Date().toISOString(),
        timezone: body.timezone ?? user.timezone,
      };
      this.reminders.push(r);
      return this.json(route, 201, r);
    }
    const m = path.match(/^\/api\/reminders\/(\d+)$/);
    if (m) {
      const r = this.reminders.find((x) => x.id === Number(m[1]));
      if (!r) return this.error(route, 404, 'Reminder not found');
      if (method === 'DELETE') {
        this.reminders = this.reminders.filter((x) => x !== r);
        return this.json(route, 200, { success: true });
      }
      if (body.time) r.reminderTime = body.time;
      if (body.status) r.status = body.status;
      if (body.subject) r.subject = body.subject;
      return this.json(route, 200, r);
    }
    return this.error(route, 404, `No mock for ${method} ${path}`);
  }
}
