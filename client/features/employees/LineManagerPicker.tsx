import { AutoComplete } from 'primereact/autocomplete';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fullName } from '../../../shared/rules/format.ts';
import { employeesApi } from './employees.api.ts';

interface Option {
  id: string;
  label: string;
}

interface Props {
  inputId: string;
  /** The chosen person's id, '' for none. */
  value: string;
  /** The stored manager, so their name shows before anything is searched. */
  initial: { id: string; name: string } | null;
  /** The person being edited: never their own manager. */
  selfId: string | null;
  disabled: boolean;
  invalid: boolean;
  onChange: (id: string) => void;
}

/** Picks a line manager among active employees, searched by name, email or code as one types. */
export function LineManagerPicker({ inputId, value, initial, selfId, disabled, invalid, onChange }: Props) {
  const { t } = useTranslation('profile');
  const [input, setInput] = useState<Option | string>(() =>
    initial && initial.id === value ? { id: initial.id, label: initial.name } : '',
  );
  const [suggestions, setSuggestions] = useState<Option[]>([]);

  async function search(query: string) {
    try {
      const page = await employeesApi.list({ search: query, status: ['ACTIVE'], page: 1, perPage: 20 });
      setSuggestions(
        page.items
          .filter((person) => person.id !== selfId)
          .map((person) => ({
            id: person.id,
            label: `${fullName(person) || person.email} · ${person.employeeCode ?? person.email}`,
          })),
      );
    } catch {
      setSuggestions([]);
    }
  }

  return (
    <AutoComplete
      inputId={inputId}
      value={input}
      field="label"
      suggestions={suggestions}
      completeMethod={(event) => void search(event.query)}
      dropdown
      forceSelection
      disabled={disabled}
      invalid={invalid}
      placeholder={t('lineManager.placeholder')}
      emptyMessage={t('lineManager.noMatch')}
      showEmptyMessage
      onChange={(event) => {
        const next = event.value as Option | string | null;
        setInput(next ?? '');
        if (next && typeof next === 'object') onChange(next.id);
        else if (!next) onChange('');
      }}
      onClear={() => onChange('')}
    />
  );
}
