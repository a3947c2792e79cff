import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../api/api-error';
import { updatePhone, updateProfile, updateProfileImage, updateTimezone } from '../../api/profile';
import { queryKeys } from '../../api/query-keys';
import type { User } from '../../api/types';
import { DEFAULT_COUNTRY_CODE } from '../../lib/countries';
import { formatDate } from '../../lib/format';
import { normalizePhone } from '../../lib/phone';
import { detectBrowserTimezone, timezoneChoices } from '../../lib/timezones';
import { language } from '../../state/language';
import { setCurrentUser } from '../../state/session';
import { showToast } from '../../state/toasts';
import { useSignalValue } from '../../state/use-signal-value';
import { PhoneField } from '../auth/phone-field';
import { LanguageSelect } from '../language-select';
import { Button } from '../ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '../ui/card';
import { Field } from '../ui/field';
import { Input } from '../ui/input';
import { Select } from '../ui/select';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export function Avatar({ user, size = 'h-16 w-16' }: { user: User; size?: string }) {
  const name = user.displayName || user.username;
  const words = name.replace(/^\+/, '').split(/\s+/).filter(Boolean);
  const initials = (words.length > 1 ? words[0][0] + words[1][0] : name.replace(/^\+/, '').slice(0, 2)).toUpperCase();
  return user.profileImage ? (
    <img src={user.profileImage} alt="" className={`${size} flex-none rounded-full object-cover`} />
  ) : (
    <span className={`${size} flex flex-none items-center justify-center rounded-full bg-primary-soft text-lg font-bold text-primary-soft-fg`} aria-hidden>
      {initials}
    </span>
  );
}

