import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  RECURRENCE_CYCLES,
  type RecurrenceCycle,
  type RecurringTask,
} from '../../../shared/recurring-tasks.schemas.ts';
import { showDate } from '../projects/project-dates.ts';
import { ActiveTag, deadlineText, personName } from './recurring-format.tsx';
import { RecurringTaskDialog } from './RecurringTaskDialog.tsx';
import { useAssigneeCandidates, useRecurringTasks, type TaskListParams } from './recurring-tasks.queries.ts';

/** A filter's "any" choice (PrimeReact shows no label for an empty value). */
const ANY = 'ANY';

/** Recurring tasks, filtered by name, cycle, state and (managers) assignee; managers create them here. */
export function TasksPanel({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation('recurringTasks');
  const [params, setParams] = useState<TaskListParams>({ page: 1, perPage: 20 });
  const tasks = useRecurringTasks(params);
  const [creating, setCreating] = useState(false);
  const [personSearch, setPersonSearch] = useState('');
  const candidates = useAssigneeCandidates(personSearch, canManage);
  const change = (patch: Partial<TaskListParams>) => setParams({ ...params, ...patch, page: 1 });
  return (
    <div className="lv-page">
      <div className="lv-filters">
        <label>
          {t('ui.search')}
          <InputText
            value={params.search ?? ''}
            onChange={(e) => change({ search: e.target.value || undefined })}
            data-testid="rt-search"
          />
        </label>
        <label>
          {t('fields.cycle')}
          <Dropdown
            value={params.cycle ?? ANY}
            options={[
              { value: ANY, label: t('ui.anyCycle') },
              ...RECURRENCE_CYCLES.map((cycle) => ({ value: cycle, label: t(`cycle.${cycle}`) })),
            ]}
            onChange={(e) => change({ cycle: e.value === ANY ? undefined : (e.value as RecurrenceCycle) })}
            data-testid="rt-filter-cycle"
          />
        </label>
        <label>
          {t('fields.status')}
          <Dropdown
            value={params.active === undefined ? ANY : String(params.active)}
            options={[
              { value: ANY, label: t('ui.anyState') },
              { value: 'true', label: t('active') },
              { value: 'false', label: t('inactive') },
            ]}
            onChange={(e) => change({ active: e.value === ANY ? undefined : e.value === 'true' })}
            data-testid="rt-filter-active"
          />
        </label>
        {canManage && (
          <label>
            {t('fields.assignees')}
            <Dropdown
              value={params.assigneeId ?? ANY}
              options={[
                { value: ANY, label: t('ui.anyone') },
                ...(candidates.data?.items ?? []).map((p) => ({ value: p.id, label: personName(p) })),
              ]}
              filter
              onFilter={(e) => setPersonSearch(e.filter)}
              onChange={(e) => change({ assigneeId: e.value === ANY ? undefined : (e.value as string) })}
              data-testid="rt-filter-assignee"
            />
          </label>
        )}
        {canManage && (
          <Button
            label={t('ui.newTask')}
            icon="pi pi-plus"
            onClick={() => setCreating(true)}
            data-testid="rt-new"
          />
        )}
      </div>
      <DataTable
        value={tasks.data?.items ?? []}
        lazy
        paginator
        first={(params.page - 1) * params.perPage}
        rows={params.perPage}
        rowsPerPageOptions={[10, 20, 50]}
        totalRecords={tasks.data?.total ?? 0}
        onPage={(event) => setParams({ ...params, page: (event.page ?? 0) + 1, perPage: event.rows })}
        loading={tasks.isFetching}
        emptyMessage={t('ui.noTasks')}
        cellMemo={false}
        dataKey="id"
        data-testid="rt-tasks"
      >
        <Column
          header={t('fields.name')}
          body={(task: RecurringTask) => <Link to={`/recurring-tasks/${task.id}`}>{task.name}</Link>}
        />
        <Column header={t('fields.cycle')} body={(task: RecurringTask) => t(`cycle.${task.cycle}`)} />
        <Column
          header={t('fields.nextScheduledDate')}
          body={(task: RecurringTask) => showDate(task.nextScheduledDate)}
        />
        <Column
          header={t('fields.deadlineDays')}
          body={(task: RecurringTask) => deadlineText(t, task.deadlineDays)}
        />
        <Column
          header={t('fields.assignees')}
          body={(task: RecurringTask) => task.assignees.map(personName).join(', ')}
        />
        <Column
          header={t('fields.open')}
          body={(task: RecurringTask) => task.childCounts.INCOMPLETE + task.childCounts.OVERDUE}
        />
        <Column
          header={t('fields.status')}
          body={(task: RecurringTask) => <ActiveTag active={task.active} />}
        />
      </DataTable>
      {creating && <RecurringTaskDialog task={null} onClose={() => setCreating(false)} />}
    </div>
  );
}
