import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors as fieldErrorsOf } from '../api/errors.ts';
import { useToast } from '../layout/toast.tsx';

export interface FormMutationOptions<TVariables, TResult> {
  mutationFn: (variables: TVariables) => Promise<TResult>;
  /** Runs after a success, before the toast (navigate, close a dialog, reset the form). */
  onSuccess?: (result: TResult, variables: TVariables) => void | Promise<void>;
  /** The success toast, if any. */
  success?: string | ((result: TResult, variables: TVariables) => string);
  /** Query keys (prefixes) loaded again after a success. */
  invalidate?: readonly QueryKey[];
  /**
   * Where a failure without field errors goes: `inline` (default: `message`, shown by the form
   * above its fields) or `toast` (row actions, dialogs that close).
   */
  failure?: 'inline' | 'toast';
  /** Called instead of the usual handling when it returns true (a 2FA challenge, an expired link). */
  onError?: (error: unknown) => boolean | void;
}

export interface FormMutation<TVariables, TResult> {
  /** Sends; resolves with the result, or `undefined` when it failed (the failure is on display). */
  submit: (variables: TVariables) => Promise<TResult | undefined>;
  submitting: boolean;
  /** The last failure, as thrown. */
  error: unknown;
  /** Every failing field at once: the browser's own problems and the server's, by top-level field. */
  fieldErrors: Record<string, string>;
  /** The failure's sentence when no field carries it (for the form's banner); null otherwise. */
  message: string | null;
  /** Problems found before sending (required fields, a wrong file type), shown like the server's. */
  setProblems: (problems: Record<string, string>) => void;
  /** Clears one field's error (the person is fixing it) or all of them. */
  clear: (field?: string) => void;
}

/**
 * The submit of a form, written once: submitting state, every field error from the server's
 * `details` (with the browser's own problems), the failure's message, a toast on success, and the
 * queries to reload. The 14 forms that repeated this try/catch use it.
 *
 *   const save = useFormMutation({ mutationFn: departmentsApi.create, success: t('saved'),
 *     invalidate: [departmentKeys.all], onSuccess: onClose });
 *   <form onSubmit={(e) => { e.preventDefault(); void save.submit(values); }}>
 */
export function useFormMutation<TVariables, TResult>(
  options: FormMutationOptions<TVariables, TResult>,
): FormMutation<TVariables, TResult> {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [problems, setProblemsState] = useState<Record<string, string>>({});
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });

  const submit = useCallback(
    async (variables: TVariables) => {
      const current = latest.current;
      setSubmitting(true);
      setError(null);
      setServerFields({});
      try {
        const result = await current.mutationFn(variables);
        await Promise.all(
          (current.invalidate ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        );
        await current.onSuccess?.(result, variables);
        const success =
          typeof current.success === 'function' ? current.success(result, variables) : current.success;
        if (success) toast.success(success);
        return result;
      } catch (caught) {
        if (current.onError?.(caught) === true) return undefined;
        const fields = fieldErrorsOf(caught);
        setError(caught);
        setServerFields(fields);
        if (current.failure === 'toast') {
          toast.error(errorMessage(caught, t), Object.values(fields).join(' ') || undefined);
        }
        return undefined;
      } finally {
        setSubmitting(false);
      }
    },
    [queryClient, toast, t],
  );

  const clear = useCallback((field?: string) => {
    if (field === undefined) {
      setError(null);
      setServerFields({});
      setProblemsState({});
      return;
    }
    const drop = (old: Record<string, string>) => {
      if (!(field in old)) return old;
      const { [field]: _gone, ...rest } = old;
      return rest;
    };
    setServerFields(drop);
    setProblemsState(drop);
  }, []);

  const fieldErrors = { ...serverFields, ...problems };
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;
  const message =
    error !== null && !hasFieldErrors && options.failure !== 'toast' ? errorMessage(error, t) : null;
  return { submit, submitting, error, fieldErrors, message, setProblems: setProblemsState, clear };
}

/**
 * A row action (activate, delete, resend…): runs it, reloads `invalidate`, and says how it went in a
 * toast. Returns `run(action, doneMessage)`, which resolves to whether it succeeded.
 */
export function useRunAction(invalidate: readonly QueryKey[]) {
  const { submit } = useFormMutation<{ action: () => Promise<unknown>; done: string }, true>({
    mutationFn: async ({ action }) => {
      await action();
      return true;
    },
    success: (_result, { done }) => done,
    invalidate,
    failure: 'toast',
  });
  return useCallback(
    async (action: () => Promise<unknown>, done: string): Promise<boolean> =>
      (await submit({ action, done })) === true,
    [submit],
  );
}
