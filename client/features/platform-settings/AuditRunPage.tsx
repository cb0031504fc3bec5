import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { AuditFinding } from '../../../shared/security-audits.schemas.ts';
import { formatDate, fullName } from '../../../shared/rules/format.ts';
import { errorMessage } from '../../api/errors.ts';
import { usePagedTable } from '../../tables/use-paged-table.ts';
import { RESULT_SEVERITY } from './AuditScheduleSection.tsx';
import { checkName, findingText } from './audit-text.ts';
import { useAuditFindings, useAuditRun } from './platform-settings.queries.ts';

const PER_PAGE = 20;

/** /platform-settings/audit-runs/:id: one security audit run (the notification's target) and its findings. */
export default function AuditRunPage() {
  const { t } = useTranslation(['platformSettings', 'errors']);
  const { id = '' } = useParams();
  const run = useAuditRun(id);
  const table = usePagedTable({ pageSizes: [PER_PAGE], defaultPerPage: PER_PAGE });
  const findings = useAuditFindings(id, table.query.page);
  return (
    <div className="settings-page" data-testid="audit-run-page">
      <div className="settings-page__column" style={{ gridColumn: '1 / -1' }}>
        <Link to="/platform-settings?category=AUDIT_SCHEDULE">{t('audits.back')}</Link>
        {run.isError && <Message severity="error" text={errorMessage(run.error, t)} />}
        {run.data && (
          <section className="settings-card" data-testid="audit-run-summary">
            <h2>{t('audits.runTitle', { check: checkName(t, run.data.check) })}</h2>
            <p>
              <Tag
                severity={RESULT_SEVERITY[run.data.result]}
                value={t(`audits.results.${run.data.result}`)}
                data-testid="audit-run-result"
              />{' '}
              {formatDate(run.data.startedAt)} {run.data.startedAt.slice(11, 16)} ·{' '}
              {t(`audits.triggers.${run.data.trigger}`)} · {t('audits.startedBy')}:{' '}
              {run.data.startedBy ?? t('audits.system')} · {t('audits.findings')}: {run.data.findingCount}
            </p>
            {run.data.error && <Message severity="error" text={`${t('audits.error')}: ${run.data.error}`} />}
          </section>
        )}
        {run.data && (
          <section className="settings-card">
            <h2>{t('audits.findings')}</h2>
            {findings.isError && <Message severity="error" text={errorMessage(findings.error, t)} />}
            <DataTable
              {...table.tableProps(findings.data, findings.isFetching)}
              emptyMessage={t('audits.noFindings')}
              size="small"
              data-testid="audit-findings"
            >
              <Column
                header={t('security.person')}
                body={(finding: AuditFinding) =>
                  finding.person ? (
                    <span>
                      {fullName(finding.person)}
                      <br />
                      <small>{finding.person.email}</small>
                    </span>
                  ) : (
                    t('security.none')
                  )
                }
              />
              <Column
                header={t('audits.findings')}
                body={(finding: AuditFinding) => findingText(t, run.data.check, finding)}
              />
            </DataTable>
          </section>
        )}
      </div>
    </div>
  );
}
