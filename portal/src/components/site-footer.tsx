import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { usePublicConfigQuery } from '../api/public-config';
import { Logo } from './logo';
import { NewsletterForm } from './newsletter-form';
import { SECTION_IDS } from './site-header';

const SOCIAL = [
  { name: 'Instagram', href: 'https://www.instagram.com/rappel.app', short: 'IG' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/company/rappel-app', short: 'in' },
  { name: 'X', href: 'https://x.com/rappel_app', short: 'X' },
];

export function SiteFooter() {
  const { t } = useTranslation();
  const config = usePublicConfigQuery();
  const year = new Date().getFullYear();
  const linkClass = 'text-sm text-fg-muted transition-colors hover:text-fg';
  return (
    <footer className="border-t border-border bg-bg-elevated">
      <div className="container-page grid grid-cols-1 gap-10 py-14 md:grid-cols-2 nav:grid-cols-[1.4fr_1fr_1fr_1.6fr]">
        <div className="flex flex-col gap-4">
          <Logo />
          <p className="max-w-xs text-sm leading-relaxed text-fg-muted">{t('footer.about')}</p>
          <div>
            <p className="mb-2 text-xs font-semibold uppercase tracking-wider text-fg-muted">{t('footer.social')}</p>
            <ul className="flex gap-2">
              {SOCIAL.map((s) => (
                <li key={s.name}>
                  <a
                    href={s.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={s.name}
                    className="flex h-10 w-10 items-center justify-center rounded-full border border-border text-sm font-bold text-fg-muted transition-colors hover:border-primary hover:text-primary"
                  >
                    {s.short}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <div>
          <h2 className="mb-3 text-sm font-semibold text-fg">{t('footer.product')}</h2>
          <ul className="flex flex-col gap-2">
            <li><a className={linkClass} href={`/#${SECTION_IDS.howItWorks}`}>{t('nav.howItWorks')}</a></li>
            <li><a className={linkClass} href={`/#${SECTION_IDS.pricing}`}>{t('nav.pricing')}</a></li>
            <li><a className={linkClass} href={`/#${SECTION_IDS.whyChoose}`}>{t('nav.whyChoose')}</a></li>
            <li><Link className={linkClass} href="/features">{t('nav.features')}</Link></li>
            {config.data?.simulator && (
              <li><a className={linkClass} href="/simulator">{t('footer.simulator')}</a></li>
            )}
          </ul>
        </div>
        <div>
          <h2 className="mb-3 text-sm font-semibold text-fg">{t('footer.company')}</h2>
          <ul className="flex flex-col gap-2">
            <li><Link className={linkClass} href="/about">{t('nav.about')}</Link></li>
            <li><a className={linkClass} href={`/#${SECTION_IDS.faq}`}>{t('nav.faq')}</a></li>
            <li><a className={linkClass} href="/admin/login">{t('nav.admin')}</a></li>
          </ul>
        </div>
        <div>
          <h2 className="mb-1 text-sm font-semibold text-fg">{t('footer.newsletterTitle')}</h2>
          <p className="mb-3 text-sm text-fg-muted">{t('footer.newsletterText')}</p>
          <NewsletterForm />
        </div>
      </div>
      <div className="border-t border-border">
        <p className="container-page py-5 text-xs text-fg-muted">{t('footer.rights', { year })}</p>
      </div>
    </footer>
  );
}
