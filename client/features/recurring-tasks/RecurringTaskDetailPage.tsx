import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  CHILD_STATUS_FILTERS,
  type ChildStatusFilter,
  type RecurringTask,
} from '../../../shared/recurring-tasks.schemas.ts';
import { nextScheduledFrom } from '../../../shared/rules/recurrence.ts';
import { errorMessage } from '../../api/errors.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useRunAction } from '../../forms/use-form-mutation.ts';
import { PageLoading } from '../../layout/PageLoading.tsx';
import { LeaveStyles } from '../leave/LeaveStyles.tsx';
import { fromPickerDate, showDate } from '../projects/project-dates.ts';
import { AddChildDialog } from './ChildDialogs.tsx';
import { ChildTable } from './ChildTable.tsx';
import { ActiveTag, deadlineText, personName } from './recurring-format.tsx';
import { RecurringTaskDialog } from './RecurringTaskDialog.tsx';
import {
  recurringTaskKeys,
  recurringTasksApi,
  useRecurringTask,
  useTaskChildren,
} from './recurring-tasks.queries.ts';

/**
 * /recurring-tasks/:id: a task's fields, assignees and coming occurrences, its children with their
 * actions, and what a manager may do (edit, activate or deactivate, delete, add a child by hand).
 */
export default function RecurringTaskDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['recurringTasks', 'errors']);
  const task = useRecurringTask(id);
  if (task.isLoading) return <PageLoading />;
  if (!task.data)
    return (
      <div className="lv-page">
        <LeaveStyles />
        <Message severity="warn" text={task.error ? errorMessage(task.error, t) : t('ui.notFound')} />
        <Link to="/recurring-tasks?tab=tasks">← {t('ui.back')}</Link>
      </div>
    );
  return <TaskView task={task.data} />;
}

