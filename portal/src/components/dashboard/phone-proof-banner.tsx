import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../api/api-error';
import { createPhoneProofLink, sendPhoneCode, verifyPhoneCode, type PhoneProofLink } from '../../api/profile';
import type { User } from '../../api/types';
import { Button, buttonClasses } from '../ui/button';
import { WhatsappIcon } from '../ui/icons';
import { Input } from '../ui/input';

/**
 * Shown while the account's number is only claimed (SPEC decision "Phone numbers are proved
 * before use"): Rappel sends nothing to it and reminders wait. Two ways to prove it: one tap on a
 * wa.me link prefilled with "CODE 123456" (the message itself proves the number and opens the
 * 24-hour window), or a 6-digit code sent to the number and typed here.
 */
export function PhoneProofBanner({ user, onProved }: { user: User; onProved: (user: User) => void }) {
  const { t } = useTranslation();
  const [link, setLink] = useState<PhoneProofLink | null>(null);
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'link' | 'send' | 'verify' | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!user.phoneNumber || user.phoneVerified !== false) return null;

  const run = async (what: 'link' | 'send' | 'verify', action: () => Promise<void>) => {
    setBusy(what);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(messageOf(e, t('phoneProof.failed')));
    } finally {
      setBusy(null);
    }
  };
  const onVerify = (e: FormEvent) => {
    e.preventDefault();
    void run('verify', async () => onProved(await verifyPhoneCode(code.replace(/\s/g, ''))));
  };

  return (
    <section role="alert" aria-labelledby="phone-proof-title" data-testid="phone-proof-banner" className="mb-6 rounded-2xl border border-accent/40 bg-accent-soft p-5">
      <h2 id="phone-proof-title" className="text-base font-semibold text-fg">{t('phoneProof.title')}</h2>
      <p className="mt-1 text-sm text-fg-muted">{t('phoneProof.body', { phone: user.phoneNumber })}</p>
      <div className="mt-4 flex flex-col gap-4 md:flex-row md:items-start">
        <div className="flex-1">
          <p className="mb-2 text-sm font-medium text-fg">{t('phoneProof.byMessage')}</p>
          {link?.url ? (
            <a href={link.url} target="_blank" rel="noreferrer" className={buttonClasses('primary', 'md')} data-testid="phone-proof-link">
              <WhatsappIcon className="h-4 w-4" />
              {t('phoneProof.openWhatsapp', { text: link.text })}
            </a>
          ) : link ? (
            <p className="text-sm text-fg">{t('phoneProof.sendText', { text: link.text })}</p>
          ) : (
            <Button variant="primary" size="md" busy={busy === 'link'} onClick={() => void run('link', async () => setLink(await createPhoneProofLink()))}>
              <WhatsappIcon className="h-4 w-4" />
              {t('phoneProof.getLink')}
            </Button>
          )}
        </div>
        <form className="flex-1" onSubmit={onVerify}>
          <p className="mb-2 text-sm font-medium text-fg">{t('phoneProof.byCode')}</p>
          {!sent ? (
            <Button variant="outline" size="md" busy={busy === 'send'} onClick={() => void run('send', async () => { await sendPhoneCode(); setSent(true); })}>
              {t('phoneProof.sendCode')}
            </Button>
          ) : (
            <div className="flex gap-2">
              <label htmlFor="phone-proof-code" className="sr-only">{t('phoneProof.codeLabel')}</label>
              <Input id="phone-proof-code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} placeholder="123456" value={code} onChange={(e) => setCode(e.target.value)} className="max-w-[9rem]" />
              <Button type="submit" variant="primary" size="md" busy={busy === 'verify'} disabled={!/^\d{6}$/.test(code.replace(/\s/g, ''))}>
                {t('phoneProof.confirm')}
              </Button>
            </div>
          )}
        </form>
      </div>
      {error && <p className="mt-3 text-sm text-danger" role="status">{error}</p>}
    </section>
  );
}
