import { useTranslation } from 'react-i18next';
import type { Reminder } from '../../api/types';
import { formatDate } from '../../lib/format';
import { recentActivity } from '../../lib/reminder-list';
import { language } from '../../state/language';
import { useSignalValue } from '../../state/use-signal-value';
import { Card, CardBody, CardHeader, CardTitle } from '../ui/card';
import { ReminderStatusBadge } from './reminder-status-badge';

export function RecentActivity({ reminders }: { reminders: readonly Reminder[] }) {
  const { t } = useTranslation();
  const lang = useSignalValue(language);
  const items = recentActivity(reminders);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('dashboard.recentActivity')}</CardTitle>
      </CardHeader>
      <CardBody>
        {items.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('dashboard.noActivity')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border" aria-label={t('dashboard.recentActivity')}>
            {items.map((r) => (
              <li key={r.id} className="flex items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-fg">{r.subject}</p>
                  <p className="text-xs text-fg-muted">{t('dashboard.createdOn', { date: formatDate(r.createdAt, lang) })}</p>
                </div>
                <ReminderStatusBadge status={r.status} />
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
