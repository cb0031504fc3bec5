import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { Toast } from 'primereact/toast';
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors.ts';
import type { Member, ProjectDetail } from '../../../shared/projects.schemas.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { MemberDialog } from './MemberDialog.tsx';
import { showDate } from './project-dates.ts';
import { StatusTag } from './ProjectsPanel.tsx';
import { projectsApi, useProjectChange } from './projects.queries.ts';
import { PersonBadge } from './ProjectStyles.tsx';

const nameOf = (member: Member) =>
  [member.person.lastName, member.person.firstName].filter(Boolean).join(' ') || member.person.email;

/** The members of a project with their project roles and dates, and what the caller may do to them. */
export function MembersCard({ project, toast }: { project: ProjectDetail; toast: RefObject<Toast | null> }) {
  const { t } = useTranslation(['projects', 'errors']);
  const [editing, setEditing] = useState<Member | 'new' | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const change = useProjectChange(project.id, (action: () => Promise<unknown>) => action());
  const notify = (summary: string) => toast.current?.show({ severity: 'success', summary, life: 4000 });
  const run = (action: () => Promise<unknown>, done: string, after?: () => void) =>
    change.mutate(action, {
      onSuccess: () => {
        notify(done);
        after?.();
      },
      onError: (error) =>
        toast.current?.show({ severity: 'error', summary: errorMessage(error, t), life: 6000 }),
    });

  const actions = (member: Member) => (
    <div className="pm-row-actions">
      {member.abilities.edit && (
        <Button
          icon="pi pi-pencil"
          text
          rounded
          aria-label={`${t('actions.edit')} ${nameOf(member)}`}
          tooltip={t('actions.edit')}
          onClick={() => setEditing(member)}
        />
      )}
      {member.abilities.changeStatus &&
        (member.status === 'ACTIVE' ? (
          <Button
            icon="pi pi-ban"
            text
            rounded
            severity="warning"
            aria-label={`${t('actions.deactivate')} ${nameOf(member)}`}
            tooltip={t('actions.deactivate')}
            onClick={() =>
              run(
                () => projectsApi.setMemberStatus(project.id, member.id, 'DEACTIVATE'),
                t('members.deactivated', { name: nameOf(member) }),
              )
            }
          />
        ) : (
          <Button
            icon="pi pi-check-circle"
            text
            rounded
            severity="success"
            aria-label={`${t('actions.activate')} ${nameOf(member)}`}
            tooltip={t('actions.activate')}
            onClick={() =>
              run(
                () => projectsApi.setMemberStatus(project.id, member.id, 'ACTIVE'),
                t('members.activated', { name: nameOf(member) }),
              )
            }
          />
        ))}
      {member.abilities.delete && (
        <Button
          icon="pi pi-trash"
          text
          rounded
          severity="danger"
          aria-label={`${t('actions.delete')} ${nameOf(member)}`}
          tooltip={t('actions.delete')}
          onClick={() => setRemoving(member)}
        />
      )}
    </div>
  );

  return (
    <section className="pm-card" data-testid="project-members">
      <div className="pm-card__head">
        <h3>
          {t('members.title')} · {t('projects.memberCount', { count: project.totalMembers })}
        </h3>
        {project.abilities.manageMembers && project.status === 'ACTIVE' && (
          <Button
            label={t('members.add')}
            icon="pi pi-user-plus"
            onClick={() => setEditing('new')}
            data-testid="add-member"
          />
        )}
      </div>
      <DataTable
        className="pm-table"
        value={project.members}
        dataKey="id"
        emptyMessage={t('members.empty')}
        responsiveLayout="stack"
        breakpoint="768px"
      >
        <Column
          header={t('fields.person')}
          body={(member: Member) => (
            <span>
              <PersonBadge person={member.person} />
              {member.person.status === 'INACTIVE' && <small> ({t('members.inactivePerson')})</small>}
            </span>
          )}
        />
        <Column header={t('fields.projectRole')} body={(member: Member) => member.role.name} />
        <Column header={t('fields.joinedAt')} body={(member: Member) => showDate(member.joinedAt)} />
        <Column header={t('fields.exitedAt')} body={(member: Member) => showDate(member.exitedAt)} />
        <Column header={t('fields.note')} body={(member: Member) => member.note ?? '—'} />
        <Column
          header={t('fields.status')}
          body={(member: Member) => (
            <span data-testid={`member-status-${member.person.email}`}>
              <StatusTag status={member.status} />
            </span>
          )}
        />
        <Column header={t('list.actions')} body={actions} />
      </DataTable>
      {editing && (
        <MemberDialog
          projectId={project.id}
          member={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            notify(t(editing === 'new' ? 'members.added' : 'members.saved', { name: nameOf(saved) }));
            setEditing(null);
          }}
        />
      )}
      <ConfirmAction
        visible={Boolean(removing)}
        onCancel={() => setRemoving(null)}
        title={t('members.removeTitle', { name: removing ? nameOf(removing) : '' })}
        message={t('members.removeBody')}
        action={t('members.removeAction')}
        busy={change.isPending}
        onConfirm={() => {
          const target = removing!;
          run(
            () => projectsApi.removeMember(project.id, target.id),
            t('members.removed', { name: nameOf(target) }),
            () => setRemoving(null),
          );
        }}
      />
    </section>
  );
}
