import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { login } from '../../api/auth';
import { messageOf } from '../../api/api-error';
import { requestPasswordReset, resetPassword, verifyResetCode } from '../../api/password';
import { queryKeys } from '../../api/query-keys';
import type { SuccessAnswer } from '../../api/types';
import { dialPrefix } from '../../lib/countries';
import { normalizePhone, splitInternationalPhone } from '../../lib/phone';
import { setCurrentUser } from '../../state/session';
import { showToast } from '../../state/toasts';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Field } from '../ui/field';
import { CheckIcon } from '../ui/icons';
import { Input } from '../ui/input';
import { PhoneField } from './phone-field';

export type ForgotStep = 'request' | 'verify' | 'reset' | 'success';

/**
 * `reset` is the forgotten-password flow; `set` is the same code exchange for an account the bot
 * created, which has no password yet: it is worded as a first choice and signs the user in.
 */
export type PasswordDialogMode = 'reset' | 'set';

interface ForgotPasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode?: PasswordDialogMode;
  /** A number handed over by a link (international form), filled in on the first step. */
  initialPhone?: string;
}

const STEP_NUMBER: Record<ForgotStep, number> = { request: 1, verify: 2, reset: 3, success: 3 };

/**
 * SPEC §4: request → verify → reset → success; back goes verify → request and reset → verify;
 * closing resets everything (back to the number the dialog was opened with, if any).
 */
export function ForgotPasswordDialog({ open, onOpenChange, mode = 'reset', initialPhone = '' }: ForgotPasswordDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const initial = splitInternationalPhone(initialPhone);
  const setting = mode === 'set';
  const [step, setStep] = useState<ForgotStep>('request');
  const [country, setCountry] = useState(initial.country);
  const [phone, setPhone] = useState(initial.national);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const resetAll = () => {
    setStep('request');
    setCountry(initial.country);
    setPhone(initial.national);
    setCode('');
    setPassword('');
    setConfirm('');
    setError({});
    setBusy(false);
  };

  const close = (next: boolean) => {
    if (!next) resetAll();
    onOpenChange(next);
  };

  const phoneNumber = normalizePhone(phone, country);

  /** Runs a call; a refusal (HTTP error or success:false) becomes a toast with the server's words. */
  const run = async (call: () => Promise<SuccessAnswer>, onOk: () => void | Promise<void>) => {
    setBusy(true);
    try {
      const res = await call();
      if (res && res.success === false) throw new Error(res.message);
      await onOk();
    } catch (err) {
      const fallback = t('forgot.forgotPasswordGenericError');
      const text = err instanceof Error && !('status' in err) && err.message ? err.message : messageOf(err, fallback);
      showToast({ title: t(setting ? 'forgot.setTitle' : 'forgot.title'), description: text, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const onRequest = (e: FormEvent) => {
    e.preventDefault();
    if (!phone.trim()) return setError({ phone: t('forgot.errors.phoneRequired') });
    setError({});
    void run(() => requestPasswordReset(phoneNumber), () => {
      showToast({ title: t('forgot.codeSent'), variant: 'success', duration: 3000 });
      setStep('verify');
    });
  };

  const onVerify = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return setError({ code: t('forgot.errors.codeRequired') });
    setError({});
    void run(() => verifyResetCode(phoneNumber, code.trim()), () => setStep('reset'));
  };

  const onReset = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!password) next.password = t('forgot.errors.passwordRequired');
    if (!confirm) next.confirm = t('forgot.errors.passwordRequired');
    else if (password !== confirm) next.confirm = t('forgot.errors.passwordsMismatch');
    setError(next);
    if (Object.keys(next).length) return;
    void run(() => resetPassword(phoneNumber, code.trim(), password), () => (setting ? signIn() : setStep('success')));
  };

  /** After a first password, the user is signed in with it; if that fails they are told to log in. */
  const signIn = async () => {
    try {
      const user = await login({ username: phoneNumber, countryCode: dialPrefix(country), password });
      queryClient.setQueryData(queryKeys.user, user);
      setCurrentUser(user);
      showToast({ title: t('forgot.setSignedIn'), variant: 'success', duration: 3000 });
      close(false);
    } catch {
      setStep('success');
    }
  };

  const description =
    step === 'request' ? t(setting ? 'forgot.setRequestText' : 'forgot.requestText')
    : step === 'verify' ? t('forgot.verifyText', { phone: phoneNumber })
    : step === 'reset' ? t(setting ? 'forgot.setResetText' : 'forgot.resetText')
    : t(setting ? 'forgot.setSuccessText' : 'forgot.successText');
  const title =
    step === 'success' ? t(setting ? 'forgot.setSuccessTitle' : 'forgot.successTitle') : t(setting ? 'forgot.setTitle' : 'forgot.title');

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={title}
      description={description}
      closeLabel={t('common.close')}
    >
      {step !== 'success' && (
        <div className="mb-5 flex items-center gap-2" aria-hidden>
          {[1, 2, 3].map((n) => (
            <span key={n} className={`h-1.5 flex-1 rounded-full ${n <= STEP_NUMBER[step] ? 'bg-primary' : 'bg-surface-muted'}`} />
          ))}
        </div>
      )}
      {step !== 'success' && <p className="sr-only">{t('forgot.stepOf', { step: STEP_NUMBER[step] })}</p>}

      {step === 'request' && (
        <form onSubmit={onRequest} noValidate className="flex flex-col gap-4" data-step="request">
          <PhoneField label={t('auth.phone')} country={country} onCountryChange={setCountry} value={phone} onChange={setPhone} error={error.phone} placeholder={t('auth.phonePlaceholder')} />
          <Button type="submit" busy={busy} className="w-full">{t('forgot.sendCode')}</Button>
        </form>
      )}

      {step === 'verify' && (
        <form onSubmit={onVerify} noValidate className="flex flex-col gap-4" data-step="verify">
          <Field label={t('forgot.code')} error={error.code}>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              className="text-center text-2xl tracking-[0.5em]"
            />
          </Field>
          <div className="flex gap-2">
            <Button variant="outline" onClick={() => { setError({}); setStep('request'); }}>{t('common.back')}</Button>
            <Button type="submit" busy={busy} className="flex-1">{t('forgot.verify')}</Button>
          </div>
        </form>
      )}

      {step === 'reset' && (
        <form onSubmit={onReset} noValidate className="flex flex-col gap-4" data-step="reset">
          <Field label={t(setting ? 'auth.password' : 'forgot.newPassword')} error={error.password}>
            <Input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field>
          <Field label={t(setting ? 'auth.confirmPassword' : 'forgot.confirmPassword')} error={error.confirm}>
            <Input type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          </Field>
          <div className="flex gap-2">
            <Button variant="outline" onClick={() => { setError({}); setStep('verify'); }}>{t('common.back')}</Button>
            <Button type="submit" busy={busy} className="flex-1">{t(setting ? 'forgot.setSubmit' : 'forgot.reset')}</Button>
          </div>
        </form>
      )}

      {step === 'success' && (
        <div className="flex flex-col items-center gap-5 text-center" data-step="success">
          <span className="flex h-14 w-14 items-center justify-center rounded-full bg-primary-soft text-primary-soft-fg">
            <CheckIcon className="h-7 w-7" />
          </span>
          <Button className="w-full" onClick={() => close(false)}>{t(setting ? 'auth.login' : 'forgot.backToLogin')}</Button>
        </div>
      )}
    </Dialog>
  );
}
