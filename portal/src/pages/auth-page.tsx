import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { AppTopBar } from '../components/app-top-bar';
import { ForgotPasswordDialog, type PasswordDialogMode } from '../components/auth/forgot-password-dialog';
import { LoginForm } from '../components/auth/login-form';
import { RegisterForm } from '../components/auth/register-form';
import { ChatMock } from '../components/chat-mock';
import { Card, CardBody } from '../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { safeRedirect } from '../lib/safe-redirect';
import { currentUser } from '../state/session';
import { useSignalValue } from '../state/use-signal-value';

/** SPEC §9: a signed-in visitor moves on after about 100 ms. */
export const AUTH_REDIRECT_DELAY_MS = 100;

export function AuthPage() {
  const { t } = useTranslation();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const [, navigate] = useLocation();
  const user = useSignalValue(currentUser);
  const wantsRegister = params.get('tab') === 'register' || params.get('action') === 'register';
  const [tab, setTab] = useState(wantsRegister ? 'register' : 'login');
  const linkedPhone = params.get('phone') ?? '';
  // The bot's welcome message to an account it created (no password yet) ends in setPassword=1.
  const wantsSetPassword = params.get('setPassword') === '1';
  const [forgotOpen, setForgotOpen] = useState(wantsSetPassword);
  const [passwordMode, setPasswordMode] = useState<PasswordDialogMode>(wantsSetPassword ? 'set' : 'reset');
  const redirect = safeRedirect(params.get('redirect'));
  const sponsorship = (params.get('sponsorship') ?? '').toUpperCase();

  useEffect(() => {
    if (!user) return;
    const timer = setTimeout(() => navigate(redirect, { replace: true }), AUTH_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [user, redirect, navigate]);

  return (
    <div className="flex min-h-screen flex-col">
      <AppTopBar />
      <main id="main" className="container-page grid grid-cols-1 flex-1 items-start gap-10 py-10 nav:grid-cols-[1fr_0.85fr] nav:py-16">
        <div className="mx-auto w-full max-w-lg">
          <h1 className="text-3xl font-bold tracking-tight text-fg">{t('auth.title')}</h1>
          <p className="mb-6 mt-2 text-fg-muted">{t('auth.subtitle')}</p>
          {user && (
            <p role="status" className="mb-4 rounded-xl bg-primary-soft px-4 py-3 text-sm font-medium text-primary-soft-fg">
              {t('auth.redirecting')}
            </p>
          )}
          <Card>
            <CardBody>
              <Tabs value={tab} onValueChange={setTab}>
                <TabsList label={t('auth.title')}>
                  <TabsTrigger value="login">{t('auth.loginTab')}</TabsTrigger>
                  <TabsTrigger value="register">{t('auth.registerTab')}</TabsTrigger>
                </TabsList>
                <TabsContent value="login">
                  {/* The WhatsApp welcome message links here with the number filled in. */}
                  <LoginForm
                    onForgotPassword={() => {
                      setPasswordMode('reset');
                      setForgotOpen(true);
                    }}
                    initialIdentifier={linkedPhone}
                  />
                </TabsContent>
                <TabsContent value="register">
                  <RegisterForm referralCode={sponsorship} />
                </TabsContent>
              </Tabs>
            </CardBody>
          </Card>
        </div>
        <aside className="mx-auto flex w-full max-w-lg flex-col gap-6 nav:max-w-none" aria-label={t('testimonial.sample')}>
          <ChatMock className="hidden nav:block" />
          <figure className="rounded-2xl border border-border bg-surface p-6 shadow-card">
            <blockquote className="text-base leading-relaxed text-fg">“{t('testimonial.quote')}”</blockquote>
            <figcaption className="mt-4 flex items-center gap-3">
              <span className="flex h-10 w-10 items-center justify-center rounded-full bg-accent-soft font-bold text-accent-soft-fg">SM</span>
              <span>
                <span className="block text-sm font-semibold text-fg">{t('testimonial.author')}</span>
                <span className="block text-xs text-fg-muted">{t('testimonial.role')} · {t('testimonial.sample')}</span>
              </span>
            </figcaption>
          </figure>
        </aside>
      </main>
      <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} mode={passwordMode} initialPhone={linkedPhone} />
    </div>
  );
}
