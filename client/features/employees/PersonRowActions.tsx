import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import type { EmployeeSummary } from '../../../shared/employees.schemas.ts';
import { fullName } from '../../../shared/rules/format.ts';
import { employeesApi } from './employees.api.ts';

/** An action that needs a confirmation first. */
export type PendingPersonAction = { kind: 'deactivate' | 'delete'; person: EmployeeSummary } | null;

interface Props {
  person: EmployeeSummary;
  /** Runs a change, then shows `done` and reloads the list (or the error as a toast). */
  run: (action: () => Promise<unknown>, done: string) => Promise<unknown>;
  /** Asks for confirmation before deactivating or deleting. */
  confirm: (pending: PendingPersonAction) => void;
  /** Opens the person's page (employees have one; external users are managed in the list). */
  onOpen?: (person: EmployeeSummary) => void;
}

/** The buttons of a person's row: only those the caller's abilities allow. */
export function PersonRowActions({ person, run, confirm, onOpen }: Props) {
  const { t } = useTranslation('people');
  const name = fullName(person) || person.email;
  return (
    <div className="people-row-actions">
      {onOpen && (
        <Button
          icon={person.abilities.edit ? 'pi pi-pencil' : 'pi pi-eye'}
          text
          rounded
          aria-label={`${t(person.abilities.edit ? 'actions.edit' : 'actions.view')} ${name}`}
          tooltip={t(person.abilities.edit ? 'actions.edit' : 'actions.view')}
          onClick={() => onOpen(person)}
        />
      )}
      {person.abilities.resendInvitation && (
        <Button
          icon="pi pi-send"
          text
          rounded
          aria-label={`${t('actions.resendInvitation')} ${name}`}
          tooltip={t('actions.resendInvitation')}
          onClick={() =>
            void run(
              () => employeesApi.resendInvitation(person.id),
              t('messages.invitationSent', { email: person.email }),
            )
          }
        />
      )}
      {person.abilities.changeStatus &&
        (person.status === 'INACTIVE' ? (
          <Button
            icon="pi pi-check-circle"
            text
            rounded
            severity="success"
            aria-label={`${t('actions.activate')} ${name}`}
            tooltip={t('actions.activate')}
            onClick={() =>
              void run(() => employeesApi.setStatus(person.id, 'ACTIVE'), t('messages.activated', { name }))
            }
          />
        ) : (
          <Button
            icon="pi pi-ban"
            text
            rounded
            severity="warning"
            aria-label={`${t('actions.deactivate')} ${name}`}
            tooltip={t('actions.deactivate')}
            onClick={() => confirm({ kind: 'deactivate', person })}
          />
        ))}
      {person.abilities.delete && (
        <Button
          icon="pi pi-trash"
          text
          rounded
          severity="danger"
          aria-label={`${t('actions.delete')} ${name}`}
          tooltip={t('actions.delete')}
          onClick={() => confirm({ kind: 'delete', person })}
        />
      )}
    </div>
  );
}