function TaskView({ task }: { task: RecurringTask }) {
  const { t } = useTranslation(['recurringTasks', 'errors']);
  const navigate = useNavigate();
  const run = useRunAction([recurringTaskKeys.all]);
  const [dialog, setDialog] = useState<'edit' | 'child' | null>(null);
  const [confirm, setConfirm] = useState<'status' | 'delete' | null>(null);
  const [params, setParams] = useState<{ page: number; perPage: number; status?: ChildStatusFilter }>({
    page: 1,
    perPage: 20,
  });
  const children = useTaskChildren(task.id, params);
  const childTotal = Object.values(task.childCounts).reduce((sum, n) => sum + n, 0);
  const { abilities } = task;
  return (
    <div className="lv-page" data-testid="rt-detail">
      <LeaveStyles />
      <Link to="/recurring-tasks?tab=tasks">← {t('ui.back')}</Link>
      <div className="lv-bar">
        <div style={{ display: 'flex', gap: '.75rem', alignItems: 'center', flexWrap: 'wrap' }}>
          <h2 data-testid="rt-detail-name">{task.name}</h2>
          <ActiveTag active={task.active} />
        </div>
        <div className="lv-row-actions" style={{ flexWrap: 'wrap' }}>
          {abilities.addChild && (
            <Button
              label={t('ui.addChild')}
              icon="pi pi-plus"
              outlined
              onClick={() => setDialog('child')}
              data-testid="rt-add-child"
            />
          )}
          {abilities.edit && (
            <Button
              label={t('ui.edit')}
              icon="pi pi-pencil"
              outlined
              onClick={() => setDialog('edit')}
              data-testid="rt-edit"
            />
          )}
          {abilities.changeStatus && (
            <Button
              label={task.active ? t('ui.deactivate') : t('ui.activate')}
              icon={task.active ? 'pi pi-pause' : 'pi pi-play'}
              outlined
              severity={task.active ? 'warning' : undefined}
              onClick={() => setConfirm('status')}
              data-testid="rt-toggle-active"
            />
          )}
          {abilities.delete && (
            <Button
              label={t('ui.delete')}
              icon="pi pi-trash"
              outlined
              severity="danger"
              onClick={() => setConfirm('delete')}
              data-testid="rt-delete"
            />
          )}
        </div>
      </div>

      <div className="lv-card">
        <dl className="lv-facts" style={{ gridTemplateColumns: 'max-content 1fr' }}>
          <dt>{t('fields.cycle')}</dt>
          <dd style={{ textAlign: 'left' }} data-testid="rt-detail-cycle">
            {t(`cycle.${task.cycle}`)}
          </dd>
          <dt>{t('fields.startDate')}</dt>
          <dd style={{ textAlign: 'left' }}>{showDate(task.startDate)}</dd>
          <dt>{t('fields.deadlineDays')}</dt>
          <dd style={{ textAlign: 'left' }}>{deadlineText(t, task.deadlineDays)}</dd>
          <dt>{t('fields.nextScheduledDate')}</dt>
          <dd style={{ textAlign: 'left' }} data-testid="rt-detail-next">
            {task.active ? showDate(task.nextScheduledDate) : '—'}
          </dd>
          <dt>{t('fields.assignees')}</dt>
          <dd style={{ textAlign: 'left' }} data-testid="rt-detail-assignees">
            {task.assignees.map((p) => `${personName(p)} · ${p.email}`).join(', ')}
          </dd>
          {task.description && (
            <>
              <dt>{t('fields.description')}</dt>
              <dd style={{ textAlign: 'left', whiteSpace: 'pre-wrap' }}>{task.description}</dd>
            </>
          )}
          <dt>{t('fields.upcoming')}</dt>
          <dd style={{ textAlign: 'left' }} data-testid="rt-detail-upcoming">
            {task.active ? task.upcoming.map(showDate).join(' · ') : t('ui.inactiveSchedule')}
          </dd>
        </dl>
      </div>

      <div className="lv-bar">
        <h3>{t('ui.children')}</h3>
        <Dropdown
          value={params.status ?? 'ALL'}
          options={[...CHILD_STATUS_FILTERS, 'ALL'].map((status) => ({
            value: status,
            label: t(`status.${status}`),
          }))}
          onChange={(e) =>
            setParams({
              ...params,
              page: 1,
              status: e.value === 'ALL' ? undefined : (e.value as ChildStatusFilter),
            })
          }
          data-testid="rt-children-status"
        />
      </div>
      <ChildTable
        data={children.data}
        page={params}
        onPage={(page) => setParams({ ...params, ...page })}
        loading={children.isFetching}
        testId="rt-children"
      />

      {dialog === 'edit' && <RecurringTaskDialog task={task} onClose={() => setDialog(null)} />}
      {dialog === 'child' && <AddChildDialog task={task} onClose={() => setDialog(null)} />}
      <ConfirmAction
        visible={confirm === 'status'}
        title={task.active ? t('ui.deactivateTitle') : t('ui.activateTitle')}
        message={
          task.active
            ? t('ui.deactivateMessage')
            : t('ui.activateMessage', { date: showDate(nextFromToday(task)) })
        }
        action={task.active ? t('ui.deactivate') : t('ui.activate')}
        severity={task.active ? 'warning' : 'primary'}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          setConfirm(null);
          void run(
            () => recurringTasksApi.setStatus(task.id, !task.active, task.version),
            task.active ? t('ui.deactivated') : t('ui.activated', { date: showDate(nextFromToday(task)) }),
          );
        }}
      />
      <ConfirmAction
        visible={confirm === 'delete'}
        title={t('ui.deleteTitle')}
        message={task.name}
        action={t('ui.deleteTask')}
        disabledReason={childTotal > 0 ? t('ui.cannotDelete', { count: childTotal }) : null}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          setConfirm(null);
          void run(() => recurringTasksApi.remove(task.id), t('ui.deleted')).then(
            (done) => done && navigate('/recurring-tasks?tab=tasks'),
          );
        }}
      />
    </div>
  );
}

/** Where a reactivated task resumes: the first occurrence on or after today (the server's rule). */
function nextFromToday(task: RecurringTask): string {
  return nextScheduledFrom(task.startDate, task.cycle, fromPickerDate(new Date())!);
}
