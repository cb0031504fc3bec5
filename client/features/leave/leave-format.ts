import type { TFunction } from 'i18next';
import type { LeaveRequest } from '../../../shared/leave.schemas.ts';
import { showDate } from '../projects/project-dates.ts';

/** How the leave screens write spans, durations and statuses. */

/** 'YYYY/MM/DD (afternoon) – YYYY/MM/DD (noon)', the half days said only when they are halves. */
export function spanText(
  request: Pick<LeaveRequest, 'startDate' | 'startPart' | 'endDate' | 'endPart'>,
  t: TFunction,
): string {
  const start = `${showDate(request.startDate)}${request.startPart === 'AFTERNOON' ? ` (${t('leave:ui.afternoon')})` : ''}`;
  const end = `${showDate(request.endDate)}${request.endPart === 'MORNING' ? ` (${t('leave:ui.noon')})` : ''}`;
  return request.startDate === request.endDate &&
    request.startPart === 'MORNING' &&
    request.endPart === 'AFTERNOON'
    ? showDate(request.startDate)
    : `${start} – ${end}`;
}

export const daysText = (count: number, t: TFunction) => t('leave:days', { count });

export function statusSeverity(status: string): 'warning' | 'success' | 'danger' | 'secondary' {
  if (status === 'APPROVED') return 'success';
  if (status === 'REJECTED') return 'danger';
  if (status === 'CANCELLED') return 'secondary';
  return 'warning';
}
