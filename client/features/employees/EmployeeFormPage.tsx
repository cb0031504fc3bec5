import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import {
  EMPLOYEE_FILE_MAX_BYTES,
  type Employee,
  type EmployeeSummary,
} from '../../../shared/employees.schemas.ts';
import { formatDate, fullName } from '../../../shared/rules/format.ts';
import { problemMessage } from '../../../shared/rules/problems.ts';
import { problemsByField } from '../../api/errors.ts';
import { checkFile } from '../../forms/file-check.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useFormMutation, useRunAction } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { useUnsavedChanges } from '../../forms/UnsavedChangesGuard.tsx';
import { PageLoading } from '../../layout/PageLoading.tsx';
import { useToast } from '../../layout/toast.tsx';
import { employeeProblems } from './employee-checks.ts';
import {
  DATE_FIELDS,
  EmployeeForm,
  FORM_FIELDS,
  typedDate,
  valuesOf,
  type FormField,
} from './EmployeeForm.tsx';
import { employeesApi, type EmployeeFormValues } from './employees.api.ts';
import { employeeKeys, useEmployeeDetail, usePerson } from './employees.queries.ts';
import { PeopleStyles } from './PeopleStyles.tsx';
import { PersonCell } from './PersonCell.tsx';
import { PersonProjects } from '../projects/PersonProjects.tsx';

/** employee (create) and employee/:id (detail and edit): every field, documents and the status actions. */
export default function EmployeeFormPage() {
  const { id } = useParams();
  const { t } = useTranslation(['people', 'errors']);
  const summary = usePerson(id);
  const detail = useEmployeeDetail(id, Boolean(summary.data?.abilities.viewPrivate));

  if (!id) return <Editor key="new" employee={null} />;
  if (summary.isLoading || detail.isLoading) return <PageLoading />;
  if (summary.isError || !summary.data) {
    return (
      <div className="people-page">
        <PeopleStyles />
        <Message severity="warn" text={t('messages.notFound')} />
        <Link to="/employee-management">{t('actions.back')}</Link>
      </div>
    );
  }
  if (!detail.data) return <ReadOnlySummary person={summary.data} />;
  return <Editor key={`${detail.data.id}-${detail.data.updatedAt}`} employee={detail.data} />;
}

/** What someone who sees employees but not their private details gets. */
function ReadOnlySummary({ person }: { person: EmployeeSummary }) {
  const { t } = useTranslation('people');
  const rows: Array<[string, string]> = [
    [t('fields.department'), person.department?.name ?? '—'],
    [t('fields.employeeRole'), person.employeeRole?.name ?? '—'],
    [t('fields.contractType'), person.contractType ? t(`contractType.${person.contractType}`) : '—'],
    [t('fields.onboardDate'), person.onboardDate ? formatDate(person.onboardDate) : '—'],
    [t('fields.phoneNumber'), person.phoneNumber ?? '—'],
  ];
  return (
    <div className="people-page">
      <PeopleStyles />
      <Link to="/employee-management">
        <i className="pi pi-arrow-left" aria-hidden="true" /> {t('actions.back')}
      </Link>
      <section className="people-card">
        <div className="people-detail__head">
          <PersonCell person={person} />
          <Tag value={t(`status.${person.status}`)} />
        </div>
        <dl className="people-grid">
          {rows.map(([label, value]) => (
            <div key={label} className="people-field">
              <dt>
                <strong>{label}</strong>
              </dt>
              <dd style={{ margin: 0 }}>{value}</dd>
            </div>
          ))}
        </dl>
        <Message severity="info" text={t('messages.privateHidden')} />
      </section>
      <PersonProjects userId={person.id} />
    </div>
  );
}

type Pending = 'deactivate' | 'delete' | null;
type EditorValues = Record<FormField, string> & { accessRoleIds: string[] | null };

/** The body a save sends: a creation only what was filled in, an edit every field ('' clears it). */
function bodyOf(values: EditorValues, creating: boolean): EmployeeFormValues {
  const body: EmployeeFormValues = {};
  for (const field of FORM_FIELDS) {
    const value = values[field] ?? '';
    if (field === 'language' && !value) continue;
    if (creating && value === '') continue;
    body[field] = value;
  }
  // Untouched, the access roles stay out: the server gives the default role.
  if (creating && values.accessRoleIds !== null) body.accessRoleIds = values.accessRoleIds;
  return body;
}

