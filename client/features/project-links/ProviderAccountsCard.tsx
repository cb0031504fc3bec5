import { AutoComplete } from 'primereact/autocomplete';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProviderAccount } from '../../../shared/connection-links.schemas.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { SearchBox } from '../../tables/SearchBox.tsx';
import { Removed } from '../connections/AccountTable.tsx';
import { usePeopleSearch, type PersonOption } from '../projects/projects.queries.ts';
import {
  projectLinkKeys,
  projectLinksApi,
  useProjectFigmaMembers,
  useProjectGitAccounts,
} from './projectLinks.queries.ts';

const personLabel = (p: { firstName: string; lastName: string; email: string }) =>
  [p.lastName, p.firstName].filter(Boolean).join(' ') || p.email;

/**
 * The accounts a project reaches through its links: git accounts with access to its repositories
 * (note and assignees editable by `accounts.manage`, per row `abilities.edit`), or the Figma team's
 * members (read here). Shown only to `accounts.view`, as the server answers.
 */
export function ProviderAccountsCard({ projectId, kind }: { projectId: string; kind: 'git' | 'figma' }) {
  const { t } = useTranslation('projectLinks');
  const [params, setParams] = useState({ page: 1, perPage: 10, search: '' });
  const query = { ...params, search: params.search || undefined };
  const git = useProjectGitAccounts(projectId, query, kind === 'git');
  const figma = useProjectFigmaMembers(projectId, query, kind === 'figma');
  const accounts = kind === 'git' ? git : figma;
  const [editing, setEditing] = useState<ProviderAccount | null>(null);
  // Figma members stand as their own card, shown once the project's Figma team has any.
  if (kind === 'figma' && (accounts.isError || (accounts.data?.total === 0 && !params.search))) return null;
  return (
    <div className={kind === 'figma' ? 'pm-card' : 'pm-page'} data-testid={`${kind}-accounts`}>
      <div className="pm-card__head">
        <h3>{t(kind === 'git' ? 'accounts.gitTitle' : 'accounts.figmaTitle')}</h3>
        <SearchBox
          value={params.search}
          placeholder={t('search')}
          label={t('search')}
          onSearch={(search) => setParams({ ...params, search, page: 1 })}
        />
      </div>
      <DataTable
        className="pm-table"
        value={accounts.data?.items ?? []}
        lazy
        paginator
        first={(params.page - 1) * params.perPage}
        rows={params.perPage}
        totalRecords={accounts.data?.total ?? 0}
        onPage={(e) => setParams({ ...params, page: (e.page ?? 0) + 1, perPage: e.rows })}
        emptyMessage={t('accounts.empty')}
        cellMemo={false}
        dataKey="id"
      >
        <Column
          header={t('columns.account')}
          body={(a: ProviderAccount) => (
            <span>
              <strong>{a.username}</strong> {a.displayName !== a.username && a.displayName}{' '}
              <Removed at={a.removedAt} />
              {a.email && (
                <>
                  <br />
                  <small className="cx-hint">{a.email}</small>
                </>
              )}
            </span>
          )}
        />
        <Column header={t('columns.role')} body={(a: ProviderAccount) => a.role ?? '—'} />
        <Column header={t('columns.connection')} body={(a: ProviderAccount) => a.connection.name} />
        <Column header={t('columns.note')} body={(a: ProviderAccount) => a.note ?? '—'} />
        <Column
          header={t('columns.assignees')}
          body={(a: ProviderAccount) => a.assignees.map(personLabel).join(', ') || '—'}
        />
        {kind === 'git' && (
          <Column
            body={(a: ProviderAccount) =>
              a.abilities.edit && (
                <Button
                  icon="pi pi-pencil"
                  text
                  rounded
                  aria-label={t('edit')}
                  tooltip={t('edit')}
                  onClick={() => setEditing(a)}
                  data-testid={`git-account-edit-${a.username}`}
                />
              )
            }
          />
        )}
      </DataTable>
      {editing && <AccountDialog projectId={projectId} account={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

/** A git account's note and the people who use it (active people only: the server refuses others). */
function AccountDialog({
  projectId,
  account,
  onClose,
}: {
  projectId: string;
  account: ProviderAccount;
  onClose: () => void;
}) {
  const { t } = useTranslation('projectLinks');
  const form = useFormValues({
    note: account.note ?? '',
    assignees: account.assignees.map((a) => ({ ...a, avatarUrl: null, status: 'ACTIVE' })) as PersonOption[],
  });
  const searchPeople = usePeopleSearch();
  const [suggestions, setSuggestions] = useState<PersonOption[]>([]);
  const save = useFormMutation({
    // Two calls of the spec (PUT /git-accounts/{id}, PUT …/assignees): only what changed is sent.
    mutationFn: async (values: typeof form.values) => {
      const note = values.note.trim() || null;
      if (note !== account.note) await projectLinksApi.setGitAccountNote(account.id, note);
      const ids = values.assignees.map((p) => p.id);
      if (ids.join() !== account.assignees.map((a) => a.id).join())
        await projectLinksApi.setGitAccountAssignees(account.id, ids);
    },
    invalidate: [projectLinkKeys.project(projectId)],
    success: t('saved'),
    onSuccess: onClose,
  });
  return (
    <Dialog
      visible
      header={account.displayName}
      onHide={onClose}
      className="form-dialog"
      style={{ width: 'min(34rem, 96vw)' }}
      draggable={false}
      footer={
        <div className="pm-footer">
          <Button type="button" label={t('cancel')} text onClick={onClose} />
          <Button
            type="submit"
            form={form.formId}
            label={t('save')}
            icon="pi pi-check"
            loading={save.submitting}
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
          <label htmlFor="git-account-note">{t('columns.note')}</label>
          <InputTextarea
            id="git-account-note"
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
          <label htmlFor="git-account-assignees">{t('columns.assignees')}</label>
          <AutoComplete
            inputId="git-account-assignees"
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
          {save.fieldErrors.userIds && <small className="pm-error">{save.fieldErrors.userIds}</small>}
        </div>
      </form>
    </Dialog>
  );
}
