import { AutoComplete } from 'primereact/autocomplete';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePeopleSearch, type PersonOption } from './projects.queries.ts';
import { PersonBadge } from './ProjectStyles.tsx';

const label = (person: PersonOption) =>
  `${[person.lastName, person.firstName].filter(Boolean).join(' ')} · ${person.email}`;

/** Picks one person by typing part of a name or an email (deactivated people are not offered). */
export function PersonPicker({
  inputId,
  value,
  onChange,
  invalid,
  placeholder,
}: {
  inputId: string;
  value: PersonOption | null;
  onChange: (person: PersonOption | null) => void;
  invalid?: boolean;
  placeholder?: string;
}) {
  const { t } = useTranslation('projects');
  const [text, setText] = useState<string | PersonOption | null>(value);
  const [suggestions, setSuggestions] = useState<PersonOption[]>([]);
  const searchPeople = usePeopleSearch();
  return (
    <AutoComplete
      inputId={inputId}
      value={text ?? ''}
      suggestions={suggestions}
      completeMethod={(event) => {
        searchPeople(event.query.trim()).then(setSuggestions, () => setSuggestions([]));
      }}
      field="email"
      selectedItemTemplate={(person: PersonOption) => label(person)}
      itemTemplate={(person: PersonOption) => <PersonBadge person={person} />}
      placeholder={placeholder ?? t('members.personPlaceholder')}
      invalid={invalid}
      dropdown
      delay={250}
      onChange={(event) => {
        setText(event.value as string | PersonOption | null);
        if (!event.value || typeof event.value === 'string') onChange(null);
      }}
      onSelect={(event) => onChange(event.value as PersonOption)}
    />
  );
}
