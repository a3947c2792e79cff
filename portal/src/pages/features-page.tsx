import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PublicLayout } from '../components/public-layout';
import { buttonClasses } from '../components/ui/button';
import { BellIcon, ClockIcon, GlobeIcon, MessageIcon, MicIcon } from '../components/ui/icons';

const ITEMS = [
  { key: 'voice', Icon: MicIcon },
  { key: 'smart', Icon: BellIcon },
  { key: 'messaging', Icon: MessageIcon },
  { key: 'multilingual', Icon: GlobeIcon },
  { key: 'timezone', Icon: ClockIcon },
] as const;

export function FeaturesPage() {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <section className="container-page pb-20 pt-32 md:pt-40">
        <div className="mx-auto mb-14 max-w-2xl text-center">
          <h1 className="text-4xl font-extrabold tracking-tight text-fg md:text-5xl">{t('features.title')}</h1>
          <p className="mt-4 text-lg text-fg-muted">{t('features.subtitle')}</p>
        </div>
        <ul className="mx-auto grid grid-cols-1 max-w-5xl gap-5 md:grid-cols-2">
          {ITEMS.map(({ key, Icon }) => (
            <li key={key} className="flex gap-4 rounded-2xl border border-border bg-surface p-6 shadow-card">
              <span className="flex h-12 w-12 flex-none items-center justify-center rounded-xl bg-primary-soft text-primary-soft-fg"><Icon className="h-6 w-6" /></span>
              <div>
                <h2 className="text-lg font-semibold text-fg">{t(`features.items.${key}.title`)}</h2>
                <p className="mt-1 text-sm leading-relaxed text-fg-muted">{t(`features.items.${key}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-12 flex justify-center">
          <Link href="/auth?tab=register" className={buttonClasses('primary', 'lg')}>{t('cta.button')}</Link>
        </div>
      </section>
    </PublicLayout>
  );
}