function Editor({ employee }: { employee: Employee | null }) {
  const { t } = useTranslation(['people', 'errors']);
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const creating = !employee;
  const form = useFormValues<EditorValues>(
    () => ({ ...(valuesOf(employee) as Record<FormField, string>), accessRoleIds: null }),
    {
      parse: Object.fromEntries(DATE_FIELDS.map((field) => [field, typedDate])),
      fieldOf: (name) => name.replace(/^employee-/, ''),
    },
  );
  const [files, setFiles] = useState<Record<string, File>>({});
  const [fileProblems, setFileProblems] = useState<Record<string, string>>({});
  const guard = useUnsavedChanges(form.dirty || Object.keys(files).length > 0);
  const readOnly = Boolean(employee && !employee.abilities.edit);
  const name = employee ? fullName(employee) || employee.email : '';
  const run = useRunAction([employeeKeys.all]);
  const [pending, setPending] = useState<Pending>(null);

  const save = useFormMutation({
    mutationFn: (body: EmployeeFormValues) =>
      employee ? employeesApi.update(employee.id, body, files) : employeesApi.create(body, files),
    invalidate: [employeeKeys.all],
    onSuccess: (saved) => {
      guard.release();
      setFiles({});
      if (!employee) {
        navigate(`/employee-management/employee/${saved.id}`, {
          state: { created: fullName(saved) || saved.email },
        });
      }
    },
    success: () => (employee ? t('messages.saved') : ''),
  });

  // The message of a creation, carried over from the create page.
  const created = (location.state as { created?: string } | null)?.created;
  useEffect(() => {
    if (created && employee) {
      toast.success(t('messages.created', { name: created, email: employee.email }));
      navigate(location.pathname, { replace: true, state: null });
    }
  }, [created, employee, location.pathname, navigate, t, toast]);

  function change(field: FormField, value: string) {
    form.set(field, value);
    save.clear(field);
  }

  async function chooseFile(field: string, file: File | null) {
    save.clear(field);
    const problem = file
      ? await checkFile(file, { types: ['application/pdf'], maxBytes: EMPLOYEE_FILE_MAX_BYTES }, field)
      : null;
    setFileProblems(({ [field]: _old, ...rest }) =>
      problem ? { ...rest, [field]: problemMessage(t, problem) } : rest,
    );
    // A refused file is not kept: it would only be refused again by the server.
    setFiles(({ [field]: _old, ...rest }) => (file && !problem ? { ...rest, [field]: file } : rest));
  }

  function submit() {
    const body = bodyOf(form.values, creating);
    // Every problem the browser can see, at once; the server then reports the rest at once too.
    const problems = { ...problemsByField(employeeProblems(body, creating), t), ...fileProblems };
    save.setProblems(problems);
    if (Object.keys(problems).length > 0) return;
    void save.submit(body);
  }

  const errors = { ...save.fieldErrors, ...fileProblems };
  const abilities = employee?.abilities;
  return (
    <div className="people-page" data-testid="employee-form">
      <PeopleStyles />
      {guard.prompt}
      <Link to="/employee-management">
        <i className="pi pi-arrow-left" aria-hidden="true" /> {t('actions.back')}
      </Link>
      <div className="people-detail__head">
        <div className="people-detail__identity">
          <h2>{employee ? name : t('create.title')}</h2>
          {employee && (
            <Tag
              value={t(`status.${employee.status}`)}
              severity={
                employee.status === 'ACTIVE'
                  ? 'success'
                  : employee.status === 'PENDING'
                    ? 'warning'
                    : 'secondary'
              }
              data-testid="employee-status"
            />
          )}
        </div>
        {employee && (
          <div className="people-page__actions">
            {abilities?.resendInvitation && (
              <Button
                outlined
                icon="pi pi-send"
                label={t('actions.resendInvitation')}
                onClick={() =>
                  void run(
                    () => employeesApi.resendInvitation(employee.id),
                    t('messages.invitationSent', { email: employee.email }),
                  )
                }
              />
            )}
            {abilities?.changeStatus &&
              (employee.status === 'INACTIVE' ? (
                <Button
                  outlined
                  severity="success"
                  icon="pi pi-check-circle"
                  label={t('actions.activate')}
                  onClick={() =>
                    void run(
                      () => employeesApi.setStatus(employee.id, 'ACTIVE'),
                      t('messages.activated', { name }),
                    )
                  }
                />
              ) : (
                <Button
                  outlined
                  severity="warning"
                  icon="pi pi-ban"
                  label={t('actions.deactivate')}
                  onClick={() => setPending('deactivate')}
                />
              ))}
            {abilities?.delete && (
              <Button
                outlined
                severity="danger"
                icon="pi pi-trash"
                label={t('actions.delete')}
                onClick={() => setPending('delete')}
              />
            )}
          </div>
        )}
      </div>
      {!employee && <p>{t('create.intro')}</p>}
      {employee?.status === 'PENDING' && <Message severity="info" text={t('detail.pendingNote')} />}

      <form
        id={form.formId}
        className="people-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {save.message && (
          <Message severity="error" text={save.message} role="alert" data-testid="employee-form-error" />
        )}
        <EmployeeForm
          values={form.values}
          onChange={change}
          accessRoleIds={form.values.accessRoleIds}
          onAccessRoles={(ids) => {
            form.set('accessRoleIds', ids);
            save.clear('accessRoleIds');
          }}
          files={files}
          onFile={(field, file) => void chooseFile(field, file)}
          errors={errors}
          employee={employee}
          readOnly={readOnly}
        />
        {!readOnly && (
          <div className="people-form__footer">
            <Button
              type="button"
              text
              label={t('actions.cancel')}
              onClick={() => navigate('/employee-management')}
            />
            <Button
              type="submit"
              icon="pi pi-check"
              label={t('actions.save')}
              loading={save.submitting}
              data-testid="employee-save"
            />
          </div>
        )}
      </form>
      {employee && <PersonProjects userId={employee.id} />}

      {employee && (
        <ConfirmAction
          visible={Boolean(pending)}
          title={t(pending === 'delete' ? 'confirm.deleteTitle' : 'confirm.deactivateTitle', { name })}
          message={t(pending === 'delete' ? 'confirm.deleteBody' : 'confirm.deactivateBody')}
          action={t(pending === 'delete' ? 'confirm.deleteAction' : 'confirm.deactivateAction')}
          severity={pending === 'delete' ? 'danger' : 'warning'}
          onCancel={() => setPending(null)}
          onConfirm={() => {
            const kind = pending;
            setPending(null);
            if (kind === 'delete') {
              void run(() => employeesApi.remove(employee.id), t('messages.deleted', { name })).then(
                (done) => {
                  if (!done) return;
                  guard.release();
                  navigate('/employee-management');
                },
              );
            } else {
              void run(
                () => employeesApi.setStatus(employee.id, 'DEACTIVATE'),
                t('messages.deactivated', { name }),
              );
            }
          }}
        />
      )}
    </div>
  );
}
