import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { messageOf } from '../../api/api-error';
import { register } from '../../api/auth';
import { queryKeys } from '../../api/query-keys';
import { DEFAULT_COUNTRY_CODE, dialPrefix } from '../../lib/countries';
import { isValidEmail } from '../../lib/email';
import { isValidPhone, normalizePhone } from '../../lib/phone';
import { setCurrentUser } from '../../state/session';
import { showToast } from '../../state/toasts';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { Input } from '../ui/input';
import { PhoneField } from './phone-field';

interface Errors {
  phone?: string;
  password?: string;
  confirm?: string;
  email?: string;
  form?: string;
}

/** SPEC §8: a message mentioning the username or "exists" means the account is taken. */
export function registerFailureKey(serverMessage: string): 'auth.authUsernameExists' | 'auth.authRegisterFailedMessage' {
  const m = serverMessage.toLowerCase();
  return m.includes('username') || m.includes('exists') ? 'auth.authUsernameExists' : 'auth.authRegisterFailedMessage';
}

export function RegisterForm({ referralCode = '' }: { referralCode?: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [country, setCountry] = useState(DEFAULT_COUNTRY_CODE);
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [referral, setReferral] = useState(referralCode);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    const phoneNumber = normalizePhone(phone, country);
    if (!phone.trim()) next.phone = t('auth.errors.phoneRequired');
    else if (!isValidPhone(phone, country)) next.phone = t('auth.errors.phoneInvalid');
    if (!password) next.password = t('auth.errors.passwordRequired');
    if (password && confirm !== password) next.confirm = t('auth.errors.passwordsMismatch');
    if (email.trim() && !isValidEmail(email)) next.email = t('footer.invalidEmail');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      const user = await register({
        phoneNumber,
        password,
        username: username.trim() || undefined,
        email: email.trim() || undefined,
        referredBy: referral.trim() || undefined,
        countryCode: dialPrefix(country),
      });
      queryClient.setQueryData(queryKeys.user, user);
      setCurrentUser(user);
      showToast({ title: t('auth.welcome'), variant: 'success' });
    } catch (err) {
      const message = t(registerFailureKey(messageOf(err, 'Registration failed')));
      setErrors({ form: message });
      showToast({ title: t('auth.authRegisterFailed'), description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('auth.registerTab')}>
      <PhoneField
        label={t('auth.phone')}
        country={country}
        onCountryChange={setCountry}
        value={phone}
        onChange={setPhone}
        error={errors.phone}
        placeholder={t('auth.phonePlaceholder')}
        name="phoneNumber"
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label={t('auth.password')} error={errors.password}>
          <Input type="password" name="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
        <Field label={t('auth.confirmPassword')} error={errors.confirm}>
          <Input type="password" name="confirmPassword" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        </Field>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label={t('auth.username')}>
          <Input name="username" autoComplete="nickname" value={username} onChange={(e) => setUsername(e.target.value)} />
        </Field>
        <Field label={t('auth.email')} error={errors.email}>
          <Input type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
      </div>
      <Field label={t('auth.referral')}>
        <Input name="referredBy" value={referral} onChange={(e) => setReferral(e.target.value.toUpperCase())} />
      </Field>
      {errors.form && (
        <p role="alert" className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-medium text-danger-soft-fg">
          {errors.form}
        </p>
      )}
      <Button type="submit" size="lg" busy={busy} className="w-full">
        {busy ? t('auth.registering') : t('auth.register')}
      </Button>
      <p className="text-center text-xs text-fg-muted">{t('auth.trialNote')}</p>
    </form>
  );
}
