import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Member } from '../../../shared/projects.schemas.ts';
import { PICKER_FORMAT, fromPickerDate, toPickerDate } from './project-dates.ts';
import { PersonPicker } from './PersonPicker.tsx';
import {
  failureOf,
  projectsApi,
  useProjectChange,
  useProjectRoles,
  type PersonOption,
} from './projects.queries.ts';

/** Adds a member (person, project role, note, joined and exited dates) or edits one (all but the person). */
export function MemberDialog({
  projectId,
  member,
  onClose,
  onSaved,
}: {
  projectId: string;
  member: Member | null;
  onClose: () => void;
  onSaved: (saved: Member) => void;
}) {
  const { t } = useTranslation(['projects', 'errors']);
  const roles = useProjectRoles();
  const [person, setPerson] = useState<PersonOption | null>(member?.person ?? null);
  const [roleId, setRoleId] = useState<string | null>(member?.role.id ?? null);
  const [note, setNote] = useState(member?.note ?? '');
  // A new member joins today unless told otherwise.
  const [joinedAt, setJoinedAt] = useState<string | null>(
    member ? member.joinedAt : fromPickerDate(new Date()),
  );
  const [exitedAt, setExitedAt] = useState<string | null>(member?.exitedAt ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const save = useProjectChange(projectId, () => {
    const input = { roleId: roleId!, note: note.trim() || null, joinedAt, exitedAt };
    return member
      ? projectsApi.updateMember(projectId, member.id, input)
      : projectsApi.addMember(projectId, { ...input, userId: person!.id });
  });

  function submit() {
    const problems: Record<string, string> = {};
    if (!member && !person) problems.userId = t('errors:validation.required');
    if (!roleId) problems.roleId = t('errors:validation.required');
    if (joinedAt && exitedAt && exitedAt <= joinedAt)
      problems.exitedAt = t('errors:validation.exitBeforeJoin');
    setErrors(problems);
    setMessage('');
    if (Object.keys(problems).length) return;
    save.mutate(undefined, {
      onSuccess: (saved) => onSaved(saved as Member),
      onError: (error) => {
        const failure = failureOf(error, t);
        setErrors(failure.fields);
        // A refusal that is not about one field (an inactive project) is said above the form.
        if (failure.fields.projectId) setMessage(failure.fields.projectId);
        else if (!Object.keys(failure.fields).length) setMessage(failure.message);
      },
    });
  }

  const error = (field: string) =>
    errors[field] ? <small className="pm-error">{errors[field]}</small> : null;
  const name = member ? [member.person.lastName, member.person.firstName].filter(Boolean).join(' ') : '';
  const roleOptions = (roles.data?.items ?? []).map((role) => ({ value: role.id, label: role.name }));
  // The current role stays choosable even when it was deactivated since.
  if (member && !roleOptions.some((option) => option.value === member.role.id))
    roleOptions.push({ value: member.role.id, label: member.role.name });

  return (
    <Dialog
      visible
      header={member ? t('members.editTitle', { name }) : t('members.addTitle')}
      onHide={onClose}
      style={{ width: 'min(38rem, 96vw)' }}
      footer={
        <div className="pm-footer">
          <Button label={t('actions.cancel')} text onClick={onClose} />
          <Button
            label={t('actions.save')}
            icon="pi pi-check"
            loading={save.isPending}
            onClick={submit}
            data-testid="member-save"
          />
        </div>
      }
    >
      <form
        className="pm-page"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {message && (
          <p className="pm-error" role="alert">
            {message}
          </p>
        )}
        {!member && (
          <div className="pm-field">
            <label htmlFor="member-person">
              {t('fields.person')}
              <span className="pm-required">*</span>
            </label>
            <PersonPicker
              inputId="member-person"
              value={person}
              onChange={setPerson}
              invalid={Boolean(errors.userId)}
            />
            {error('userId')}
          </div>
        )}
        <div className="pm-field">
          <label htmlFor="member-role">
            {t('fields.projectRole')}
            <span className="pm-required">*</span>
          </label>
          <Dropdown
            inputId="member-role"
            value={roleId}
            options={roleOptions}
            placeholder={t('members.rolePlaceholder')}
            emptyMessage={t('members.noRoles')}
            filter
            invalid={Boolean(errors.roleId)}
            onChange={(event) => setRoleId(event.value as string)}
          />
          {error('roleId')}
        </div>
        <div className="pm-grid">
          <div className="pm-field">
            <label htmlFor="member-joinedAt">{t('fields.joinedAt')}</label>
            <Calendar
              inputId="member-joinedAt"
              value={toPickerDate(joinedAt)}
              dateFormat={PICKER_FORMAT}
              showIcon
              showButtonBar
              invalid={Boolean(errors.joinedAt)}
              onChange={(event) => setJoinedAt(fromPickerDate(event.value as Date | null))}
            />
            {error('joinedAt')}
          </div>
          <div className="pm-field">
            <label htmlFor="member-exitedAt">{t('fields.exitedAt')}</label>
            <Calendar
              inputId="member-exitedAt"
              value={toPickerDate(exitedAt)}
              dateFormat={PICKER_FORMAT}
              showIcon
              showButtonBar
              invalid={Boolean(errors.exitedAt)}
              onChange={(event) => setExitedAt(fromPickerDate(event.value as Date | null))}
            />
            {error('exitedAt')}
          </div>
        </div>
        <div className="pm-field">
          <label htmlFor="member-note">{t('fields.note')}</label>
          <InputTextarea
            id="member-note"
            value={note}
            rows={2}
            autoResize
            maxLength={5000}
            onChange={(event) => setNote(event.target.value)}
          />
          {error('note')}
        </div>
      </form>
    </Dialog>
  );
}
