import t from 'tap';
import {
  keepsSelection,
  notificationTarget,
} from '../../client/features/notifications/notification-target.ts';
import { notificationText } from '../../client/features/notifications/notification-text.ts';
import { i18nFor } from '../../shared/i18n/index.ts';
import { NOTIFICATION_TYPES, type Notification } from '../../shared/notifications.schemas.ts';

t.test('click targets of spec section 4', async (t) => {
  t.equal(notificationTarget('NEW_LEAVE_REQUEST'), '/leave-management');
  t.equal(notificationTarget('LEAVE_REQUEST_APPROVED'), '/leave-management');
  t.equal(notificationTarget('LEAVE_REQUEST_REJECTED'), '/leave-management');
  t.equal(notificationTarget('SSO_REQUEST'), '/account-management');
  t.equal(notificationTarget('SSO_REQUEST_APPROVED'), '/sso-connections');
  t.equal(notificationTarget('SSO_REQUEST_REJECTED'), '/sso-connections');
  t.equal(notificationTarget('PAYMENT_REQUEST'), '/invoices');
  t.equal(notificationTarget('PAYMENT_MADE'), '/invoices');
  t.equal(notificationTarget('ANNOUNCEMENT'), null, 'an announcement is read in place');
  t.equal(notificationTarget('PASSWORD_EXPIRING'), '/change-password');
  t.equal(notificationTarget('ACCESS_REQUEST'), '/access-control-management?tab=requests');
  t.equal(notificationTarget('NEW_OVERTIME_REQUEST'), '/overtime-management');
  t.equal(notificationTarget('OVERTIME_REQUEST_APPROVED'), '/overtime-management');
  const child = {
    actor: null,
    recurringTask: { id: 'a6f1c0de-0000-4000-8000-000000000001', name: 'Backup check' },
    child: { id: 'c1', startDate: '2027-02-28', dueDate: '2027-03-02' },
  };
  t.equal(
    notificationTarget('RECURRING_TASK_DUE', child),
    '/recurring-tasks/a6f1c0de-0000-4000-8000-000000000001',
    'a recurring task notification opens its task',
  );
  t.equal(
    notificationTarget('RECURRING_TASK_OVERDUE', child),
    '/recurring-tasks/a6f1c0de-0000-4000-8000-000000000001',
  );
  t.equal(notificationTarget('RECURRING_TASK_DUE'), '/recurring-tasks', 'without data: the list');
});

t.test('the selection is kept except for SSO approved and rejected', async (t) => {
  const notKept = NOTIFICATION_TYPES.filter((type) => !keepsSelection(type));
  t.same(notKept, ['SSO_REQUEST_REJECTED', 'SSO_REQUEST_APPROVED']);
});

t.test('recurring-task notifications read in both languages, with the due date', async (t) => {
  const data = {
    actor: null,
    recurringTask: { id: 'a6f1c0de-0000-4000-8000-000000000001', name: 'Backup check' },
    child: { id: 'c1', startDate: '2027-02-28', dueDate: '2027-03-02' },
  };
  const of = (type: 'RECURRING_TASK_DUE' | 'RECURRING_TASK_OVERDUE') =>
    ({
      id: 'n1',
      type,
      tab: 'PLATFORM',
      isRead: false,
      createdAt: '2027-02-28T01:00:00Z',
      data,
    }) as Notification;
  const en = i18nFor('en').t;
  const vi = i18nFor('vi').t;
  t.equal(notificationText(en, of('RECURRING_TASK_DUE')), 'Recurring task Backup check is due on 2027/03/02');
  t.equal(
    notificationText(en, of('RECURRING_TASK_OVERDUE')),
    'Recurring task Backup check is overdue: it was due on 2027/03/02',
  );
  t.equal(
    notificationText(vi, of('RECURRING_TASK_DUE')),
    'Công việc định kỳ Backup check cần hoàn thành trước hết ngày 2027/03/02',
  );
  t.equal(
    notificationText(vi, of('RECURRING_TASK_OVERDUE')),
    'Công việc định kỳ Backup check đã quá hạn: hạn chót là ngày 2027/03/02',
  );
});

t.test('a security audit run leads to its findings, worded by result', async (t) => {
  const audit = (result: string, findingCount: number, error: string | null) => ({
    actor: null,
    audit: { runId: 'r1', check: 'STALE_ACCESS_REQUESTS', result, findingCount, error },
  });
  t.equal(
    notificationTarget('SECURITY_AUDIT_FINDINGS', audit('SUCCEED', 2, null)),
    '/platform-settings/audit-runs/r1',
  );
  t.equal(notificationTarget('SECURITY_AUDIT_FINDINGS'), '/platform-settings?category=AUDIT_SCHEDULE');
  const text = (language: 'en' | 'vi', data: ReturnType<typeof audit>) =>
    notificationText(i18nFor(language).t, {
      id: 'n1',
      type: 'SECURITY_AUDIT_FINDINGS',
      tab: 'PLATFORM',
      isRead: false,
      createdAt: '2026-11-26T00:00:00.000Z',
      data,
    } as Notification);
  t.equal(
    text('en', audit('SUCCEED', 2, null)),
    'Security audit “Stale access requests” found 2 things to look at',
  );
  t.equal(
    text('en', audit('FAILED', 0, 'timeout')),
    'Security audit “Stale access requests” failed: timeout',
  );
  t.match(text('vi', audit('SUCCEED', 1, null)), /Yêu cầu truy cập tồn đọng/);
});
