import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkLog, WorkLogJira, WorkLogPage } from '../../../shared/worklogs.schemas.ts';
import { formatDateTime } from '../../../shared/rules/date-time.ts';
import { ApiError } from '../../api/errors.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useRunAction } from '../../forms/use-form-mutation.ts';
import { showDate } from '../projects/project-dates.ts';
import { WorkLogDialog } from './WorkLogDialog.tsx';
import { useReloadWorkLogs, workLogKeys, workLogsApi } from './worklogs.queries.ts';

const PUSH_SEVERITY = {
  NOT_PUSHED: 'secondary',
  PENDING: 'info',
  PUSHED: 'success',
  CHANGED: 'warning',
  FAILED: 'danger',
} as const;

/** How a log's push to Jira stands, as a tag; each task's error (or when it was pushed) on hover. */
export function JiraPushTag({ jira }: { jira: WorkLogJira }) {
  const { t } = useTranslation(['worklogs', 'connections']);
  const details = jira.tasks
    .map((task) =>
      task.errorCode
        ? `${task.issueKey}: ${t(`connections:providerError.${task.errorCode}`, { detail: task.errorDetail ?? '—' })}`
        : task.pushedAt
          ? `${task.issueKey}: ${t('ui.jira.pushedAt', { when: formatDateTime(task.pushedAt).text, hours: task.hours ?? 0 })}`
          : task.issueKey,
    )
    .join('\n');
  return (
    <span title={details || undefined} data-testid="wl-jira-state" data-state={jira.state}>
      <Tag
        value={t(`ui.jira.state.${jira.state}`)}
        severity={PUSH_SEVERITY[jira.state]}
        icon={jira.state === 'FAILED' ? 'pi pi-exclamation-circle' : undefined}
      />
    </span>
  );
}

/** Pushes logs to Jira; the toast says how many made it and why the others did not. */
export function usePushToJira() {
  const { t } = useTranslation(['worklogs', 'connections']);
  const run = useRunAction([workLogKeys.all]);
  const reload = useReloadWorkLogs();
  return (ids: string[]) =>
    run(async () => {
      const { items } = await workLogsApi.pushToJira(ids);
      // A push that failed for some tasks is kept too: the table shows it either way.
      await reload();
      const failed = items.flatMap((log) => log.jira.tasks.filter((task) => task.state === 'FAILED'));
      if (failed.length > 0)
        throw new ApiError(
          200,
          'JIRA_PUSH_FAILED',
          t('ui.jira.pushFailed', {
            reasons: failed
              .map(
                (task) =>
                  `${task.issueKey}: ${t(`connections:providerError.${task.errorCode ?? 'FAILED'}`, { detail: task.errorDetail ?? '—' })}`,
              )
              .join('; '),
          }),
        );
    }, t('ui.jira.pushed'));
}

/** A page of logs with their row actions (change, delete, push to Jira) where the server allows them. */
export function WorkLogTable({
  data,
  page,
  onPage,
  showPerson,
  testId,
  selection,
  onSelection,
}: {
  data: WorkLogPage | undefined;
  page: { page: number; perPage: number };
  onPage: (page: { page: number; perPage: number }) => void;
  showPerson?: boolean;
  testId: string;
  /** The logs ticked for pushing to Jira (one's own logs). */
  selection?: WorkLog[];
  onSelection?: (logs: WorkLog[]) => void;
}) {
  const { t } = useTranslation('worklogs');
  const [editing, setEditing] = useState<WorkLog | null>(null);
  const [deleting, setDeleting] = useState<WorkLog | null>(null);
  const [pushing, setPushing] = useState<string | null>(null);
  const run = useRunAction([workLogKeys.all]);
  const push = usePushToJira();
  return (
    <>
      <DataTable
        selectionMode={onSelection ? 'checkbox' : null}
        selection={selection ?? []}
        onSelectionChange={(event: { value: unknown }) => onSelection?.(event.value as WorkLog[])}
        isDataSelectable={(event) =>
          Boolean(onSelection) &&
          (event.data as WorkLog).abilities.push &&
          (event.data as WorkLog).jira.state !== 'PUSHED'
        }
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
        {onSelection && <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} />}
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
          header={t('ui.jira.column')}
          body={(l: WorkLog) => (l.jiraTaskKeys.length > 0 ? <JiraPushTag jira={l.jira} /> : null)}
        />
        <Column
          body={(l: WorkLog) => (
            <div className="lv-row-actions">
              {l.locked && <Tag value={t('ui.locked')} icon="pi pi-lock" severity="secondary" />}
              {l.abilities.push && l.jira.state !== 'PUSHED' && (
                <Button
                  icon="pi pi-upload"
                  text
                  rounded
                  loading={pushing === l.id}
                  aria-label={t('ui.jira.push')}
                  tooltip={t('ui.jira.push')}
                  onClick={() => {
                    setPushing(l.id);
                    void push([l.id]).finally(() => setPushing(null));
                  }}
                  data-testid="wl-push"
                />
              )}
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
