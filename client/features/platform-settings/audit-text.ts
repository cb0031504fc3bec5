import type { TFunction } from 'i18next';
import { formatDate } from '../../../shared/rules/format.ts';
import {
  INACTIVE_ACCOUNT_DAYS,
  STALE_ACCESS_REQUEST_DAYS,
  type AuditFinding,
} from '../../../shared/security-audits.schemas.ts';

/** A check's name and description in the reader's language (the name itself for a check not translated yet). */
export const checkName = (t: TFunction, check: string) =>
  t(`platformSettings:audits.checks.${check}`, { defaultValue: check });
export const checkDescription = (t: TFunction, check: string) =>
  t(`platformSettings:audits.descriptions.${check}`, {
    defaultValue: '',
    days: check === 'STALE_ACCESS_REQUESTS' ? STALE_ACCESS_REQUEST_DAYS : INACTIVE_ACCOUNT_DAYS,
  });

/** A finding worded from its facts in the reader's language; the stored English summary otherwise. */
export function findingText(t: TFunction, check: string, finding: AuditFinding): string {
  const data = finding.data as Record<string, unknown>;
  switch (check) {
    case 'INACTIVE_ACCOUNTS_WITH_ROLES':
      return t(
        `platformSettings:audits.finding.${data.reason === 'DEACTIVATED' ? 'DEACTIVATED' : 'NOT_SIGNED_IN'}`,
        {
          roles: Array.isArray(data.roles) ? data.roles.join(', ') : '',
          days: data.days,
        },
      );
    case 'USERS_WITHOUT_TWO_FACTOR':
      return t('platformSettings:audits.finding.USERS_WITHOUT_TWO_FACTOR');
    case 'STALE_ACCESS_REQUESTS':
      return t('platformSettings:audits.finding.STALE_ACCESS_REQUESTS', {
        count: Number(data.pendingDays ?? 0),
        path: String(data.path ?? ''),
      });
    case 'DEVICE_COMPLIANCE':
      return deviceFindingText(t, data) ?? finding.summary;
    default:
      return finding.summary;
  }
}

/** A device-compliance finding: no device, an outdated one (blocked or in its grace period), checklist gaps. */
function deviceFindingText(t: TFunction, data: Record<string, unknown>): string | null {
  const device = String(data.device ?? '');
  const required = [
    data.latestOsVersion && `${String(data.os ?? '')} ${String(data.latestOsVersion)}`,
    data.latestBrowserVersion && `${String(data.browser ?? '')} ${String(data.latestBrowserVersion)}`,
  ]
    .filter(Boolean)
    .join(', ');
  switch (data.problem) {
    case 'NO_DEVICE':
      return t('platformSettings:audits.finding.DEVICE_NO_DEVICE');
    case 'OUTDATED':
      return t('platformSettings:audits.finding.DEVICE_OUTDATED', { device, required });
    case 'OUTDATED_GRACE':
      return t('platformSettings:audits.finding.DEVICE_OUTDATED_GRACE', {
        device,
        required,
        date: typeof data.blocksAt === 'string' ? formatDate(data.blocksAt) : '',
      });
    case 'CHECKLIST':
      return t('platformSettings:audits.finding.DEVICE_CHECKLIST', {
        device,
        gaps: (Array.isArray(data.gaps) ? data.gaps : [])
          .map((gap) => t(`devices:gaps.${String(gap)}`))
          .join(', '),
      });
    default:
      return null;
  }
}
