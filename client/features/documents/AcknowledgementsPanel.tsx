import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { SelectButton } from 'primereact/selectbutton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentDetail } from '../../../shared/documents.schemas.ts';
import { formatDate, fullName } from '../../../shared/rules/format.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { documentKeys, documentsApi, useAcknowledgements } from './documents.queries.ts';

/** HR's view of one document: who has and has not acknowledged a version, and a reminder to those who have not. */
export function AcknowledgementsPanel({ document }: { document: DocumentDetail }) {
  const { t } = useTranslation('documents');
  const [status, setStatus] = useState<'PENDING' | 'ACKNOWLEDGED'>('PENDING');
  const [versionId, setVersionId] = useState(document.currentVersion.id);
  const [page, setPage] = useState({ page: 1, perPage: 10 });
  const list = useAcknowledgements(document.id, { ...page, status, versionId }, true);
  const remind = useFormMutation({
    mutationFn: () => documentsApi.remind(document.id),
    success: (result) => t('ui.reminded', { count: result.remindedCount }),
    invalidate: [documentKeys.all],
    failure: 'toast',
  });
  const data = list.data;
  return (
    <section data-testid="doc-tracking">
      <div className="lv-bar">
        <SelectButton
          value={status}
          allowEmpty={false}
          options={[
            { value: 'PENDING', label: t('ui.pendingTab', { count: data?.pendingCount ?? 0 }) },
            {
              value: 'ACKNOWLEDGED',
              label: t('ui.acknowledgedTab', { count: data?.acknowledgedCount ?? 0 }),
            },
          ]}
          onChange={(event) => {
            setStatus(event.value as 'PENDING' | 'ACKNOWLEDGED');
            setPage({ ...page, page: 1 });
          }}
        />
        <Dropdown
          value={versionId}
          aria-label={t('ui.forVersion')}
          options={document.versions.map((version) => ({
            value: version.id,
            label: `${t('ui.forVersion')} ${t('ui.versionNumber', { number: version.number })}`,
          }))}
          onChange={(event) => {
            setVersionId(event.value as string);
            setPage({ ...page, page: 1 });
          }}
        />
        <Button
          type="button"
          icon="pi pi-bell"
          label={t('ui.remind')}
          disabled={(data?.pendingCount ?? 0) === 0 || versionId !== document.currentVersion.id}
          loading={remind.submitting}
          onClick={() => void remind.submit(undefined)}
          data-testid="doc-remind"
        />
      </div>
      <DataTable
        value={data?.items ?? []}
        dataKey="userId"
        lazy
        paginator
        rows={page.perPage}
        first={(page.page - 1) * page.perPage}
        totalRecords={data?.total ?? 0}
        onPage={(event) => setPage({ page: (event.page ?? 0) + 1, perPage: event.rows })}
        loading={list.isFetching}
        cellMemo={false}
        data-testid="doc-tracking-table"
      >
        <Column
          header={t('ui.person')}
          body={(row: { firstName: string; lastName: string; email: string }) =>
            `${fullName(row)} · ${row.email}`
          }
        />
        <Column header={t('ui.department')} field="department" />
        <Column
          header={t('ui.acknowledgedAt')}
          body={(row: { acknowledgedAt: string | null }) =>
            row.acknowledgedAt ? formatDate(row.acknowledgedAt) : '—'
          }
        />
      </DataTable>
    </section>
  );
}
