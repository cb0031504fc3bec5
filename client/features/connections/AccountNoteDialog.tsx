import type { QueryKey } from '@tanstack/react-query';
import { AutoComplete } from 'primereact/autocomplete';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { usePeopleSearch, type PersonOption } from '../projects/projects.queries.ts';

/** A person as account lists name them: family name first, the email when there is no name. */
export const personLabel = (p: { firstName: string; lastName: string; email: string }) =>
  [p.lastName, p.firstName].filter(Boolean).join(' ') || p.email;

/** An account of a provider as the dialog edits it: its note and the people who use it. */
export interface NotedAccount {
  displayName: string;
  note: string | null;
  assignees: ReadonlyArray<{ id: string; firstName: string; lastName: string; email: string }>;
}

/**
 * An account's note and the people who use it (active people only: the server refuses others), for
 * every provider and every screen that shows accounts (a project's Jira and git accounts, the account
 * board). Only what changed is sent, through the account's own calls (`setNote`, `setAssignees`).
 */
export function AccountNoteDialog({
  account,
  title = account.displayName,
  idPrefix,
  setNote,
  setAssignees,
  invalidate,
  onClose,
}: {
  account: NotedAccount;
  title?: string;
  /** Prefix of the field ids (`<prefix>-note`, `<prefix>-assignees`) and of the save button's test id. */
  idPrefix: string;
  setNote: (note: string | null) => Promise<unknown>;
  setAssignees: (userIds: string[]) => Promise<unknown>;
  invalidate: QueryKey[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['connections', 'errors']);
  const form = useFormValues({
    note: account.note ?? '',
    assignees: account.assignees.map((a) => ({ ...a, avatarUrl: null, status: 'ACTIVE' })) as PersonOption[],
  });
  const searchPeople = usePeopleSearch();
  const [suggestions, setSuggestions] = useState<PersonOption[]>([]);
  const save = useFormMutation({
    mutationFn: async (values: typeof form.values) => {
      const note = values.note.trim() || null;
      if (note !== account.note) await setNote(note);
      const ids = values.assignees.map((p) => p.id);
      if (ids.join() !== account.assignees.map((a) => a.id).join()) await setAssignees(ids);
    },
    invalidate,
    success: t('ui.saved'),
    onSuccess: onClose,
  });
  return (
    <Dialog
      visible
      header={title}
      onHide={onClose}
      className="form-dialog"
      style={{ width: 'min(34rem, 96vw)' }}
      draggable={false}
      footer={
        <div className="pm-footer">
          <Button type="button" label={t('ui.cancel')} text onClick={onClose} />
          <Button
            type="submit"
            form={form.formId}
            label={t('ui.save')}
            icon="pi pi-check"
            loading={save.submitting}
            data-testid={`${idPrefix}-save`}
          />
        </div>
      }
    >
      <form
        id={form.formId}
        className="pm-grid"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save.submit(form.values);
        }}
      >
        {save.message && <p className="pm-error pm-field--wide">{save.message}</p>}
        <div className="pm-field pm-field--wide">
          <label htmlFor={`${idPrefix}-note`}>{t('ui.columns.note')}</label>
          <InputTextarea
            id={`${idPrefix}-note`}
            name="note"
            rows={3}
            autoResize
            maxLength={5000}
            value={form.values.note}
            onChange={(e) => form.set('note', e.target.value)}
          />
          {save.fieldErrors.note && <small className="pm-error">{save.fieldErrors.note}</small>}
        </div>
        <div className="pm-field pm-field--wide">
          <label htmlFor={`${idPrefix}-assignees`}>{t('ui.columns.assignees')}</label>
          <AutoComplete
            inputId={`${idPrefix}-assignees`}
            multiple
            value={form.values.assignees}
            suggestions={suggestions}
            completeMethod={(event) =>
              searchPeople(event.query.trim()).then(
                (people) => setSuggestions(people.filter((p) => p.status === 'ACTIVE')),
                () => setSuggestions([]),
              )
            }
            field="email"
            selectedItemTemplate={(p: PersonOption) => personLabel(p)}
            itemTemplate={(p: PersonOption) => `${personLabel(p)} · ${p.email}`}
            delay={250}
            onChange={(e) => {
              form.set(
                'assignees',
                (e.value as PersonOption[]).filter((p) => typeof p === 'object'),
              );
              save.clear('userIds');
            }}
          />
          <small className="cx-hint">{t('ui.assigneesHint')}</small>
          {save.fieldErrors.userIds && <small className="pm-error">{save.fieldErrors.userIds}</small>}
        </div>
      </form>
    </Dialog>
  );
}
