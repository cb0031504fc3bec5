import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AutoComplete } from 'primereact/autocomplete';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { Toast } from 'primereact/toast';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { RoleMember } from '../../../shared/account.schemas.ts';
import { formatDate, fullName } from '../../../shared/rules/format.ts';
import { errorMessage } from '../account/account.api.ts';
import { rolesApi, rolesKeys } from '../roles/roles.api.ts';
import { accessControlApi, accessControlKeys, type Person } from './access-control.api.ts';

/** Who holds which access role: pick a role, see its people, give it to someone or take it away. */
export function RoleMembersPanel() {
  const { t } = useTranslation(['roles', 'errors']);
  const queryClient = useQueryClient();
  const toast = useRef<Toast>(null);
  const roles = useQuery({ queryKey: rolesKeys.list('ACCESS'), queryFn: () => rolesApi.list('ACCESS') });
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
  const members = useQuery({
    queryKey: accessControlKeys.members(role?.id ?? ''),
    queryFn: () => accessControlApi.members(role!.id),
    enabled: Boolean(role),
  });
  const [suggestions, setSuggestions] = useState<Person[]>([]);
  const [picked, setPicked] = useState<Person | string>('');
  const [removing, setRemoving] = useState<RoleMember | null>(null);

  const show = (severity: 'success' | 'error', summary: string, detail?: string) =>
    toast.current?.show({ severity, summary, detail, life: 4000 });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['access-roles'] }),
      queryClient.invalidateQueries({ queryKey: ['roles'] }),
    ]);

  async function add(person: Person) {
    if (!role) return;
    try {
      await accessControlApi.addMember(role.id, person.id);
      setPicked('');
      show('success', t('accessControl.members.added'));
      await refresh();
    } catch (error) {
      show('error', t('toast.failed'), errorMessage(error, t));
    }
  }

  async function remove(member: RoleMember) {
    if (!role) return;
    try {
      await accessControlApi.removeMember(role.id, member.id);
      show('success', t('accessControl.members.removed'));
      await refresh();
    } catch (error) {
      show('error', t('toast.failed'), errorMessage(error, t));
    }
  }

  if (roles.error) return <Message severity="error" text={errorMessage(roles.error, t)} />;
  return (
    <section className="role-members" data-testid="role-members">
      <Toast ref={toast} position="bottom-right" />
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
          emptyMessage={t('accessControl.members.empty')}
        >
          <Column header={t('accessControl.members.name')} body={(m: RoleMember) => fullName(m)} />
          <Column header={t('accessControl.members.email')} field="email" />
          <Column header={t('accessControl.members.status')} field="status" />
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
      <ConfirmDialog
        visible={removing !== null}
        onHide={() => setRemoving(null)}
        header={t('accessControl.members.remove')}
        message={
          removing && role
            ? t('accessControl.members.removeConfirm', { role: role.name, name: fullName(removing) })
            : ''
        }
        acceptLabel={t('confirm.yes')}
        rejectLabel={t('confirm.no')}
        acceptClassName="p-button-danger"
        accept={() => removing && void remove(removing)}
      />
    </section>
  );
}
