import { InputText } from 'primereact/inputtext';
import { useEffect, useRef } from 'react';
import { useFormValues } from '../forms/use-form-values.ts';

/**
 * A list's search box: the list follows typing after a short pause, not at every key. It is a
 * form of its own, so text typed before hydration is kept (and searched for) like in any form.
 */
export function SearchBox({
  value,
  onSearch,
  placeholder,
  label,
  testId,
  className,
}: {
  /** The search in effect (from the address). */
  value: string;
  onSearch: (value: string) => void;
  placeholder: string;
  label: string;
  testId?: string;
  className?: string;
}) {
  const form = useFormValues({ search: value });
  const text = form.values.search;
  const { set } = form;
  // A search set from outside (clearing the filters, going back) shows in the box; only a change
  // does, so what was typed before hydration is not replaced by the address's value.
  const shown = useRef(value);
  useEffect(() => {
    if (shown.current === value) return;
    shown.current = value;
    set('search', value);
  }, [value, set]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <form
      id={form.formId}
      role="search"
      className={`search-box ${className ?? ''}`}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <i className="pi pi-search" aria-hidden="true" />
      <InputText
        type="search"
        name="search"
        value={text}
        placeholder={placeholder}
        aria-label={label}
        title={placeholder}
        onChange={(event) => set('search', event.target.value)}
        // Leaving the box applies what was typed at once: a search still waiting for its pause would
        // otherwise change the address after one has moved on — say, into an edit dialog, whose
        // unsaved-changes guard would then ask whether to leave.
        onBlur={() => {
          if (text.trim() !== value) onSearch(text.trim());
        }}
        data-testid={testId}
      />
    </form>
  );
}
