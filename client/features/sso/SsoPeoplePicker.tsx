import { MultiSelect } from 'primereact/multiselect';
import { useState } from 'react';
import type { SsoPerson } from '../../../shared/sso.schemas.ts';
import { usePeopleSearch, type PersonOption } from '../projects/projects.queries.ts';

const toPerson = (p: PersonOption): SsoPerson => ({
  id: p.id,
  name: [p.firstName, p.lastName].filter(Boolean).join(' '),
  email: p.email,
});

/** Picks people (typing searches the server); those chosen stay in the list whatever the search. */
export function SsoPeoplePicker({
  inputId,
  value,
  onChange,
  invalid,
  testId,
}: {
  inputId: string;
  value: SsoPerson[];
  onChange: (people: SsoPerson[]) => void;
  invalid?: boolean;
  testId?: string;
}) {
  const search = usePeopleSearch();
  const [found, setFound] = useState<SsoPerson[]>([]);
  const options = [...value, ...found.filter((p) => !value.some((v) => v.id === p.id))].map((p) => ({
    value: p.id,
    label: `${p.name} · ${p.email}`,
    person: p,
  }));
  const load = (text: string) =>
    search(text.trim()).then(
      (people) => setFound(people.map(toPerson)),
      () => setFound([]),
    );
  return (
    <MultiSelect
      inputId={inputId}
      value={value.map((p) => p.id)}
      options={options}
      optionLabel="label"
      optionValue="value"
      filter
      resetFilterOnHide
      onFilter={(e) => void load(e.filter)}
      onShow={() => void load('')}
      display="chip"
      invalid={invalid}
      onChange={(e) =>
        onChange((e.value as string[]).map((id) => options.find((o) => o.value === id)!.person))
      }
      data-testid={testId}
      style={{ width: '100%' }}
    />
  );
}
