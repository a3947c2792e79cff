import { useTranslation } from 'react-i18next';
import { theme, toggleTheme } from '../state/theme';
import { useSignalValue } from '../state/use-signal-value';
import { buttonClasses } from './ui/button';
import { MoonIcon, SunIcon } from './ui/icons';

export function ThemeToggle() {
  const { t } = useTranslation();
  const current = useSignalValue(theme);
  const next = current === 'dark' ? t('theme.light') : t('theme.dark');
  return (
    <button
      type="button"
      onClick={toggleTheme}
      className={buttonClasses('ghost', 'icon')}
      aria-label={`${t('theme.toggle')} — ${next}`}
      title={next}
      data-theme-current={current}
    >
      {current === 'dark' ? <SunIcon className="h-5 w-5" /> : <MoonIcon className="h-5 w-5" />}
    </button>
  );
}
