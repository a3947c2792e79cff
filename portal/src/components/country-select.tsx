import { useTranslation } from 'react-i18next';
import { COUNTRIES } from '../lib/countries';
import { language } from '../state/language';
import { useSignalValue } from '../state/use-signal-value';
import { Select } from './ui/select';

export function CountrySelect({ value, onChange, id }: { value: string; onChange: (code: string) => void; id?: string }) {
  const { t } = useTranslation();
  const lang = useSignalValue(language);
  const options = COUNTRIES.map((c) => ({
    value: c.code,
    label: `${c.name[lang]} (${c.code.replace(/-[A-Z]+$/, '')})`,
    text: `${c.iso} ${c.code.replace(/-[A-Z]+$/, '')}`,
  }));
  return <Select id={id} value={value} onValueChange={onChange} options={options} ariaLabel={t('auth.country')} className="w-[6.75rem] flex-none" />;
}
