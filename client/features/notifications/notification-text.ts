import type { TFunction } from 'i18next';
import type { Notification } from '../../../shared/notifications.schemas.ts';
import { formatDate, fullName } from '../../../shared/rules/format.ts';
import { screenName } from '../../../shared/rules/titles.ts';

type Person = { firstName: string; lastName: string; avatarUrl?: string | null };

/** The person shown beside a notification: who acted, or the requester of a leave request. */
export function notificationPerson(notification: Notification): Person | null {
  if (notification.type === 'NEW_LEAVE_REQUEST') return notification.data.leaveRequest;
  if (notification.type === 'NEW_OVERTIME_REQUEST') return notification.data.overtimeRequest;
  return notification.data.actor ?? null;
}

/** The sentence of a notification in the person's language. */
export function notificationText(t: TFunction, notification: Notification): string {
  const person = notificationPerson(notification);
  const name = person ? fullName(person) || t('notifications:someone') : t('notifications:systemName');
  const key = `notifications:types.${notification.type}`;
  switch (notification.type) {
    case 'NEW_LEAVE_REQUEST':
    case 'LEAVE_REQUEST_APPROVED':
    case 'LEAVE_REQUEST_REJECTED':
      return t(key, {
        name,
        duration: t('common:duration.day', { count: notification.data.leaveRequest.duration }),
      });
    case 'PAYMENT_REQUEST':
    case 'PAYMENT_MADE':
    case 'PAYMENT_REJECTED':
      return t(key, { name, invoice: notification.data.invoice.name });
    case 'SSO_REQUEST':
      return t(key, { name, connection: notification.data.ssoRequest.ssoConnectionName });
    case 'SSO_REQUEST_APPROVED':
    case 'SSO_REQUEST_REJECTED':
      return t(key, { name, connection: notification.data.ssoConnection.name });
    case 'ANNOUNCEMENT':
      return t(key, { name, message: notification.data.message });
    case 'PASSWORD_EXPIRING':
      return t(key, { count: notification.data.daysLeft });
    case 'NEW_OVERTIME_REQUEST':
    case 'OVERTIME_REQUEST_APPROVED':
    case 'OVERTIME_REQUEST_REJECTED':
      return t(key, {
        name,
        count: notification.data.overtimeRequest.hours,
        date: notification.data.overtimeRequest.workDate.replaceAll('-', '/'),
      });
    case 'RECURRING_TASK_DUE':
    case 'RECURRING_TASK_OVERDUE':
      return t(key, {
        task: notification.data.recurringTask.name,
        date: formatDate(notification.data.child.dueDate),
      });
    case 'ASSET_ASSIGNED':
      return t(key, { name, asset: notification.data.asset.name });
    case 'RISK_TREATMENT_OVERDUE':
    case 'RISK_REVIEW_DUE':
      return t(key, { risk: notification.data.risk.name, date: formatDate(notification.data.risk.date) });
    case 'DOCUMENT_TO_ACKNOWLEDGE':
    case 'DOCUMENT_ACKNOWLEDGEMENT_REMINDER':
      return t(key, {
        document: notification.data.document.title,
        version: notification.data.document.version,
      });
    case 'HIRING_NEW_CANDIDATE':
    case 'HIRING_FEEDBACK_DUE':
      return t(key, {
        name,
        candidate: fullName(notification.data.candidate),
        position: notification.data.campaign.position,
        stage: notification.type === 'HIRING_FEEDBACK_DUE' ? notification.data.stage : '',
        date: notification.type === 'HIRING_FEEDBACK_DUE' ? formatDate(notification.data.dueDate) : '',
      });
    case 'BACKUP_FAILED':
      return t(key, { backup: notification.data.backup.name, error: notification.data.backup.error });
    case 'OFFBOARDING_REMINDER':
      return t(key, { person: notification.data.offboarding.name, open: notification.data.offboarding.open });
    case 'SECURITY_AUDIT_FINDINGS': {
      const { audit } = notification.data;
      const check = t(`platformSettings:audits.checks.${audit.check}`, { defaultValue: audit.check });
      return audit.result === 'FAILED'
        ? t('notifications:securityAuditFailed', { check, error: audit.error ?? '' })
        : t(key, { check, count: audit.findingCount });
    }
    case 'ACCESS_REQUEST':
      // The screen by its name ("Employee management"), never a bare "/".
      return t(key, { name, path: screenName(t, notification.data.accessRequest.path) });
  }
}
