import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../api/admin';
import type { Role } from '../api/types';
import { BellIcon, buttonClasses, ChartIcon, ClockIcon, cn, CreditCardIcon, LogOutIcon, LogoMark, MessageIcon, MoonIcon, ShieldCheckIcon, SunIcon, theme, toggleTheme, UserIcon, useSignalValue } from '../ui';

export interface MenuEntry {
  href: string;
  label: string;
  icon: (p: { className?: string }) => ReactNode;
  roles: Role[];
}

/** The left menu: the spec's five entries, then the support console and the audit log. */
export const MENU: MenuEntry[] = [
  { href: '/', label: 'Tableau de bord', icon: ChartIcon, roles: ['admin'] },
  { href: '/users', label: 'Utilisateurs', icon: UserIcon, roles: ['admin', 'support'] },
  { href: '/reminders', label: 'Rappels', icon: ClockIcon, roles: ['admin', 'support'] },
  { href: '/referrals', label: 'Parrainage', icon: CreditCardIcon, roles: ['admin'] },
  { href: '/push-notifications', label: 'Notifications push', icon: BellIcon, roles: ['admin'] },
  { href: '/conversations', label: 'Conversations', icon: MessageIcon, roles: ['admin', 'support'] },
  { href: '/audit', label: 'Journal', icon: ShieldCheckIcon, roles: ['admin'] },
];

export function isCurrent(href: string, location: string): boolean {
  return href === '/' ? location === '/' || location === '' : location === href || location.startsWith(`${href}/`);
}

export function AdminLayout({ title, role, children }: { title: string; role: Role; children: ReactNode }) {
  const [location, navigate] = useLocation();
  const qc = useQueryClient();
  const current = useSignalValue(theme);
  const entries = MENU.filter((m) => m.roles.includes(role));
  const logout = async () => {
    await adminApi.logout().catch(() => undefined);
    qc.clear();
    navigate('/login');
  };
  return (
    <div className="min-h-screen bg-bg text-fg">
      <header className="sticky top-0 z-40 border-b border-border bg-bg-elevated/95 backdrop-blur">
        <div className="flex h-14 items-center gap-3 px-4 md:px-6">
          <Link href="/" className="flex items-center gap-2 font-bold tracking-tight" aria-label="Rappel Admin">
            <LogoMark className="h-7 w-7" />
            <span className="text-lg">Rappel</span>
          </Link>
          <span className="rounded-full bg-primary-soft px-2.5 py-0.5 text-xs font-semibold text-primary-soft-fg">Admin</span>
          {role === 'support' && <span className="rounded-full bg-info-soft px-2.5 py-0.5 text-xs font-semibold text-info-soft-fg">Support</span>}
          <div className="ml-auto flex items-center gap-1">
            <button type="button" onClick={toggleTheme} className={buttonClasses('ghost', 'icon')} aria-label={current === 'dark' ? 'Passer en thème clair' : 'Passer en thème sombre'}>
              {current === 'dark' ? <SunIcon className="h-5 w-5" /> : <MoonIcon className="h-5 w-5" />}
            </button>
            <button type="button" onClick={logout} className={buttonClasses('outline', 'sm')}>
              <LogOutIcon className="h-4 w-4" />
              <span className="hidden sm:inline">Déconnexion</span>
            </button>
          </div>
        </div>
        {/* Below md the menu is a scrolling row under the header. */}
        <nav aria-label="Menu d'administration" className="flex gap-1 overflow-x-auto border-t border-border px-2 py-1.5 md:hidden">
          {entries.map((m) => (
            <Link key={m.href} href={m.href} aria-current={isCurrent(m.href, location) ? 'page' : undefined}
              className={cn('whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-medium', isCurrent(m.href, location) ? 'bg-primary text-primary-fg' : 'text-fg-muted hover:bg-surface-muted')}>
              {m.label}
            </Link>
          ))}
        </nav>
      </header>
      <div className="flex">
        <nav aria-label="Menu d'administration" className="sticky top-14 hidden h-[calc(100vh-3.5rem)] w-60 flex-none flex-col gap-1 border-r border-border p-3 md:flex">
          {entries.map((m) => {
            const Icon = m.icon;
            const active = isCurrent(m.href, location);
            return (
              <Link key={m.href} href={m.href} aria-current={active ? 'page' : undefined}
                className={cn('flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition-colors', active ? 'bg-primary-soft text-primary-soft-fg' : 'text-fg-muted hover:bg-surface-muted hover:text-fg')}>
                <Icon className="h-4 w-4" />
                {m.label}
              </Link>
            );
          })}
        </nav>
        <main className="min-w-0 flex-1 p-4 md:p-8">
          <h1 className="mb-6 text-2xl font-bold tracking-tight md:text-3xl">{title}</h1>
          {children}
        </main>
      </div>
    </div>
  );
}
