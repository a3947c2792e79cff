import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../api/api-error';
import { sendWhatsappLink } from '../api/messaging-link';
import { DEFAULT_COUNTRY_CODE } from '../lib/countries';
import { isValidPhone, normalizePhone } from '../lib/phone';
import { language } from '../state/language';
import { useSignalValue } from '../state/use-signal-value';
import { CountrySelect } from './country-select';
import { Button } from './ui/button';
import { cn } from './ui/cn';
import { Input } from './ui/input';

/** Visitors get the WhatsApp conversation link sent to their number (SPEC §1, §7). */
export function MessagingLinkForm() {
  const { t } = useTranslation();
  const lang = useSignalValue(language);
  const [country, setCountry] = useState(DEFAULT_COUNTRY_CODE);
  const [phone, setPhone] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!phone.trim()) return setNotice({ ok: false, text: t('auth.errors.phoneEmpty') });
    const normalized = normalizePhone(phone, country);
    if (!isValidPhone(phone, country)) return setNotice({ ok: false, text: t('auth.errors.phoneInvalid') });
    setBusy(true);
    try {
      const res = await sendWhatsappLink(normalized, lang);
      // The server words its answer in the language sent with the request.
      setNotice(res.success === false ? { ok: false, text: res.message || t('getStarted.error') } : { ok: true, text: res.message || t('getStarted.success') });
    } catch (err) {
      setNotice({ ok: false, text: messageOf(err, t('getStarted.error')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex w-full flex-col gap-2">
      <label htmlFor="link-phone" className="text-sm font-medium text-fg">
        {t('getStarted.phoneLabel')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="flex flex-1 gap-2">
          <CountrySelect value={country} onChange={setCountry} />
          <Input
            id="link-phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder={t('auth.phonePlaceholder')}
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
        </div>
        <Button type="submit" busy={busy}>
          {busy ? t('getStarted.sending') : t('getStarted.submit')}
        </Button>
      </div>
      <p role="status" aria-live="polite" className={cn('min-h-5 text-sm font-medium', notice?.ok ? 'text-primary' : 'text-danger')}>
        {notice?.text}
      </p>
    </form>
  );
}
