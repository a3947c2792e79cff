import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { messageOf } from '../../api/api-error';
import { queryKeys } from '../../api/query-keys';
import { deleteReminder, updateReminder } from '../../api/reminders';
import type { Reminder } from '../../api/types';
import { formatDateTime } from '../../lib/format';
import { reminderInstant } from '../../lib/reminder-form';
import { collapseDuplicates } from '../../lib/reminder-list';
import { detectBrowserTimezone } from '../../lib/timezones';
import { language } from '../../state/language';
import { currentUser } from '../../state/session';
import { showToast } from '../../state/toasts';
import { useSignalValue } from '../../state/use-signal-value';
import { Badge } from '../ui/badge';
import { Button, buttonClasses } from '../ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '../ui/card';
import { Dialog } from '../ui/dialog';
import { Field } from '../ui/field';
import { BanIcon, BellIcon, CalendarIcon, PlayIcon, PlusIcon, StopIcon, TrashIcon } from '../ui/icons';
import { Input } from '../ui/input';
import { Spinner } from '../ui/spinner';
import { ReminderStatusBadge } from './reminder-status-badge';

interface RemindersTabProps {
  reminders: readonly Reminder[];
  loading: boolean;
  error: boolean;
  canCreate: boolean;
}

function zoneOf(r: Reminder, userZone: string | null | undefined): string {
  return r.timezone || userZone || detectBrowserTimezone();
}

function RescheduleDialog({ reminder, zone, onClose }: { reminder: Reminder; zone: string; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const current = DateTime.fromISO(reminder.reminderTime, { zone });
  const [date, setDate] = useState(current.toISODate() ?? '');
  const [time, setTime] = useState(current.toFormat('HH:mm'));
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (iso: string) => updateReminder(reminder.id, { time: iso }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.reminders });
      showToast({ title: t('reminders.rescheduled'), variant: 'success', duration: 3000 });
      onClose();
    },
    onError: (err) => setError(messageOf(err, t('reminders.updateError'))),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const at = reminderInstant(date, time, zone);
    if (!at.isValid || at <= DateTime.now()) return setError(t('reminderForm.errors.futureDate'));
    setError(null);
    mutation.mutate(at.toUTC().toISO()!);
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={t('reminders.rescheduleTitle')} description={t('reminders.rescheduleText', { subject: reminder.subject })} closeLabel={t('common.close')}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <div className="grid grid-cols-2 gap-3">
          <Field label={t('reminderForm.date')} error={error}>
            <Input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
          </Field>
          <Field label={t('reminderForm.time')}>
            <Input type="time" value={time} onChange={(e) => setTime(e.target.value)} />
          </Field>
        </div>
        <p className="text-xs text-fg-muted">{t('reminderForm.zoneHint', { zone })}</p>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" busy={mutation.isPending}>{t('reminders.reschedule')}</Button>
        </div>
      </form>
    </Dialog>
  );
}

function DeleteDialog({ reminder, ids, onClose }: { reminder: Reminder; ids: Reminder['id'][]; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    // A collapsed row stands for its duplicates too, so all of them go.
    mutationFn: async () => {
      for (const id of ids) await deleteReminder(id);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.reminders });
      void queryClient.invalidateQueries({ queryKey: queryKeys.subscription });
      showToast({ title: t('reminders.deleted'), variant: 'success', duration: 3000 });
      onClose();
    },
    onError: (err) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.reminders });
      showToast({ title: t('reminders.reminder_delete_error'), description: messageOf(err, t('reminders.reminder_delete_error')), variant: 'destructive' });
    },
  });
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={t('reminders.deleteTitle')} description={t('reminders.deleteText', { subject: reminder.subject })} closeLabel={t('common.close')}>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="danger" busy={mutation.isPending} onClick={() => mutation.mutate()}>{t('common.delete')}</Button>
      </div>
    </Dialog>
  );
}

