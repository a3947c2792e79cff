import '@testing-library/jest-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createQueryClient } from '../api/query-client';
import type { Language, User } from '../api/types';
import { Toaster } from '../components/ui/toaster';
import i18n, { initI18n } from '../i18n/i18n';
import { language } from '../state/language';
import { setCurrentUser } from '../state/session';
import { dismissToast } from '../state/toasts';

// Radix primitives call browser APIs jsdom lacks.
const proto = window.HTMLElement.prototype as unknown as Record<string, unknown>;
proto.hasPointerCapture ??= () => false;
proto.releasePointerCapture ??= () => undefined;
proto.scrollIntoView ??= () => undefined;
(globalThis as Record<string, unknown>).ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

export const testUser: User = {
  id: 7,
  username: '+33612345678',
  displayName: 'Camille',
  phoneNumber: '+33612345678',
  email: null,
  language: 'fr',
  timezone: 'Europe/Paris',
  profileImage: null,
  role: 'user',
  plan: 'premium',
  createdAt: '2026-01-10T10:00:00.000Z',
};

export function renderWithApp(ui: ReactElement, opts: { lang?: Language; user?: User | null } = {}) {
  const lang = opts.lang ?? 'fr';
  language.value = lang;
  initI18n(lang);
  void i18n.changeLanguage(lang);
  setCurrentUser(opts.user === undefined ? null : opts.user);
  dismissToast();
  const queryClient = createQueryClient();
  const result = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {ui}
        <Toaster closeLabel="close" />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...result, queryClient };
}
