import type { Notification, NotificationType } from '../../../shared/notifications.schemas.ts';

/**
 * Where a notification leads (spec section 4): leave types to /leave-management (overtime ones to
 * /overtime-management), SSO_REQUEST to
 * /account-management, SSO approved or rejected to /sso-connections, payment types and any other
 * type of the spec to /invoices. An announcement is read where it is shown: it leads nowhere.
 * The recurring-task types open their task (`/recurring-tasks/:id`, read from the notification's data),
 * ASSET_ASSIGNED its asset, the risk types their risk, the hiring types their campaign's board,
 * BACKUP_FAILED the backups of /platform-settings, OFFBOARDING_REMINDER the person's profile (their checklist),
 * SECURITY_AUDIT_FINDINGS the run's findings in the audit log of /platform-settings.
 */
export function notificationTarget(type: NotificationType, data?: Notification['data']): string | null {
  switch (type) {
    case 'NEW_LEAVE_REQUEST':
    case 'LEAVE_REQUEST_APPROVED':
    case 'LEAVE_REQUEST_REJECTED':
      return '/leave-management';
    case 'NEW_OVERTIME_REQUEST':
    case 'OVERTIME_REQUEST_APPROVED':
    case 'OVERTIME_REQUEST_REJECTED':
      return '/overtime-management';
    case 'SSO_REQUEST':
      return '/account-management';
    case 'SSO_REQUEST_APPROVED':
    case 'SSO_REQUEST_REJECTED':
      return '/sso-connections';
    case 'ANNOUNCEMENT':
      return null;
    case 'PASSWORD_EXPIRING':
      return '/change-password';
    case 'ACCESS_REQUEST':
      return '/access-control-management?tab=requests';
    case 'RECURRING_TASK_DUE':
    case 'RECURRING_TASK_OVERDUE': {
      const id = (data as { recurringTask?: { id?: unknown } } | undefined)?.recurringTask?.id;
      return typeof id === 'string' ? `/recurring-tasks/${encodeURIComponent(id)}` : '/recurring-tasks';
    }
    case 'ASSET_ASSIGNED': {
      const id = (data as { asset?: { id?: unknown } } | undefined)?.asset?.id;
      return typeof id === 'string' ? `/asset-management/${encodeURIComponent(id)}` : '/asset-management';
    }
    case 'RISK_TREATMENT_OVERDUE':
    case 'RISK_REVIEW_DUE': {
      const id = (data as { risk?: { id?: unknown } } | undefined)?.risk?.id;
      return typeof id === 'string' ? `/risk-management/${encodeURIComponent(id)}` : '/risk-management';
    }
    case 'DOCUMENT_TO_ACKNOWLEDGE':
    case 'DOCUMENT_ACKNOWLEDGEMENT_REMINDER': {
      const id = (data as { document?: { id?: unknown } } | undefined)?.document?.id;
      return typeof id === 'string'
        ? `/document-management?document=${encodeURIComponent(id)}`
        : '/document-management';
    }
    case 'HIRING_NEW_CANDIDATE':
    case 'HIRING_FEEDBACK_DUE': {
      const id = (data as { campaign?: { id?: unknown } } | undefined)?.campaign?.id;
      return typeof id === 'string' ? `/hiring-campaigns/${encodeURIComponent(id)}` : '/hiring-campaigns';
    }
    case 'BACKUP_FAILED':
      return '/platform-settings?category=BACKUP';
    case 'SECURITY_AUDIT_FINDINGS': {
      const id = (data as { audit?: { runId?: unknown } } | undefined)?.audit?.runId;
      return typeof id === 'string'
        ? `/platform-settings/audit-runs/${encodeURIComponent(id)}`
        : '/platform-settings?category=AUDIT_SCHEDULE';
    }
    case 'OFFBOARDING_REMINDER': {
      const id = (data as { offboarding?: { userId?: unknown } } | undefined)?.offboarding?.userId;
      return typeof id === 'string'
        ? `/employee-management/employee/${id}`
        : '/account-management?tab=offboarding';
    }
    default:
      return '/invoices';
  }
}

/** Whether a click keeps the notification as the selected one (all but SSO approved and rejected). */
export function keepsSelection(type: NotificationType): boolean {
  return type !== 'SSO_REQUEST_APPROVED' && type !== 'SSO_REQUEST_REJECTED';
}
