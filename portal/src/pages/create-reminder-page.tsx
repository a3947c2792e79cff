import { useQueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { messageOf } from '../api/api-error';
import { queryKeys } from '../api/query-keys';
import { createReminder, type CreateReminderPayload } from '../api/reminders';
import type { SaidReminder, SaidReminders } from '../api/types';
import { AppTopBar } from '../components/app-top-bar';
import { NO_REPEAT, RepeatControl, type RepeatValue } from '../components/reminders/repeat-control';
import { SayItBox } from '../components/reminders/say-it-box';
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
  const [repeat, setRepeat] = useState<RepeatValue>(NO_REPEAT);
  const [custom, setCustom] = useState<{ rrule: string; description: string } | null>(null);
  /** Several reminders understood at once: saved one after the other, each checked in the form. */
  const [queue, setQueue] = useState<{ items: SaidReminder[]; index: number } | null>(null);
  const [errors, setErrors] = useState<ReminderFormErrors & { repeat?: string }>({});
  const [busy, setBusy] = useState(false);

  /** The form filled from one understood reminder, its time shown in the form's zone. */
  const fill = (r: SaidReminder) => {
    const text = r.subject.charAt(0).toLocaleUpperCase() + r.subject.slice(1);
    setSubject(text);
    setReminderText(text);
    if (r.dueAt) {
      const at = DateTime.fromISO(r.dueAt).setZone(zone);
      setDate(at.toISODate()!);
      setTime(at.toFormat('HH:mm'));
    }
    const rule = r.rrule && !r.repeat && r.repeatDescription ? { rrule: r.rrule, description: r.repeatDescription } : null;
    setCustom(rule);
    if (rule) setRepeat({ kind: 'rule', ...rule });
    else setRepeat({ kind: 'choice', repeat: r.repeat ?? 'none', days: r.repeatDays ?? [] });
    setErrors({});
  };

  const onUnderstood = (said: SaidReminders) => {
    setQueue(said.reminders.length > 1 ? { items: said.reminders, index: 0 } : null);
    fill(said.reminders[0]);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found: ReminderFormErrors & { repeat?: string } = validateReminderForm({ subject, reminderText, date, time }, DateTime.now(), zone);
    if (repeat.kind === 'choice' && repeat.repeat === 'weekly' && repeat.days.length === 0) found.repeat = 'reminderForm.repeat.daysRequired';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const at = reminderInstant(date, time, zone);
      const payload: CreateReminderPayload = { subject: subject.trim(), reminderText: reminderText.trim(), time: at.toUTC().toISO()!, timezone: zone };
      if (repeat.kind === 'rule') payload.rrule = repeat.rrule;
      else if (repeat.repeat !== 'none') {
        payload.repeat = repeat.repeat;
        if (repeat.repeat === 'weekly') payload.repeatDays = repeat.days;
      }
      await createReminder(payload);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.reminders }),
        queryClient.invalidateQueries({ queryKey: queryKeys.subscription }),
      ]);
      showToast({ title: t('reminderForm.success'), description: t('reminderForm.successText', { date: formatDateTime(at.toISO()!, lang, zone) }), variant: 'success', duration: 3000 });
      if (queue && queue.index + 1 < queue.items.length) {
        const next = queue.index + 1;
        setQueue({ ...queue, index: next });
        fill(queue.items[next]);
        showToast({ title: t('reminderForm.nextInQueue'), duration: 3000 });
        return;
      }
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
          <SayItBox zone={zone} locale={lang === 'en' ? 'en' : 'fr'} onUnderstood={onUnderstood} />
          <Card>
            <CardBody>
              {queue && (
                <p className="mb-4 text-sm font-medium text-primary" aria-live="polite">
                  {t('reminderForm.queue', { n: queue.index + 1, count: queue.items.length })}
                </p>
              )}
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
                <RepeatControl value={repeat} onChange={setRepeat} custom={custom} locale={lang === 'en' ? 'en' : 'fr'} error={err(errors.repeat)} />
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