export function RemindersTab({ reminders, loading, error, canCreate }: RemindersTabProps) {
  const { t } = useTranslation();
  const lang = useSignalValue(language);
  const user = useSignalValue(currentUser);
  const queryClient = useQueryClient();
  const audioRef = useRef<HTMLAudioElement>(null);
  const [playingId, setPlayingId] = useState<Reminder['id'] | null>(null);
  const [rescheduling, setRescheduling] = useState<Reminder | null>(null);
  const [deleting, setDeleting] = useState<{ reminder: Reminder; ids: Reminder['id'][] } | null>(null);

  const cancelMutation = useMutation({
    mutationFn: (id: Reminder['id']) => updateReminder(id, { status: 'cancelled' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.reminders });
      showToast({ title: t('reminders.cancelled'), variant: 'success', duration: 3000 });
    },
    onError: (err) => showToast({ title: t('reminders.updateError'), description: messageOf(err, t('reminders.updateError')), variant: 'destructive' }),
  });

  /** One voice note at a time: starting one stops the other; pressing again stops it. */
  const togglePlay = (r: Reminder) => {
    const audio = audioRef.current;
    if (!audio) return showToast({ title: t('reminders.playerNotFound'), variant: 'destructive' });
    if (!r.voiceNoteUrl) return showToast({ title: t('reminders.noVoiceNote') });
    if (playingId === r.id) {
      audio.pause();
      setPlayingId(null);
      return;
    }
    audio.pause();
    audio.src = r.voiceNoteUrl;
    setPlayingId(r.id);
    audio.play().catch(() => {
      setPlayingId(null);
      showToast({ title: t('reminders.unableToPlay'), variant: 'destructive' });
    });
  };

  const groups = collapseDuplicates(reminders);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('reminders.title')}</CardTitle>
      </CardHeader>
      <CardBody>
        <audio ref={audioRef} onEnded={() => setPlayingId(null)} className="hidden" />
        {loading ? (
          <div className="flex justify-center py-10 text-primary"><Spinner label={t('common.loading')} /></div>
        ) : error ? (
          <p role="alert" className="text-sm text-danger">{t('reminders.loadError')}</p>
        ) : groups.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-10 text-center">
            <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-fg"><BellIcon className="h-7 w-7" /></span>
            <p className="font-semibold text-fg">{t('reminders.empty')}</p>
            <p className="max-w-xs text-sm text-fg-muted">{t('reminders.emptyText')}</p>
            {canCreate && (
              <Link href="/create-reminder" className={buttonClasses('outline', 'sm')}>
                <PlusIcon className="h-4 w-4" />
                {t('dashboard.newReminder')}
              </Link>
            )}
          </div>
        ) : (
          <ul className="flex flex-col gap-3" aria-label={t('reminders.title')}>
            {groups.map(({ reminder: r, count, ids }) => {
              const zone = zoneOf(r, user?.timezone);
              const pending = r.status === 'pending';
              return (
                <li key={r.id} data-testid="reminder-item" className="flex flex-col gap-3 rounded-xl border border-border bg-bg-elevated p-4 sm:flex-row sm:items-center">
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <p className="font-semibold text-fg">{r.subject}</p>
                      <ReminderStatusBadge status={r.status} />
                      {count > 1 && <Badge tone="neutral" aria-label={t('reminders.duplicatesLabel', { count })}>{t('reminders.duplicates', { count })}</Badge>}
                    </div>
                    <p className="mt-1 line-clamp-2 text-sm text-fg-muted">{r.reminderText}</p>
                    <p className="mt-1.5 flex items-center gap-1.5 text-xs font-medium text-fg-muted">
                      <CalendarIcon className="h-3.5 w-3.5" />
                      <time dateTime={r.reminderTime}>{formatDateTime(r.reminderTime, lang, zone)}</time>
                      <span aria-hidden>·</span>
                      <span>{zone}</span>
                    </p>
                    {r.repeatDescription && (
                      <p className="mt-1 flex flex-wrap items-center gap-x-1.5 text-xs font-medium text-primary" data-testid="reminder-repeat">
                        <span aria-hidden>🔁</span>
                        <span>{t('reminders.repeats', { description: r.repeatDescription })}</span>
                        {r.nextOccurrenceAt && r.nextOccurrenceAt !== r.reminderTime && (
                          <>
                            <span aria-hidden>·</span>
                            <span>{t('reminders.nextOccurrence', { date: formatDateTime(r.nextOccurrenceAt, lang, zone) })}</span>
                          </>
                        )}
                      </p>
                    )}
                  </div>
                  <div className="-ml-2 flex items-center gap-1 sm:ml-0" role="group" aria-label={t('reminders.actions', { subject: r.subject })}>
                    {r.voiceNoteUrl && (
                      <Button size="icon" variant="ghost" aria-pressed={playingId === r.id} aria-label={playingId === r.id ? t('reminders.stop') : t('reminders.play')} onClick={() => togglePlay(r)}>
                        {playingId === r.id ? <StopIcon className="h-4 w-4" /> : <PlayIcon className="h-4 w-4" />}
                      </Button>
                    )}
                    {pending && (
                      <>
                        <Button size="sm" variant="ghost" onClick={() => setRescheduling(r)} aria-label={t('reminders.reschedule')} title={t('reminders.reschedule')}>
                          <CalendarIcon className="h-4 w-4" />
                          <span className="hidden md:inline">{t('reminders.reschedule')}</span>
                        </Button>
                        <Button size="icon" variant="ghost" aria-label={t('reminders.cancelReminder')} title={t('reminders.cancelReminder')} busy={cancelMutation.isPending && cancelMutation.variables === r.id} onClick={() => cancelMutation.mutate(r.id)}>
                          <BanIcon className="h-4 w-4" />
                        </Button>
                      </>
                    )}
                    <Button size="icon" variant="ghost" className="text-danger" aria-label={t('reminders.delete')} title={t('reminders.delete')} onClick={() => setDeleting({ reminder: r, ids })}>
                      <TrashIcon className="h-4 w-4" />
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardBody>
      {rescheduling && <RescheduleDialog reminder={rescheduling} zone={zoneOf(rescheduling, user?.timezone)} onClose={() => setRescheduling(null)} />}
      {deleting && <DeleteDialog reminder={deleting.reminder} ids={deleting.ids} onClose={() => setDeleting(null)} />}
    </Card>
  );
}
