import type { TFunction } from 'i18next';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import type { ChildStatus } from '../../../shared/recurring-tasks.schemas.ts';

/** How the recurring-task screens show statuses, deadlines and people. */

const SEVERITY: Record<ChildStatus, 'info' | 'success' | 'danger' | 'secondary'> = {
  INCOMPLETE: 'info',
  COMPLETED: 'success',
  OVERDUE: 'danger',
  CANCELLED: 'secondary',
};

export function ChildStatusTag({ status }: { status: ChildStatus }) {
  const { t } = useTranslation('recurringTasks');
  return <Tag value={t(`status.${status}`)} severity={SEVERITY[status]} data-testid="rt-child-status" />;
}

export function ActiveTag({ active }: { active: boolean }) {
  const { t } = useTranslation('recurringTasks');
  return (
    <Tag
      value={t(active ? 'active' : 'inactive')}
      severity={active ? 'success' : 'secondary'}
      data-testid="rt-active"
    />
  );
}

/** "Due 3 days after it starts" (or the same day). */
export const deadlineText = (t: TFunction, days: number) =>
  days === 0
    ? t('recurringTasks:deadline.sameDay', { count: 0 })
    : t('recurringTasks:deadline.days', { count: days });

export const personName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();
