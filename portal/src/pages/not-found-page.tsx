import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LogoMark } from '../components/logo';
import { buttonClasses } from '../components/ui/button';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center gap-5 px-6 text-center">
      <LogoMark className="h-14 w-14" />
      <p className="text-6xl font-extrabold tracking-tight text-gradient">404</p>
      <h1 className="text-2xl font-bold text-fg">{t('notFound.title')}</h1>
      <p className="max-w-sm text-fg-muted">{t('notFound.description')}</p>
      <Link href="/" className={buttonClasses('primary', 'md')}>{t('common.backHome')}</Link>
    </main>
  );
}
