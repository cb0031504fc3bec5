import { useCallback, useId, useMemo, useState } from 'react';
import { useKeepTypedInput, type TypedInput } from './keep-typed-input.ts';

type Values = Record<string, unknown>;

export interface FormValuesOptions<T extends Values> {
  /**
   * How a field typed before hydration becomes a value (a date picker's text, a number). Fields
   * without one take the text as it is (or the checkbox's state); returning `undefined` ignores it.
   */
  parse?: { [K in keyof T]?: (typed: string | boolean) => T[K] | undefined };
  /** The form field a DOM field belongs to, when its `name` is not the key (`employee-birthday`). */
  fieldOf?: (name: string) => string;
  /** The form's id, when the page needs a fixed one; by default one from `useId`. */
  id?: string;
}

export interface FormValues<T extends Values> {
  values: T;
  /** Sets one field. */
  set: <K extends keyof T>(field: K, value: T[K]) => void;
  /** Replaces every value and takes them as the saved state (after loading or saving). */
  reset: (next: T) => void;
  /** Marks the current values as saved: the form is no longer dirty. */
  markSaved: () => void;
  /** Whether anything differs from the saved values: leaving then asks first. */
  dirty: boolean;
  /**
   * The <form>'s id (`<form id={form.formId}>`, and `form={form.formId}` on a submit button outside
   * it): the form is found by it to keep what was typed before hydration.
   */
  formId: string;
}

function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => same(v, b[i]));
  if (a instanceof File || b instanceof File) return a === b;
  return a === b || ((a === '' || a == null) && (b === '' || b == null));
}

/**
 * A form's values, kept in state, that survive server rendering: what a person types into the
 * server-rendered HTML before the script runs is taken over at hydration (see keep-typed-input.ts).
 * Also knows whether the form is dirty, for the unsaved-changes guard.
 *
 *   const form = useFormValues({ email: '', password: '' });
 *   <form id={form.formId}> <InputText name="email" value={form.values.email}
 *     onChange={(e) => form.set('email', e.target.value)} /> …
 */
export function useFormValues<T extends Values>(
  initial: T | (() => T),
  options: FormValuesOptions<T> = {},
): FormValues<T> {
  const [values, setValues] = useState<T>(initial);
  const [saved, setSaved] = useState<T>(values);
  const generatedId = useId();
  const formId = options.id ?? generatedId;
  useKeepTypedInput(formId, (typed: TypedInput[]) => {
    const { parse, fieldOf } = options;
    setValues((old) => {
      const next: Values = { ...old };
      for (const input of typed) {
        const field = fieldOf ? fieldOf(input.name) : input.name;
        if (!(field in old)) continue;
        const parser = parse?.[field as keyof T];
        // Only what a person can type before hydration: text, a tick, or what a parser reads.
        if (!parser && typeof old[field] !== typeof input.value) continue;
        const value = parser ? parser(input.value) : input.value;
        if (value !== undefined) next[field] = value;
      }
      return next as T;
    });
  });

  const set = useCallback(<K extends keyof T>(field: K, value: T[K]) => {
    setValues((old) => (old[field] === value ? old : { ...old, [field]: value }));
  }, []);
  const reset = useCallback((next: T) => {
    setValues(next);
    setSaved(next);
  }, []);
  const markSaved = useCallback(() => setSaved(values), [values]);
  const dirty = useMemo(
    () => Object.keys({ ...values, ...saved }).some((key) => !same(values[key], saved[key])),
    [values, saved],
  );
  return { values, set, reset, markSaved, dirty, formId };
}
