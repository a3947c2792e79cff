import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { logout } from '../api/auth';
import { messageOf } from '../api/api-error';
import { createTelegramLink } from '../api/messaging-link';
import { updateTimezone } from '../api/profile';
import { usePublicConfigQuery } from '../api/public-config';
import { queryKeys } from '../api/query-keys';
import { useRemindersQuery } from '../api/reminders';
import { usePlanDebugQuery, useSubscriptionQuery } from '../api/subscription';
import { AppTopBar } from '../components/app-top-bar';
import { Avatar, ProfileTab } from '../components/dashboard/profile-tab';
import { PhoneProofBanner } from '../components/dashboard/phone-proof-banner';
import { RecentActivity } from '../components/dashboard/recent-activity';
import { RemindersTab } from '../components/dashboard/reminders-tab';
import { StatsTab } from '../components/dashboard/stats-tab';
import { mergeSubscriptionFacts, SubscriptionBadge } from '../components/dashboard/subscription-badge';
import { SubscriptionTab } from '../components/dashboard/subscription-tab';
import { Button, buttonClasses } from '../components/ui/button';
import { Card, CardBody } from '../components/ui/card';
import { cn } from '../components/ui/cn';
import { LogOutIcon, PlusIcon, WhatsappIcon } from '../components/ui/icons';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { whatsappChatUrl } from '../components/whatsapp-button';
import { detectBrowserTimezone } from '../lib/timezones';
import { currentUser, setCurrentUser } from '../state/session';
import { showToast } from '../state/toasts';
import { useSignalValue } from '../state/use-signal-value';

const TABS = ['reminders', 'stats', 'profile', 'subscription'] as const;

