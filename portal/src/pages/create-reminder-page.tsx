import { useQueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { messageOf } from '../api/api-error';
import { queryKeys } from '../api/query-keys';
import { createReminder } from '../api/reminders';
import { AppTopBar } from '../components/app-top-bar';
import { Button, buttonClasses } from '../components/ui/button';
import { Card, CardBody } from '../components/ui/card';
import { Field } from '../components/ui/field';
import { ArrowLeftIcon, ClockIcon } from '../components/ui/icons';
import { Input, Textarea } from '../components/ui/input';
import { formatDateTime } from '../lib/format';
import { reminderDefaults, reminderInstant, validateReminderForm, type ReminderFormErrors } from '../lib/reminder-form';
import { detectBrowserTimezone } from '../lib/timezones';
import { language } from '../state/language';
import { currentUser } from '../state/session';
import { showToast } from '../state/toasts';
import { useSignalValue } from '../state/use-signal-value';

export function CreateReminderPage() {
  const { t } = useTranslation();
  const user = useSignalValue(currentUser);
  const lang = useSignalValue(language);
  const zone = user?.timezone || detectBrowserTimezone();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [defaults] = useState(() => reminderDefaults(DateTime.now().setZone(zone)));
  const [subject, setSubject] = useState('');
  const [reminderText, setReminderText] = useState('');
  const [date, setDate] = useState(defaults.date);
  const [time, setTime] = useState(defaults.time);
  const [errors, setErrors] = useState<ReminderFormErrors>({});
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateReminderForm({ subject, reminderText, date, time }, DateTime.now(), zone);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const at = reminderInstant(date, time, zone);
      await createReminder({ subject: subject.trim(), reminderText: reminderText.trim(), time: at.toUTC().toISO()!, timezone: zone });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.reminders }),
        queryClient.invalidateQueries({ queryKey: queryKeys.subscription }),
      ]);
      showToast({ title: t('reminderForm.success'), description: t('reminderForm.successText', { date: formatDateTime(at.toISO()!, lang, zone) }), variant: 'success', duration: 3000 });
      navigate('/dashboard');
    } catch (err) {
      showToast({ title: t('common.genericErrorTitle'), description: messageOf(err, t('common.genericErrorDescription')), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const err = (key?: string) => (key ? t(key) : null);

  return (
    <div className="flex min-h-screen flex-col">
      <AppTopBar />
      <main id="main" className="container-page flex-1 py-8 md:py-12">
        <div className="mx-auto max-w-2xl">
          <Link href="/dashboard" className={buttonClasses('ghost', 'sm', '-ml-3 mb-4')}>
            <ArrowLeftIcon className="h-4 w-4" />
            {t('common.backToDashboard')}
          </Link>
          <h1 className="text-3xl font-bold tracking-tight text-fg">{t('reminderForm.title')}</h1>
          <p className="mb-8 mt-2 text-fg-muted">{t('reminderForm.subtitle')}</p>
          <Card>
            <CardBody>
              <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label={t('reminderForm.title')}>
                <Field label={t('reminderForm.subject')} error={err(errors.subject)}>
                  <Input name="subject" value={subject} onChange={(e) => setSubject(e.target.value)} placeholder={t('reminderForm.subjectPlaceholder')} maxLength={200} />
                </Field>
                <Field label={t('reminderForm.text')} error={err(errors.reminderText)}>
                  <Textarea name="reminderText" value={reminderText} onChange={(e) => setReminderText(e.target.value)} placeholder={t('reminderForm.textPlaceholder')} rows={4} maxLength={2000} />
                </Field>
                <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                  <Field label={t('reminderForm.date')} error={err(errors.date)}>
                    <Input type="date" name="reminderDate" value={date} onChange={(e) => setDate(e.target.value)} />
                  </Field>
                  <Field label={t('reminderForm.time')} error={err(errors.time)}>
                    <Input type="time" name="reminderTime" value={time} onChange={(e) => setTime(e.target.value)} />
                  </Field>
                </div>
                <p className="flex items-center gap-2 text-sm text-fg-muted">
                  <ClockIcon className="h-4 w-4" />
                  {t('reminderForm.zoneHint', { zone })}
                </p>
                <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                  <Link href="/dashboard" className={buttonClasses('ghost', 'md')}>{t('common.cancel')}</Link>
                  <Button type="submit" busy={busy}>{busy ? t('reminderForm.submitting') : t('reminderForm.submit')}</Button>
                </div>
              </form>
            </CardBody>
          </Card>
        </div>
      </main>
    </div>
  );
}