export function ProfileTab({ user }: { user: User }) {
  const { t } = useTranslation();
  const lang = useSignalValue(language);
  const queryClient = useQueryClient();
  const detected = detectBrowserTimezone();
  const [displayName, setDisplayName] = useState(user.displayName ?? '');
  const [username, setUsername] = useState(user.username);
  const [timezone, setTimezone] = useState(user.timezone || detected);
  const [image, setImage] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [country, setCountry] = useState(DEFAULT_COUNTRY_CODE);
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [phoneBusy, setPhoneBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  const apply = (next: User) => {
    queryClient.setQueryData(queryKeys.user, next);
    setCurrentUser(next);
  };

  const onImage = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    const dataUrl = await readAsDataUrl(file);
    if (!dataUrl.startsWith('data:image/')) {
      setImageError(t('profile.imageInvalid'));
      return;
    }
    setImageError(null);
    setImage(dataUrl);
  };

  /** Each changed part is its own call, so a partial success is reported as such (SPEC §8). */
  const onSave = async (e: FormEvent) => {
    e.preventDefault();
    const calls: Array<() => Promise<User>> = [];
    const profileChanges: { displayName?: string; username?: string } = {};
    if (displayName.trim() !== (user.displayName ?? '')) profileChanges.displayName = displayName.trim();
    if (username.trim() && username.trim() !== user.username) profileChanges.username = username.trim();
    if (Object.keys(profileChanges).length) calls.push(() => updateProfile(profileChanges));
    if (image) calls.push(() => updateProfileImage(image));
    if (timezone !== user.timezone) calls.push(() => updateTimezone(timezone));
    if (calls.length === 0) return showToast({ title: t('profile.no_changes_made'), duration: 3000 });
    setSaving(true);
    let ok = 0;
    let lastError: unknown = null;
    for (const call of calls) {
      try {
        apply(await call());
        ok += 1;
      } catch (err) {
        lastError = err;
      }
    }
    setSaving(false);
    if (ok === calls.length) {
      setImage(null);
      showToast({ title: t('profile.profile_saved'), variant: 'success', duration: 3000 });
    } else if (ok > 0) {
      showToast({ title: t('profile.profile_partially_saved'), description: messageOf(lastError, ''), variant: 'destructive' });
    } else {
      showToast({ title: t('profile.profile_save_error'), description: messageOf(lastError, ''), variant: 'destructive' });
    }
  };

  const onSavePhone = async (e: FormEvent) => {
    e.preventDefault();
    if (!phone.trim()) return setPhoneError(t('profile.phoneRequired'));
    setPhoneError(null);
    setPhoneBusy(true);
    try {
      apply(await updatePhone(normalizePhone(phone, country)));
      setPhone('');
      showToast({ title: t('profile.phoneSaved'), variant: 'success', duration: 3000 });
    } catch (err) {
      setPhoneError(messageOf(err, t('auth.errors.phoneFormat')));
    } finally {
      setPhoneBusy(false);
    }
  };

  const shownUser = image ? { ...user, profileImage: image } : user;

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader><CardTitle>{t('profile.title')}</CardTitle></CardHeader>
        <CardBody>
          <form onSubmit={onSave} noValidate className="flex flex-col gap-5">
            <div className="flex items-center gap-4">
              <Avatar user={shownUser} />
              <div className="flex flex-col gap-1">
                <input ref={fileRef} type="file" accept="image/*" className="sr-only" id="profile-image" onChange={(e) => void onImage(e)} />
                <label htmlFor="profile-image" className="cursor-pointer text-sm font-semibold text-primary underline-offset-4 hover:underline">
                  {t('profile.changeImage')}
                </label>
                <p className="text-xs text-fg-muted">{t('profile.memberSince', { date: formatDate(user.createdAt, lang) })}</p>
                {imageError && <p role="alert" className="text-sm text-danger">{imageError}</p>}
              </div>
            </div>
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
              <Field label={t('profile.displayName')}>
                <Input value={displayName} onChange={(e) => setDisplayName(e.target.value)} autoComplete="name" />
              </Field>
              <Field label={t('profile.username')}>
                <Input value={username} onChange={(e) => setUsername(e.target.value.replace(/\s+/g, ''))} autoComplete="nickname" />
              </Field>
              <Field
                label={t('profile.timezone')}
                hint={
                  detected !== timezone ? (
                    <>
                      {t('profile.detected', { zone: detected })}{' '}
                      <button type="button" className="font-semibold text-primary hover:underline" onClick={() => setTimezone(detected)}>
                        {t('profile.useDetected')}
                      </button>
                    </>
                  ) : (
                    t('profile.detected', { zone: detected })
                  )
                }
              >
                <Select value={timezone} onValueChange={setTimezone} options={timezoneChoices(detected, user.timezone).map((z) => ({ value: z, label: z.replace(/_/g, ' ') }))} />
              </Field>
              <div className="flex flex-col gap-1.5">
                <span className="text-sm font-medium text-fg">{t('profile.language')}</span>
                <LanguageSelect full className="h-11 w-full" />
              </div>
            </div>
            <div className="flex justify-end">
              <Button type="submit" busy={saving}>{saving ? t('common.saving') : t('common.save')}</Button>
            </div>
          </form>
        </CardBody>
      </Card>
      <Card>
        <CardHeader><CardTitle>{t('profile.phone')}</CardTitle></CardHeader>
        <CardBody>
          <p className="mb-4 text-sm text-fg-muted" data-testid="current-phone">{user.phoneNumber}</p>
          <form onSubmit={onSavePhone} noValidate className="flex flex-col gap-3 md:flex-row md:items-end">
            <div className="flex-1">
              <PhoneField label={t('profile.phone')} country={country} onCountryChange={setCountry} value={phone} onChange={setPhone} error={phoneError} placeholder={t('auth.phonePlaceholder')} />
            </div>
            <Button type="submit" variant="outline" busy={phoneBusy} className={phoneError ? 'md:mb-7' : ''}>{t('profile.savePhone')}</Button>
          </form>
        </CardBody>
      </Card>
    </div>
  );
}
