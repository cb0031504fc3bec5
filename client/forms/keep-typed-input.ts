import { useLayoutEffect } from 'react';

/** What a person typed into a server-rendered field before the page's script took over. */
export interface TypedInput {
  name: string;
  /** The text of a text field; for a checkbox, whether it is ticked. */
  value: string | boolean;
  element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
}

/**
 * The fields of `form` whose content differs from what the server rendered. React leaves a
 * hydrated field's DOM value alone but renders it from state at the next update, which wiped what
 * was typed before hydration (issue 9). The server's value is still the element's `defaultValue`
 * (`defaultChecked` for a checkbox), so the difference is what the person typed.
 */
export function typedInputs(form: HTMLFormElement): TypedInput[] {
  const typed: TypedInput[] = [];
  for (const element of Array.from(form.elements)) {
    if (
      !(element instanceof HTMLInputElement) &&
      !(element instanceof HTMLTextAreaElement) &&
      !(element instanceof HTMLSelectElement)
    )
      continue;
    const name = element.name || element.id;
    // Read-only inputs (a picker's hidden focus input, a shown email) are not typed into.
    if (!name || element.disabled || ('readOnly' in element && element.readOnly)) continue;
    if (element instanceof HTMLInputElement) {
      if (element.type === 'file' || element.type === 'hidden') continue;
      if (element.type === 'checkbox' || element.type === 'radio') {
        if (element.checked !== element.defaultChecked) typed.push({ name, value: element.checked, element });
        continue;
      }
      if (element.value !== element.defaultValue) typed.push({ name, value: element.value, element });
    } else if (element instanceof HTMLTextAreaElement) {
      if (element.value !== element.defaultValue) typed.push({ name, value: element.value, element });
    }
  }
  return typed;
}

/**
 * Keeps what was typed into a server-rendered form before hydration: once, right after React takes
 * over the form (a layout effect runs in the same commit, before any re-render could overwrite the
 * fields), every field that differs from the server's rendering is handed to `keep`, which puts it
 * into the form's state. The form is found by its `id` (React's `useId` is the same on the server
 * and in the browser); fields by their `name` (or `id`). Used by `useFormValues`.
 */
export function useKeepTypedInput(formId: string, keep: (typed: TypedInput[]) => void): void {
  useLayoutEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const typed = typedInputs(form);
    if (typed.length > 0) keep(typed);
    // Only the hydration pass matters: after it React owns every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
