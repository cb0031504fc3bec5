import type { TFunction } from 'i18next';
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
    default:
      return finding.summary;
  }
}
