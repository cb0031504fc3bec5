import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePeopleLookup } from '../employees/employees.queries.ts';
import { useProjectOptions } from '../projects/projects.queries.ts';
import { fromPickerDate, PICKER_FORMAT, toPickerDate } from '../projects/project-dates.ts';
import { WorkLogTable } from './WorkLogTable.tsx';
import { useWorkLogs, type WorkLogListParams } from './worklogs.queries.ts';

/** The logs of the projects the caller manages, filtered by project, Jira task, text and dates. */
export function TeamLogsPanel() {
  const { t } = useTranslation('worklogs');
  const [params, setParams] = useState<WorkLogListParams>({ scope: 'managed', page: 1, perPage: 20 });
  const logs = useWorkLogs(params);
  const projects = useProjectOptions();
  const [personSearch, setPersonSearch] = useState('');
  const people = usePeopleLookup(personSearch);
  const [person, setPerson] = useState<{ value: string; label: string } | null>(null);
  const personOptions = [
    { value: '', label: t('ui.everyone') },
    ...(person && !people.data?.items.some((p) => p.id === person.value) ? [person] : []),
    ...(people.data?.items ?? []).map((p) => ({ value: p.id, label: `${p.firstName} ${p.lastName}`.trim() })),
  ];
  const change = (patch: Partial<WorkLogListParams>) => setParams({ ...params, ...patch, page: 1 });
  return (
    <div className="lv-page">
      <div className="lv-filters">
        <label>
          {t('report.group.project')}
          <Dropdown
            value={params.projectId ?? ''}
            options={[
              { value: '', label: t('ui.allProjects') },
              ...(projects.data?.items ?? []).map((p) => ({ value: p.id, label: p.name })),
            ]}
            filter
            onChange={(e) => change({ projectId: (e.value as string) || undefined })}
            data-testid="wl-team-project"
          />
        </label>
        <label>
          {t('report.group.person')}
          <Dropdown
            value={params.personId ?? ''}
            options={personOptions}
            filter
            onFilter={(e) => setPersonSearch(e.filter)}
            onChange={(e) => {
              setPerson(personOptions.find((o) => o.value === e.value) ?? null);
              change({ personId: (e.value as string) || undefined });
            }}
            data-testid="wl-team-person"
          />
        </label>
        <label>
          {t('ui.from')}
          <Calendar
            value={toPickerDate(params.from)}
            dateFormat={PICKER_FORMAT}
            showButtonBar
            onChange={(e) => change({ from: fromPickerDate(e.value as Date | null) ?? undefined })}
          />
        </label>
        <label>
          {t('ui.to')}
          <Calendar
            value={toPickerDate(params.to)}
            dateFormat={PICKER_FORMAT}
            showButtonBar
            onChange={(e) => change({ to: fromPickerDate(e.value as Date | null) ?? undefined })}
          />
        </label>
        <label>
          {t('ui.searchText')}
          <InputText
            value={params.search ?? ''}
            onChange={(e) => change({ search: e.target.value || undefined })}
            data-testid="wl-team-search"
          />
        </label>
      </div>
      <WorkLogTable
        data={logs.data}
        page={params}
        onPage={(page) => setParams({ ...params, ...page })}
        showPerson
        testId="wl-team"
      />
    </div>
  );
}
