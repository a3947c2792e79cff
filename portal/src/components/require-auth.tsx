import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation, useSearch } from 'wouter';
import { language } from '../state/language';
import { currentUser } from '../state/session';
import { useSignalValue } from '../state/use-signal-value';
import { PageSpinner } from './ui/spinner';

/** Where a signed-out visitor is sent: /auth with the way back and the language (SPEC §2). */
export function authRedirectPath(path: string, search: string, lang: string): string {
  const target = path + (search ? `?${search}` : '');
  return `/auth?redirect=${encodeURIComponent(target)}&lang=${lang}`;
}

export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const user = useSignalValue(currentUser);
  const lang = useSignalValue(language);
  const [path] = useLocation();
  const search = useSearch();
  if (user === undefined) return <PageSpinner label={t('common.loading')} />;
  if (user === null) return <Redirect to={authRedirectPath(path, search, lang)} replace />;
  return <>{children}</>;
}
