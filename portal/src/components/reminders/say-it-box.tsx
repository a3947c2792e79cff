import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { messageOf } from '../../api/api-error';
import { understandReminders } from '../../api/reminders';
import type { SaidReminders } from '../../api/types';
import { formatDateTime } from '../../lib/format';
import { Button, buttonClasses } from '../ui/button';
import { Input } from '../ui/input';

interface SayItBoxProps {
  zone: string;
  locale: 'fr' | 'en';
  /** Called with what was understood; the page fills its form from it. */
  onUnderstood: (said: SaidReminders) => void;
}

/**
 * "Just say it": a sentence read by the bot's own understanding ("appeler maman dimanche à 18h",
 * several at once, or a repeat). What was understood is shown here and fills the form below,
 * where it can be checked and changed before saving.
 */
export function SayItBox({ zone, locale, onUnderstood }: SayItBoxProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<SaidReminders | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    setError(null);
    try {
      const result = await understandReminders(text.trim(), zone);
      setSaid(result);
      if (result.reminders.length) onUnderstood(result);
    } catch (err) {
      setSaid(null);
      setError(messageOf(err, t('common.genericErrorDescription')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="say-it-title" className="mb-6 rounded-2xl border border-primary/30 bg-primary-soft/40 p-4 sm:p-5">
      <h2 id="say-it-title" className="text-base font-semibold text-fg">{t('sayIt.title')}</h2>
      <p className="mb-3 mt-1 text-sm text-fg-muted">{t('sayIt.hint')}</p>
      <form onSubmit={onSubmit} className="flex flex-col gap-2 sm:flex-row" aria-label={t('sayIt.title')}>
        <Input
          name="sayIt"
          aria-label={t('sayIt.label')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('sayIt.placeholder')}
          maxLength={500}
          className="flex-1"
        />
        <Button type="submit" busy={busy} variant="outline">{busy ? t('sayIt.busy') : t('sayIt.submit')}</Button>
      </form>
      {error && <p role="alert" className="mt-2 text-sm font-medium text-danger">{error}</p>}
      {said && (
        <div className="mt-3" aria-live="polite">
          {said.reminders.length === 0 ? (
            <p className="text-sm text-fg-muted">{t('sayIt.nothing')}</p>
          ) : (
            <>
              <p className="text-sm font-medium text-fg">{t('sayIt.understood', { count: said.reminders.length })}</p>
              <ul className="mt-1.5 flex flex-col gap-1 text-sm text-fg" data-testid="said-reminders">
                {said.reminders.map((r, i) => (
                  <li key={i} className="flex flex-wrap gap-x-1.5">
                    <span className="font-semibold">{r.subject.charAt(0).toLocaleUpperCase() + r.subject.slice(1)}</span>
                    <span className="text-fg-muted">— {r.dueAt ? formatDateTime(r.dueAt, locale, r.timezone) : t('sayIt.missingWhen')}</span>
                    {r.repeatDescription && <span className="text-fg-muted">· 🔁 {r.repeatDescription}</span>}
                  </li>
                ))}
              </ul>
              {said.repeatNeedsPremium && (
                <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-fg">
                  {t('sayIt.premium')}
                  <Link href="/pricing" className={buttonClasses('link', 'sm', 'px-0')}>{t('sayIt.upgrade')}</Link>
                </p>
              )}
            </>
          )}
        </div>
      )}
    </section>
  );
}
