import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RecurringTaskChild, RecurringTaskChildPage } from '../../../shared/recurring-tasks.schemas.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useRunAction } from '../../forms/use-form-mutation.ts';
import { showDate } from '../projects/project-dates.ts';
import { NoteDialog } from './ChildDialogs.tsx';
import { ChildStatusTag, personName } from './recurring-format.tsx';
import { recurringTaskKeys, recurringTasksApi, type ChildActionName } from './recurring-tasks.queries.ts';

const DONE: Record<ChildActionName, string> = {
  complete: 'ui.completed',
  incomplete: 'ui.reopened',
  cancel: 'ui.cancelled',
  uncancel: 'ui.uncancelled',
};

/** A page of child tasks with the actions the server allows on each (complete, reopen, cancel, restore, note). */
export function ChildTable({
  data,
  page,
  onPage,
  showTask,
  loading,
  testId,
}: {
  data: RecurringTaskChildPage | undefined;
  page: { page: number; perPage: number };
  onPage: (page: { page: number; perPage: number }) => void;
  showTask?: boolean;
  loading?: boolean;
  testId: string;
}) {
  const { t } = useTranslation('recurringTasks');
  const run = useRunAction([recurringTaskKeys.all]);
  const [noting, setNoting] = useState<RecurringTaskChild | null>(null);
  const [cancelling, setCancelling] = useState<RecurringTaskChild | null>(null);
  const act = (child: RecurringTaskChild, action: ChildActionName) =>
    void run(() => recurringTasksApi.act(child.id, action), t(DONE[action]));
  return (
    <>
      <DataTable
        value={data?.items ?? []}
        lazy
        paginator
        first={(page.page - 1) * page.perPage}
        rows={page.perPage}
        rowsPerPageOptions={[10, 20, 50]}
        totalRecords={data?.total ?? 0}
        onPage={(event) => onPage({ page: (event.page ?? 0) + 1, perPage: event.rows })}
        loading={loading}
        emptyMessage={t('ui.noChildren')}
        cellMemo={false}
        dataKey="id"
        data-testid={testId}
      >
        {showTask && (
          <Column
            header={t('fields.task')}
            body={(c: RecurringTaskChild) => (
              <Link to={`/recurring-tasks/${c.recurringTask.id}`}>{c.recurringTask.name}</Link>
            )}
          />
        )}
        <Column header={t('fields.startDate')} body={(c: RecurringTaskChild) => showDate(c.startDate)} />
        <Column header={t('fields.dueDate')} body={(c: RecurringTaskChild) => showDate(c.dueDate)} />
        <Column
          header={t('fields.status')}
          body={(c: RecurringTaskChild) => <ChildStatusTag status={c.status} />}
        />
        <Column
          header={t('fields.note')}
          body={(c: RecurringTaskChild) => (
            <span style={{ whiteSpace: 'pre-wrap' }}>
              {c.note}
              {[
                ...(c.source === 'MANUAL' ? [t('source.MANUAL')] : []),
                ...(c.completedBy ? [`${t('fields.completedBy')}: ${personName(c.completedBy)}`] : []),
              ].map((fact, i) => (
                <span key={fact} className="lv-hint">
                  {c.note || i > 0 ? ' · ' : ''}
                  {fact}
                </span>
              ))}
            </span>
          )}
        />
        <Column
          body={(c: RecurringTaskChild) => (
            <div className="lv-row-actions">
              {c.abilities.complete && (
                <Button
                  label={t('ui.complete')}
                  icon="pi pi-check"
                  size="small"
                  onClick={() => act(c, 'complete')}
                  data-testid="rt-complete"
                />
              )}
              {c.abilities.incomplete && (
                <Button
                  label={t('ui.incomplete')}
                  icon="pi pi-replay"
                  size="small"
                  outlined
                  onClick={() => act(c, 'incomplete')}
                  data-testid="rt-incomplete"
                />
              )}
              {c.abilities.uncancel && (
                <Button
                  label={t('ui.uncancel')}
                  icon="pi pi-undo"
                  size="small"
                  outlined
                  onClick={() => act(c, 'uncancel')}
                  data-testid="rt-uncancel"
                />
              )}
              {c.abilities.editNote && (
                <Button
                  icon="pi pi-pencil"
                  text
                  rounded
                  aria-label={t('ui.editNote')}
                  onClick={() => setNoting(c)}
                  data-testid="rt-note"
                />
              )}
              {c.abilities.cancel && (
                <Button
                  icon="pi pi-ban"
                  text
                  rounded
                  severity="danger"
                  aria-label={t('ui.cancel')}
                  onClick={() => setCancelling(c)}
                  data-testid="rt-cancel"
                />
              )}
            </div>
          )}
        />
      </DataTable>
      {noting && <NoteDialog child={noting} onClose={() => setNoting(null)} />}
      <ConfirmAction
        visible={cancelling !== null}
        title={t('ui.cancelTitle')}
        message={
          cancelling
            ? t('ui.cancelMessage', {
                task: cancelling.recurringTask.name,
                date: showDate(cancelling.dueDate),
              })
            : undefined
        }
        action={t('ui.cancel')}
        onCancel={() => setCancelling(null)}
        onConfirm={() => {
          const child = cancelling!;
          setCancelling(null);
          act(child, 'cancel');
        }}
      />
    </>
  );
}
