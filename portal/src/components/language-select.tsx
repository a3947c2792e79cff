import { useTranslation } from 'react-i18next';
import { language, languageSwitching, switchLanguage } from '../state/language';
import { useSignalValue } from '../state/use-signal-value';
import { Select, type SelectOption } from './ui/select';

/**
 * English / Français. Arabic shows only in the landing navbar (SPEC §1) and cannot be chosen,
 * since the product speaks only en and fr (SPEC §5).
 */
export function LanguageSelect({ withArabic = false, full = false, className }: { withArabic?: boolean; full?: boolean; className?: string }) {
  const { t } = useTranslation();
  const current = useSignalValue(language);
  const switching = useSignalValue(languageSwitching);
  const options: SelectOption[] = [
    { value: 'en', label: t('language.en'), text: full ? t('language.en') : 'EN' },
    { value: 'fr', label: t('language.fr'), text: full ? t('language.fr') : 'FR' },
  ];
  if (withArabic) options.push({ value: 'ar', label: t('language.ar'), text: 'AR', disabled: true });
  return (
    <Select
      value={current}
      onValueChange={(v) => void switchLanguage(v)}
      options={options}
      ariaLabel={t('language.label')}
      disabled={switching}
      className={className ?? 'h-10 w-[5.5rem] rounded-full'}
    />
  );
}
