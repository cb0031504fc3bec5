import { AutoComplete } from 'primereact/autocomplete';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { RoleMember } from '../../../shared/account.schemas.ts';
import { formatDate, fullName } from '../../../shared/rules/format.ts';
import { errorMessage } from '../../api/errors.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useRunAction } from '../../forms/use-form-mutation.ts';
import { roleKeys, useRoles } from '../roles/roles.queries.ts';
import { accessControlApi, type Person } from './access-control.api.ts';
import { accessControlKeys, useRoleMembers } from './access-control.queries.ts';

/** Who holds which access role: pick a role, see its people, give it to someone or take it away. */
export function RoleMembersPanel() {
  const { t } = useTranslation(['roles', 'errors']);
  const roles = useRoles('ACCESS');
  // The chosen role is in the address (?role=), so it survives switching tabs and reloading.
  const [params, setParams] = useSearchParams();
  const roleId = params.get('role');
  const setRoleId = (id: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('role', id);
        return next;
      },
      { replace: true },
    );
  const role = roles.data?.items.find((r) => r.id === roleId) ?? roles.data?.items[0] ?? null;
  const members = useRoleMembers(role?.id ?? null);
  const [suggestions, setSuggestions] = useState<Person[]>([]);
  const [picked, setPicked] = useState<Person | string>('');
  const [removing, setRemoving] = useState<RoleMember | null>(null);

  const run = useRunAction([accessControlKeys.membersAll, roleKeys.all]);

  async function add(person: Person) {
    if (!role) return;
    setPicked('');
    await run(() => accessControlApi.addMember(role.id, person.id), t('accessControl.members.added'));
  }

  if (roles.error) return <Message severity="error" text={errorMessage(roles.error, t)} />;
  return (
    <section className="role-members" data-testid="role-members">
      <div className="role-members__bar">
        <label htmlFor="member-role">{t('accessControl.members.role')}</label>
        <Dropdown
          inputId="member-role"
          value={role?.id ?? null}
          options={roles.data?.items ?? []}
          optionLabel="name"
          optionValue="id"
          placeholder={t('accessControl.members.chooseRole')}
          onChange={(event) => setRoleId(event.value as string)}
        />
        {members.data?.abilities.add && (
          <AutoComplete
            inputId="member-add"
            value={picked}
            suggestions={suggestions}
            field="email"
            placeholder={t('accessControl.members.addPlaceholder')}
            aria-label={t('accessControl.members.add')}
            itemTemplate={(person: Person) => (
              <span>
                {fullName(person)} · {person.email}
              </span>
            )}
            completeMethod={async (event) => {
              if (!role) return;
              const result = await accessControlApi
                .candidates(role.id, event.query)
                .catch(() => ({ items: [] }));
              setSuggestions(result.items);
            }}
            onChange={(event) => setPicked(event.value as Person | string)}
            onSelect={(event) => void add(event.value as Person)}
          />
        )}
      </div>
      {members.error ? (
        <Message severity="error" text={errorMessage(members.error, t)} />
      ) : (
        <DataTable
          value={members.data?.items ?? []}
          loading={members.isLoading}
          dataKey="id"
          size="small"
          cellMemo={false}
          emptyMessage={t('accessControl.members.empty')}
        >
          <Column header={t('accessControl.members.name')} body={(m: RoleMember) => fullName(m)} />
          <Column header={t('accessControl.members.email')} field="email" />
          <Column
            header={t('accessControl.members.status')}
            body={(m: RoleMember) => t(`people:status.${m.status}`, { defaultValue: m.status })}
          />
          <Column
            header={t('accessControl.members.assignedAt')}
            body={(m: RoleMember) => formatDate(m.assignedAt)}
          />
          <Column
            body={(m: RoleMember) =>
              m.abilities.remove && (
                <Button
                  icon="pi pi-user-minus"
                  text
                  rounded
                  severity="danger"
                  aria-label={`${t('accessControl.members.remove')} ${m.email}`}
                  onClick={() => setRemoving(m)}
                />
              )
            }
          />
        </DataTable>
      )}
      <ConfirmAction
        visible={removing !== null}
        title={t('accessControl.members.remove')}
        message={
          removing && role
            ? t('accessControl.members.removeConfirm', { role: role.name, name: fullName(removing) })
            : ''
        }
        action={t('accessControl.members.removeAction')}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const member = removing;
          setRemoving(null);
          if (member && role) {
            void run(
              () => accessControlApi.removeMember(role.id, member.id),
              t('accessControl.members.removed'),
            );
          }
        }}
      />
    </section>
  );
}
