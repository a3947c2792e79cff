import { useTranslation } from 'react-i18next';
import type { Reminder, Subscription } from '../../api/types';
import { formatDateTime } from '../../lib/format';
import { countByStatus } from '../../lib/reminder-list';
import { language } from '../../state/language';
import { useSignalValue } from '../../state/use-signal-value';
import { Card, CardBody, CardHeader, CardTitle } from '../ui/card';
import { cn } from '../ui/cn';

function Stat({ label, value, accent }: { label: string; value: number; accent: string }) {
  return (
    <div className="rounded-xl border border-border bg-bg-elevated p-4">
      <p className="text-xs font-medium uppercase tracking-wide text-fg-muted">{label}</p>
      <p className={cn('mt-1 text-3xl font-bold tabular-nums', accent)}>{value}</p>
    </div>
  );
}

export function StatsTab({ reminders, subscription }: { reminders: readonly Reminder[]; subscription?: Subscription }) {
  const { t } = useTranslation();
  const lang = useSignalValue(language);
  const counts = countByStatus(reminders);
  const quota = subscription?.quota;
  const limit = quota?.limit ?? null;
  const used = quota?.used ?? 0;
  const ratio = limit ? Math.min(1, used / limit) : 0;
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader><CardTitle>{t('stats.title')}</CardTitle></CardHeader>
        <CardBody className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <Stat label={t('stats.total')} value={reminders.length} accent="text-fg" />
          <Stat label={t('stats.pending')} value={counts.pending} accent="text-info" />
          <Stat label={t('stats.sent')} value={counts.sent} accent="text-primary" />
          <Stat label={t('stats.failed')} value={counts.failed} accent="text-danger" />
        </CardBody>
      </Card>
      <Card>
        <CardHeader><CardTitle>{t('stats.weekUsage')}</CardTitle></CardHeader>
        <CardBody className="flex flex-col gap-3">
          {quota ? (
            <>
              <p className="text-sm text-fg" data-testid="week-usage">
                {limit === null ? t('stats.weekUnlimited', { used }) : t('stats.weekUsageOf', { used, limit })}
              </p>
              {limit !== null && (
                <div
                  className="h-2.5 overflow-hidden rounded-full bg-surface-muted"
                  role="progressbar"
                  aria-label={t('stats.weekUsage')}
                  aria-valuemin={0}
                  aria-valuemax={limit}
                  aria-valuenow={used}
                >
                  <div className={cn('h-full rounded-full', ratio >= 1 ? 'bg-danger' : 'bg-primary')} style={{ width: `${ratio * 100}%` }} />
                </div>
              )}
              {limit !== null && used >= limit && (
                <p className="text-sm font-medium text-danger">
                  {t('stats.quotaReached')}
                  {quota.nextAvailableAt && ` · ${t('stats.nextAvailable', { date: formatDateTime(quota.nextAvailableAt, lang) })}`}
                </p>
              )}
            </>
          ) : (
            <p className="text-sm text-fg-muted">{t('common.loading')}</p>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
