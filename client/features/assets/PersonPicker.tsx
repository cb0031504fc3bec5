import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RiskPerson } from '../../../shared/risks.schemas.ts';
import { fullName } from '../../../shared/rules/format.ts';

/**
 * One active person, picked by typing a name (the server searches); the person already chosen stays
 * in the list whatever the search. `useOptions` is the area's query hook for the choices.
 */
export function PersonPicker({
  inputId,
  value,
  onChange,
  useOptions,
  invalid,
  testId,
}: {
  inputId: string;
  value: RiskPerson | null;
  onChange: (person: RiskPerson | null) => void;
  useOptions: (search: string, enabled: boolean) => { data?: { items: RiskPerson[] } };
  invalid?: boolean;
  testId: string;
}) {
  const { t } = useTranslation('assets');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const found = useOptions(search, open).data?.items ?? [];
  const people = value ? [value, ...found.filter((p) => p.id !== value.id)] : found;
  return (
    <Dropdown
      inputId={inputId}
      value={value?.id ?? null}
      options={people.map((p) => ({ value: p.id, label: `${fullName(p)} · ${p.email}` }))}
      filter
      showClear
      resetFilterOnHide
      onFilter={(e) => setSearch(e.filter)}
      onShow={() => setOpen(true)}
      onHide={() => setOpen(false)}
      placeholder={t('dialog.choosePerson')}
      invalid={invalid}
      onChange={(e) => onChange(people.find((p) => p.id === e.value) ?? null)}
      data-testid={testId}
    />
  );
}
