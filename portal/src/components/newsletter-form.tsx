import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../api/api-error';
import { subscribeNewsletter } from '../api/newsletter';
import { isValidEmail } from '../lib/email';
import { Button } from './ui/button';
import { cn } from './ui/cn';
import { Input } from './ui/input';

/** SPEC §9: the newsletter notice disappears after 5 s. */
export const NEWSLETTER_NOTICE_MS = 5000;

type Notice = { kind: 'success' | 'error'; text: string } | null;

export function NewsletterForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const show = (n: Notice) => {
    setNotice(n);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setNotice(null), NEWSLETTER_NOTICE_MS);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!isValidEmail(email)) {
      show({ kind: 'error', text: t('footer.invalidEmail') });
      return;
    }
    setBusy(true);
    try {
      const res = await subscribeNewsletter(email.trim());
      if (res && res.success === false) {
        show({ kind: 'error', text: res.message || t('footer.subscribeError') });
      } else {
        show({ kind: 'success', text: t('footer.subscribed') });
        setEmail('');
      }
    } catch (err) {
      show({ kind: 'error', text: messageOf(err, t('footer.subscribeError')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2" aria-label={t('footer.newsletterTitle')}>
      <label htmlFor="newsletter-email" className="sr-only">
        {t('footer.emailLabel')}
      </label>
      <div className="flex gap-2">
        <Input
          id="newsletter-email"
          type="email"
          autoComplete="email"
          placeholder={t('footer.emailPlaceholder')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={notice?.kind === 'error' || undefined}
          className="rounded-full"
        />
        <Button type="submit" busy={busy}>
          {t('footer.subscribe')}
        </Button>
      </div>
      <p
        role="status"
        aria-live="polite"
        className={cn('min-h-5 text-sm font-medium', notice?.kind === 'error' ? 'text-danger' : 'text-primary')}
      >
        {notice?.text}
      </p>
    </form>
  );
}
