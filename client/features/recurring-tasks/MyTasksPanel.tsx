import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHILD_STATUS_FILTERS, type ChildStatusFilter } from '../../../shared/recurring-tasks.schemas.ts';
import { ChildTable } from './ChildTable.tsx';
import { useChildren, type ChildListParams } from './recurring-tasks.queries.ts';

/** The caller's children across every task: open ones by default, most urgent first. */
export function MyTasksPanel() {
  const { t } = useTranslation('recurringTasks');
  const [params, setParams] = useState<ChildListParams>({
    scope: 'mine',
    status: 'OPEN',
    page: 1,
    perPage: 20,
  });
  const children = useChildren(params);
  const change = (patch: Partial<ChildListParams>) => setParams({ ...params, ...patch, page: 1 });
  return (
    <div className="lv-page">
      <span className="lv-hint">{t('ui.mineHint')}</span>
      <div className="lv-filters">
        <label>
          {t('fields.status')}
          <Dropdown
            value={params.status ?? 'ALL'}
            options={[...CHILD_STATUS_FILTERS, 'ALL'].map((status) => ({
              value: status,
              label: t(`status.${status}`),
            }))}
            onChange={(e) =>
              change({ status: e.value === 'ALL' ? undefined : (e.value as ChildStatusFilter) })
            }
            data-testid="rt-mine-status"
          />
        </label>
        <label>
          {t('ui.search')}
          <InputText
            value={params.search ?? ''}
            onChange={(e) => change({ search: e.target.value || undefined })}
            data-testid="rt-mine-search"
          />
        </label>
      </div>
      <ChildTable
        data={children.data}
        page={params}
        onPage={(page) => setParams({ ...params, ...page })}
        loading={children.isFetching}
        showTask
        testId="rt-mine"
      />
    </div>
  );
}
