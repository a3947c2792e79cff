import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { login } from '../../api/auth';
import { queryKeys } from '../../api/query-keys';
import { DEFAULT_COUNTRY_CODE, dialPrefix } from '../../lib/countries';
import { normalizeLoginIdentifier } from '../../lib/phone';
import { setCurrentUser } from '../../state/session';
import { showToast } from '../../state/toasts';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { Input } from '../ui/input';
import { PhoneField } from './phone-field';

interface Errors {
  identifier?: string;
  password?: string;
  form?: string;
}

export function LoginForm({ onForgotPassword, initialIdentifier = '' }: { onForgotPassword: () => void; initialIdentifier?: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [country, setCountry] = useState(DEFAULT_COUNTRY_CODE);
  const [identifier, setIdentifier] = useState(initialIdentifier);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    if (!identifier.trim()) next.identifier = t('auth.errors.phoneRequired');
    if (!password) next.password = t('auth.errors.passwordRequired');
    setErrors(next);
    if (next.identifier || next.password) return;
    setBusy(true);
    try {
      const user = await login({
        username: normalizeLoginIdentifier(identifier, country),
        countryCode: dialPrefix(country),
        password,
      });
      queryClient.setQueryData(queryKeys.user, user);
      setCurrentUser(user);
      showToast({ title: t('auth.welcomeBack'), variant: 'success', duration: 3000 });
    } catch {
      // Never echo the server's reason: it must not tell which of number or password was wrong.
      setErrors({ form: t('auth.authLoginErrorMessage') });
      showToast({ title: t('auth.authLoginFailed'), description: t('auth.authLoginErrorMessage'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('auth.loginTab')}>
      <PhoneField
        label={t('auth.phoneOrUsername')}
        country={country}
        onCountryChange={setCountry}
        value={identifier}
        onChange={setIdentifier}
        error={errors.identifier}
        placeholder={t('auth.phonePlaceholder')}
        autoComplete="username"
        inputMode="text"
        name="username"
      />
      <Field label={t('auth.password')} error={errors.password}>
        <Input type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </Field>
      <div className="-mt-1 flex justify-end">
        <button type="button" onClick={onForgotPassword} className="text-sm font-semibold text-primary underline-offset-4 hover:underline">
          {t('auth.forgotPassword')}
        </button>
      </div>
      {errors.form && (
        <p role="alert" className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-medium text-danger-soft-fg">
          {errors.form}
        </p>
      )}
      <Button type="submit" size="lg" busy={busy} className="w-full">
        {busy ? t('auth.loggingIn') : t('auth.login')}
      </Button>
    </form>
  );
}
