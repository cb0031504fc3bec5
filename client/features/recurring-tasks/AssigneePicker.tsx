import { MultiSelect } from 'primereact/multiselect';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecurringTaskPerson } from '../../../shared/recurring-tasks.schemas.ts';
import { personName } from './recurring-format.tsx';
import { useAssigneeCandidates } from './recurring-tasks.queries.ts';

/**
 * Picks assignees among the people who may be assigned (typing searches the server); the people
 * already chosen stay in the list whatever the search.
 */
export function AssigneePicker({
  inputId,
  value,
  onChange,
  invalid,
}: {
  inputId: string;
  value: RecurringTaskPerson[];
  onChange: (people: RecurringTaskPerson[]) => void;
  invalid?: boolean;
}) {
  const { t } = useTranslation('recurringTasks');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const candidates = useAssigneeCandidates(search, open);
  const found = candidates.data?.items ?? [];
  const options = [...value, ...found.filter((p) => !value.some((v) => v.id === p.id))].map((p) => ({
    value: p.id,
    label: `${personName(p)} · ${p.email}`,
    person: p,
  }));
  return (
    <MultiSelect
      inputId={inputId}
      value={value.map((p) => p.id)}
      options={options}
      optionLabel="label"
      optionValue="value"
      filter
      resetFilterOnHide
      onFilter={(e) => setSearch(e.filter)}
      onShow={() => setOpen(true)}
      onHide={() => setOpen(false)}
      display="chip"
      placeholder={t('ui.assigneesPlaceholder')}
      emptyFilterMessage={t('ui.noCandidates')}
      emptyMessage={t('ui.noCandidates')}
      invalid={invalid}
      onChange={(e) => {
        const ids = e.value as string[];
        onChange(ids.map((id) => options.find((o) => o.value === id)!.person));
      }}
      data-testid="rt-assignees"
    />
  );
}
