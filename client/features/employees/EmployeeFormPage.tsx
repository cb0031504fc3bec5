import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { Toast } from 'primereact/toast';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { Employee, EmployeeSummary } from '../../../shared/employees.schemas.ts';
import { formatDate, fullName } from '../../../shared/rules/format.ts';
import { PageLoading } from '../../layout/PageLoading.tsx';
import { EmployeeForm, FORM_FIELDS, localProblems, valuesOf, type FormField } from './EmployeeForm.tsx';
import { describeFailure, employeesApi, employeesKeys, type EmployeeFormValues } from './employees.api.ts';
import { PeopleStyles } from './PeopleStyles.tsx';
import { PersonCell } from './PersonCell.tsx';
import { PersonProjects } from '../projects/PersonProjects.tsx';

/** employee (create) and employee/:id (detail and edit): every field, documents and the status actions. */
export default function EmployeeFormPage() {
  const { id } = useParams();
  const { t } = useTranslation(['people', 'errors']);
  const summary = useQuery({
    queryKey: employeesKeys.one(id ?? 'new'),
    queryFn: () => employeesApi.get(id!),
    enabled: Boolean(id),
    retry: false,
  });
  const detail = useQuery({
    queryKey: employeesKeys.detail(id ?? 'new'),
    queryFn: () => employeesApi.getEmployee(id!),
    enabled: Boolean(id && summary.data?.abilities.viewPrivate),
    retry: false,
  });

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

function Editor({ employee }: { employee: Employee | null }) {
  const { t } = useTranslation(['people', 'errors']);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const toast = useRef<Toast>(null);
  const [values, setValues] = useState<EmployeeFormValues>(() => valuesOf(employee));
  const [files, setFiles] = useState<Record<string, File>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const readOnly = Boolean(employee && !employee.abilities.edit);
  const name = employee ? fullName(employee) || employee.email : '';

  // The message of a creation, carried over from the create page.
  const created = (location.state as { created?: string } | null)?.created;
  useEffect(() => {
    if (created && employee) {
      toast.current?.show({
        severity: 'success',
        summary: t('messages.created', { name: created, email: employee.email }),
        life: 6000,
      });
      navigate(location.pathname, { replace: true, state: null });
    }
  }, [created, employee, location.pathname, navigate, t]);

  function change(field: FormField, value: string) {
    setValues((old) => ({ ...old, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  }

  async function refresh() {
    await queryClient.invalidateQueries({ queryKey: employeesKeys.all });
  }

  async function save() {
    const problems = localProblems(values, t);
    setErrors(problems);
    setFailure(null);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    // A creation sends only what was filled in; an edit sends every field, '' clearing it.
    const body: EmployeeFormValues = {};
    for (const field of FORM_FIELDS) {
      const value = values[field] ?? '';
      if (field === 'language' && !value) continue;
      if (!employee && value === '') continue;
      body[field] = value;
    }
    try {
      if (employee) {
        await employeesApi.update(employee.id, body, files);
        setFiles({});
        toast.current?.show({ severity: 'success', summary: t('messages.saved'), life: 3000 });
        await refresh();
      } else {
        const saved = await employeesApi.create(body, files);
        await refresh();
        navigate(`/employee-management/employee/${saved.id}`, {
          state: { created: fullName(saved) || saved.email },
        });
      }
    } catch (error) {
      const { message, fields } = describeFailure(error, t);
      setErrors(fields);
      setFailure(message);
    } finally {
      setSaving(false);
    }
  }

  async function run(action: () => Promise<unknown>, done: string, after?: () => void) {
    try {
      await action();
      toast.current?.show({ severity: 'success', summary: done, life: 4000 });
      await refresh();
      after?.();
    } catch (error) {
      toast.current?.show({ severity: 'error', summary: describeFailure(error, t).message, life: 6000 });
    }
  }

  const abilities = employee?.abilities;
  return (
    <div className="people-page" data-testid="employee-form">
      <PeopleStyles />
      <Toast ref={toast} position="bottom-right" />
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
        className="people-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        {failure && (
          <Message severity="error" text={failure} role="alert" data-testid="employee-form-error" />
        )}
        <EmployeeForm
          values={values}
          onChange={change}
          files={files}
          onFile={(field, file) => {
            setFiles(({ [field]: _old, ...rest }) => (file ? { ...rest, [field]: file } : rest));
            setErrors(({ [field]: _gone, ...rest }) => rest);
          }}
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
              loading={saving}
              data-testid="employee-save"
            />
          </div>
        )}
      </form>
      {employee && <PersonProjects userId={employee.id} />}

      <ConfirmDialog
        visible={Boolean(pending)}
        onHide={() => setPending(null)}
        header={t(pending === 'delete' ? 'confirm.deleteTitle' : 'confirm.deactivateTitle', { name })}
        message={t(pending === 'delete' ? 'confirm.deleteBody' : 'confirm.deactivateBody')}
        icon="pi pi-exclamation-triangle"
        acceptLabel={t('confirm.yes')}
        rejectLabel={t('confirm.no')}
        acceptClassName={pending === 'delete' ? 'p-button-danger' : 'p-button-warning'}
        accept={() => {
          if (!employee) return;
          if (pending === 'delete') {
            void run(
              () => employeesApi.remove(employee.id),
              t('messages.deleted', { name }),
              () => navigate('/employee-management'),
            );
          } else {
            void run(
              () => employeesApi.setStatus(employee.id, 'DEACTIVATE'),
              t('messages.deactivated', { name }),
            );
          }
        }}
      />
    </div>
  );
}