export function DashboardPage() {
  const { t } = useTranslation();
  const user = useSignalValue(currentUser)!;
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const planParam = params.get('plan');
  const tabParam = params.get('tab');
  const initialTab = planParam ? 'subscription' : TABS.includes(tabParam as (typeof TABS)[number]) ? tabParam! : 'reminders';
  const [tab, setTab] = useState(initialTab);
  const queryClient = useQueryClient();
  const reminders = useRemindersQuery();
  const subscription = useSubscriptionQuery();
  const planDebug = usePlanDebugQuery();
  const config = usePublicConfigQuery();
  const [loggingOut, setLoggingOut] = useState(false);
  const zoneSaved = useRef(false);

  // A user without a zone gets the browser's, saved once (SPEC §2 profile: zone detected and saved).
  useEffect(() => {
    if (zoneSaved.current || user.timezone) return;
    zoneSaved.current = true;
    const zone = detectBrowserTimezone();
    updateTimezone(zone)
      .then((next) => {
        queryClient.setQueryData(queryKeys.user, next);
        setCurrentUser(next);
      })
      .catch(() => showToast({ title: t('profile.timezoneUpdateFailed'), variant: 'destructive' }));
  }, [user.timezone, queryClient, t]);

  const connectTelegram = async () => {
    // Opened during the click, while it still counts as a user gesture (browsers block a window
    // opened after an await), then pointed at the deep link once the server has made it.
    const tab = window.open('', '_blank');
    try {
      const { url } = await createTelegramLink();
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.location.assign(url);
      }
    } catch (err) {
      tab?.close();
      showToast({ title: t('dashboard.telegramError'), description: messageOf(err, ''), variant: 'destructive' });
    }
  };

  const expired = subscription.data?.status === 'expired';
  const list = reminders.data ?? [];

  const onLogout = async () => {
    setLoggingOut(true);
    try {
      await logout();
      queryClient.clear();
      setCurrentUser(null);
      queryClient.setQueryData(queryKeys.user, null);
      navigate('/auth', { replace: true });
    } catch {
      showToast({ title: t('dashboard.logoutFailed'), variant: 'destructive' });
    } finally {
      setLoggingOut(false);
    }
  };

  const newReminder = expired ? (
    <Button disabled title={t('dashboard.newReminderDisabled')} aria-describedby="new-reminder-disabled">
      <PlusIcon className="h-4 w-4" />
      {t('dashboard.newReminder')}
    </Button>
  ) : (
    <Link href="/create-reminder" className={buttonClasses('primary', 'md')}>
      <PlusIcon className="h-4 w-4" />
      {t('dashboard.newReminder')}
    </Link>
  );

  return (
    <div className="flex min-h-screen flex-col">
      <AppTopBar>
        <Button variant="ghost" size="sm" onClick={() => void onLogout()} busy={loggingOut} aria-label={t('dashboard.logout')}>
          <LogOutIcon className="h-4 w-4" />
          <span className="hidden sm:inline">{t('dashboard.logout')}</span>
        </Button>
      </AppTopBar>
      <main id="main" className="container-page flex-1 py-8 md:py-10">
        <div className="mb-8 flex flex-col gap-5 md:flex-row md:items-center md:justify-between">
          <div className="flex items-center gap-4">
            <Avatar user={user} size="h-14 w-14" />
            <div>
              <h1 className="text-2xl font-bold tracking-tight text-fg md:text-3xl">
                {t('dashboard.greeting', { name: user.displayName || user.username })}
              </h1>
              <div className="mt-1 flex flex-wrap items-center gap-2">
                <p className="text-sm text-fg-muted">{t('dashboard.subtitle')}</p>
                <SubscriptionBadge facts={mergeSubscriptionFacts(subscription.data, planDebug.data)} />
              </div>
            </div>
          </div>
          <div className="flex flex-col gap-1">
            {newReminder}
            {expired && <p id="new-reminder-disabled" className="max-w-xs text-xs text-danger">{t('dashboard.newReminderDisabled')}</p>}
          </div>
        </div>
        <PhoneProofBanner user={user} onProved={(u) => setCurrentUser(u)} />
        <div className="grid grid-cols-1 gap-6 nav:grid-cols-[1fr_20rem]">
          <Tabs value={tab} onValueChange={setTab} className="min-w-0">
            <TabsList label={t('dashboard.title')}>
              {TABS.map((key) => (
                <TabsTrigger key={key} value={key}>{t(`dashboard.tabs.${key}`)}</TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="reminders">
              <RemindersTab reminders={list} loading={reminders.isPending} error={reminders.isError} canCreate={!expired} />
            </TabsContent>
            <TabsContent value="stats">
              <StatsTab reminders={list} subscription={subscription.data} />
            </TabsContent>
            <TabsContent value="profile">
              <ProfileTab user={user} />
            </TabsContent>
            <TabsContent value="subscription">
              <SubscriptionTab subscription={subscription.data} planDebug={planDebug.data} highlightPlan={planParam} />
            </TabsContent>
          </Tabs>
          <aside className="flex flex-col gap-6 nav:mt-[3.75rem]">
            <RecentActivity reminders={list} />
            <Card className="overflow-hidden">
              <CardBody className="flex flex-col gap-3 bg-gradient-to-br from-primary-soft to-transparent">
                <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-[#25D366] text-white"><WhatsappIcon className="h-5 w-5" /></span>
                <p className="font-semibold text-fg">{t('dashboard.linkTitle')}</p>
                <p className="text-sm text-fg-muted">{t('dashboard.linkText')}</p>
                {/* The card speaks of WhatsApp, so it comes first; the simulator leads only where there is no WhatsApp. */}
                <div className="mt-1 flex flex-col gap-2">
                  {config.data?.whatsappNumber && (
                    <a
                      href={whatsappChatUrl(config.data.whatsappNumber, t('whatsapp.greeting'))}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={cn(buttonClasses('primary', 'sm'), 'w-full')}
                    >
                      <WhatsappIcon className="h-4 w-4" />
                      {t('dashboard.openWhatsapp')}
                    </a>
                  )}
                  {config.data?.telegramBotUsername && (
                    <Button variant="outline" size="sm" className="w-full" onClick={() => void connectTelegram()}>
                      {t('dashboard.connectTelegram')}
                    </Button>
                  )}
                  {config.data?.simulator && (
                    <Link href="/simulator" className={cn(buttonClasses(config.data.whatsappNumber ? 'outline' : 'primary', 'sm'), 'w-full')}>
                      {t('simulator.open')}
                    </Link>
                  )}
                </div>
              </CardBody>
            </Card>
          </aside>
        </div>
      </main>
    </div>
  );
}
