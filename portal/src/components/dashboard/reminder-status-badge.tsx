import { useTranslation } from 'react-i18next';
import type { ReminderStatus } from '../../api/types';
import { Badge, type BadgeProps } from '../ui/badge';

/** SPEC §4: pending outlined, sent shown as complete, failed destructive. */
const TONES: Record<ReminderStatus, BadgeProps['tone']> = {
  pending: 'outline',
  sent: 'success',
  failed: 'danger',
  cancelled: 'neutral',
};

export function ReminderStatusBadge({ status }: { status: ReminderStatus }) {
  const { t } = useTranslation();
  return <Badge tone={TONES[status] ?? 'neutral'}>{t(`reminders.status.${status}`, { defaultValue: status })}</Badge>;
}
