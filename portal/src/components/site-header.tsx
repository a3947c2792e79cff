import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { currentUser } from '../state/session';
import { useSignalValue } from '../state/use-signal-value';
import { LanguageSelect } from './language-select';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';
import { buttonClasses } from './ui/button';
import { cn } from './ui/cn';
import { CloseIcon, MenuIcon } from './ui/icons';

export const SECTION_IDS = {
  whyChoose: 'why-rappel',
  howItWorks: 'how-it-work',
  pricing: 'pricing',
  features: 'features',
  faq: 'faq',
  getStarted: 'get-started',
} as const;

const SHRINK_AFTER_PX = 50;

/** Landing-style header, reused by the public pages (anchors then point back to "/"). */
export function SiteHeader() {
  const { t } = useTranslation();
  const user = useSignalValue(currentUser);
  const [location] = useLocation();
  const [shrunk, setShrunk] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const onLanding = location === '/';

  useEffect(() => {
    const onScroll = () => setShrunk(window.scrollY > SHRINK_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const anchors = (Object.keys(SECTION_IDS) as Array<keyof typeof SECTION_IDS>).map((key) => ({
    key,
    href: `${onLanding ? '' : '/'}#${SECTION_IDS[key]}`,
    label: t(`nav.${key}`),
  }));

  const accountLinks = user ? (
    <Link href="/dashboard" className={buttonClasses('primary', 'sm')}>
      {t('nav.dashboard')}
    </Link>
  ) : (
    <>
      <Link href="/auth" className={buttonClasses('ghost', 'sm')}>
        {t('nav.login')}
      </Link>
      <Link href="/auth?tab=register" className={buttonClasses('primary', 'sm')}>
        {t('nav.register')}
      </Link>
    </>
  );

  return (
    <header
      data-shrunk={shrunk}
      className={cn(
        'fixed inset-x-0 top-0 z-40 border-b transition-all duration-300',
        shrunk ? 'border-border bg-bg/85 py-2 shadow-sm backdrop-blur-md' : 'border-transparent bg-transparent py-4',
      )}
    >
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-2 focus:rounded focus:bg-primary focus:px-3 focus:py-1 focus:text-primary-fg">
        {t('nav.skipToContent')}
      </a>
      <div className="container-page flex items-center justify-between gap-4">
        <Logo />
        <nav aria-label={t('nav.mainNavigation')} className="hidden nav:block">
          <ul className="flex items-center">
            {anchors.map((a) => (
              <li key={a.key}>
                <a href={a.href} className="whitespace-nowrap rounded-full px-2.5 py-2 text-sm font-medium text-fg-muted transition-colors hover:text-fg">
                  {a.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden items-center gap-2 nav:flex">
          <LanguageSelect withArabic />
          <ThemeToggle />
          {accountLinks}
        </div>
        <div className="flex items-center gap-1 nav:hidden">
          <ThemeToggle />
          <button
            type="button"
            className={buttonClasses('ghost', 'icon')}
            aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? <CloseIcon className="h-6 w-6" /> : <MenuIcon className="h-6 w-6" />}
          </button>
        </div>
      </div>
      {menuOpen && (
        <div id="mobile-menu" className="container-page nav:hidden">
          <div className="mt-3 rounded-2xl border border-border bg-bg-elevated p-4 shadow-pop animate-rise-in">
            <nav aria-label={t('nav.menu')}>
              <ul className="flex flex-col">
                {anchors.map((a) => (
                  <li key={a.key}>
                    <a
                      href={a.href}
                      onClick={() => setMenuOpen(false)}
                      className="block rounded-xl px-3 py-3 text-base font-medium text-fg hover:bg-surface-muted"
                    >
                      {a.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="mt-3 flex items-center justify-between gap-2 border-t border-border pt-4">
              <LanguageSelect withArabic />
              <div className="flex gap-2">{accountLinks}</div>
            </div>
          </div>
        </div>
      )}
    </header>
  );
}
