import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { useTranslation } from 'react-i18next';
import type { Member } from '../../../shared/projects.schemas.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { clientKeys } from '../clients/clients.queries.ts';
import { PICKER_FORMAT, fromPickerDate, toPickerDate, typedPickerDate } from './project-dates.ts';
import { PersonPicker } from './PersonPicker.tsx';
import { projectsApi, type MemberInput, type PersonOption } from './projects.api.ts';
import { projectKeys, useProjectRoles } from './projects.queries.ts';

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
  const form = useFormValues(
    {
      person: (member?.person ?? null) as PersonOption | null,
      roleId: member?.role.id ?? null,
      note: member?.note ?? '',
      // A new member joins today unless told otherwise.
      joinedAt: member ? member.joinedAt : fromPickerDate(new Date()),
      exitedAt: member?.exitedAt ?? null,
    },
    { parse: { joinedAt: typedPickerDate, exitedAt: typedPickerDate } },
  );
  const { values } = form;
  const save = useFormMutation({
    mutationFn: (input: MemberInput) =>
      member
        ? projectsApi.updateMember(projectId, member.id, input)
        : projectsApi.addMember(projectId, input),
    // The project's members, its member count in the lists, and the person's projects.
    invalidate: [projectKeys.all, clientKeys.all],
    onSuccess: (saved) => onSaved(saved),
  });
  const errors = save.fieldErrors;
  // A refusal that is not about a field of this form (an inactive project) is said above it.
  const message = errors.projectId ?? save.message;

  function submit() {
    const problems: Record<string, string> = {};
    if (!member && !values.person) problems.userId = t('errors:validation.required');
    if (!values.roleId) problems.roleId = t('errors:validation.required');
    if (values.joinedAt && values.exitedAt && values.exitedAt <= values.joinedAt)
      problems.exitedAt = t('errors:validation.exitBeforeJoin');
    save.setProblems(problems);
    if (Object.keys(problems).length) return;
    const input: MemberInput = {
      roleId: values.roleId!,
      note: values.note.trim() || null,
      joinedAt: values.joinedAt,
      exitedAt: values.exitedAt,
    };
    void save.submit(member ? input : { ...input, userId: values.person!.id });
  }

  const change = <K extends keyof typeof values>(
    field: K,
    value: (typeof values)[K],
    errorField: string = field,
  ) => {
    form.set(field, value);
    save.clear(errorField);
  };
  const error = (field: string) =>
    errors[field] ? (
      <small className="pm-error" role="alert">
        {errors[field]}
      </small>
    ) : null;
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
      className="form-dialog"
      style={{ width: 'min(38rem, 96vw)' }}
      draggable={false}
      footer={
        <div className="pm-footer">
          <Button type="button" label={t('actions.cancel')} text onClick={onClose} />
          <Button
            type="submit"
            form={form.formId}
            label={t('actions.save')}
            icon="pi pi-check"
            loading={save.submitting}
            data-testid="member-save"
          />
        </div>
      }
    >
      <form
        id={form.formId}
        className="pm-page"
        noValidate
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
              value={values.person}
              onChange={(person) => change('person', person, 'userId')}
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
            value={values.roleId}
            options={roleOptions}
            placeholder={t('members.rolePlaceholder')}
            emptyMessage={t('members.noRoles')}
            filter
            invalid={Boolean(errors.roleId)}
            onChange={(event) => change('roleId', event.value as string)}
          />
          {error('roleId')}
        </div>
        <div className="pm-grid">
          <div className="pm-field">
            <label htmlFor="member-joinedAt">{t('fields.joinedAt')}</label>
            <Calendar
              inputId="member-joinedAt"
              name="joinedAt"
              value={toPickerDate(values.joinedAt)}
              dateFormat={PICKER_FORMAT}
              showIcon
              showButtonBar
              invalid={Boolean(errors.joinedAt)}
              onChange={(event) => change('joinedAt', fromPickerDate(event.value as Date | null))}
            />
            {error('joinedAt')}
          </div>
          <div className="pm-field">
            <label htmlFor="member-exitedAt">{t('fields.exitedAt')}</label>
            <Calendar
              inputId="member-exitedAt"
              name="exitedAt"
              value={toPickerDate(values.exitedAt)}
              dateFormat={PICKER_FORMAT}
              showIcon
              showButtonBar
              invalid={Boolean(errors.exitedAt)}
              onChange={(event) => change('exitedAt', fromPickerDate(event.value as Date | null))}
            />
            {error('exitedAt')}
          </div>
        </div>
        <div className="pm-field">
          <label htmlFor="member-note">{t('fields.note')}</label>
          <InputTextarea
            id="member-note"
            name="note"
            value={values.note}
            rows={2}
            autoResize
            maxLength={5000}
            onChange={(event) => change('note', event.target.value)}
          />
          {error('note')}
        </div>
      </form>
    </Dialog>
  );
}
