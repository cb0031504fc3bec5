import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkLog, WorkLogPage } from '../../../shared/worklogs.schemas.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useRunAction } from '../../forms/use-form-mutation.ts';
import { showDate } from '../projects/project-dates.ts';
import { WorkLogDialog } from './WorkLogDialog.tsx';
import { workLogKeys, workLogsApi } from './worklogs.queries.ts';

/** A page of logs with their row actions (change, delete) where the server allows them. */
export function WorkLogTable({
  data,
  page,
  onPage,
  showPerson,
  testId,
}: {
  data: WorkLogPage | undefined;
  page: { page: number; perPage: number };
  onPage: (page: { page: number; perPage: number }) => void;
  showPerson?: boolean;
  testId: string;
}) {
  const { t } = useTranslation('worklogs');
  const [editing, setEditing] = useState<WorkLog | null>(null);
  const [deleting, setDeleting] = useState<WorkLog | null>(null);
  const run = useRunAction([workLogKeys.all]);
  return (
    <>
      <DataTable
        value={data?.items ?? []}
        lazy
        paginator
        first={(page.page - 1) * page.perPage}
        rows={page.perPage}
        totalRecords={data?.total ?? 0}
        onPage={(event) => onPage({ page: (event.page ?? 0) + 1, perPage: event.rows })}
        emptyMessage={t('ui.noLogs')}
        cellMemo={false}
        dataKey="id"
        data-testid={testId}
      >
        <Column header={t('ui.columns.date')} body={(l: WorkLog) => showDate(l.workDate)} />
        {showPerson && (
          <Column
            header={t('report.group.person')}
            body={(l: WorkLog) => `${l.person.firstName} ${l.person.lastName}`.trim()}
          />
        )}
        <Column header={t('report.group.project')} body={(l: WorkLog) => l.project.name} />
        <Column header={t('ui.columns.hours')} body={(l: WorkLog) => l.hours} />
        <Column
          header={t('ui.columns.description')}
          body={(l: WorkLog) => (
            <span style={{ whiteSpace: 'pre-wrap' }}>
              {l.description}
              {l.jiraTaskKeys.length > 0 && <span className="lv-hint"> · {l.jiraTaskKeys.join(', ')}</span>}
            </span>
          )}
        />
        <Column
          body={(l: WorkLog) => (
            <div className="lv-row-actions">
              {l.locked && <Tag value={t('ui.locked')} icon="pi pi-lock" severity="secondary" />}
              {l.abilities.edit && (
                <Button
                  icon="pi pi-pencil"
                  text
                  rounded
                  aria-label={t('ui.edit')}
                  onClick={() => setEditing(l)}
                />
              )}
              {l.abilities.delete && (
                <Button
                  icon="pi pi-trash"
                  text
                  rounded
                  severity="danger"
                  aria-label={t('ui.delete')}
                  onClick={() => setDeleting(l)}
                />
              )}
            </div>
          )}
        />
      </DataTable>
      {editing && <WorkLogDialog log={editing} onClose={() => setEditing(null)} />}
      <ConfirmAction
        visible={deleting !== null}
        title={t('ui.deleteTitle')}
        message={
          deleting
            ? `${showDate(deleting.workDate)} · ${deleting.project.name} · ${deleting.hours} h`
            : undefined
        }
        action={t('ui.deleteLog')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const log = deleting!;
          setDeleting(null);
          void run(() => workLogsApi.remove(log.id), t('ui.deleted'));
        }}
      />
    </>
  );
}
