import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONTRACT_TYPES,
  EMPLOYEE_FILE_MAX_MB,
  GENDERS,
  type Employee,
  type EmployeeFileKind,
} from '../../../shared/employees.schemas.ts';
import { LANGUAGES } from '../../../shared/i18n/index.ts';
import { formatDate } from '../../../shared/rules/format.ts';
import { usePermission } from '../../api/session.ts';
import { useToast } from '../../layout/toast.tsx';
import { errorMessage } from '../../api/errors.ts';
import { useDepartmentOptions } from '../departments/departments.queries.ts';
import { PICKER_FORMAT, fromPickerDate, toPickerDate } from './dates.ts';
import { employeesApi, type EmployeeFormValues } from './employees.api.ts';
import { useAccessRoleChoices, useBanks, useEmployeeRoleOptions } from './employees.queries.ts';
import { LineManagerPicker } from './LineManagerPicker.tsx';

/** The form's text fields, in the order of the sections; documents are handled apart. */
export const FORM_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'gender',
  'birthday',
  'phoneNumber',
  'address',
  'language',
  'contractType',
  'employeeRoleId',
  'departmentId',
  'onboardDate',
  'offboardDate',
  'discordAccountId',
  'bankId',
  'bankAccountNumber',
  'idCardNumber',
  'idCardIssueDate',
  'idCardIssueAuthority',
  'socialInsuranceNumber',
  'employeeCode',
  'lineManagerId',
] as const;
export type FormField = (typeof FORM_FIELDS)[number];
const REQUIRED: readonly FormField[] = ['firstName', 'lastName', 'email'];
const LABELS: Partial<Record<FormField, string>> = {
  employeeRoleId: 'employeeRole',
  departmentId: 'department',
  bankId: 'bank',
  lineManagerId: 'lineManager',
};

/** The values of a stored employee, as the form holds them. */
export function valuesOf(employee: Employee | null): EmployeeFormValues {
  const values: EmployeeFormValues = {};
  for (const field of FORM_FIELDS) values[field] = '';
  if (!employee) return values;
  Object.assign(values, {
    firstName: employee.firstName,
    lastName: employee.lastName,
    email: employee.email,
    gender: employee.gender ?? '',
    birthday: employee.birthday ?? '',
    phoneNumber: employee.phoneNumber ?? '',
    address: employee.address ?? '',
    language: employee.language,
    contractType: employee.contractType ?? '',
    employeeRoleId: employee.employeeRole?.id ?? '',
    departmentId: employee.department?.id ?? '',
    onboardDate: employee.onboardDate ?? '',
    offboardDate: employee.offboardDate ?? '',
    discordAccountId: employee.discordAccount?.id ?? '',
    bankId: employee.bank?.id ?? '',
    bankAccountNumber: employee.bankAccountNumber ?? '',
    idCardNumber: employee.idCardNumber ?? '',
    idCardIssueDate: employee.idCardIssueDate ?? '',
    idCardIssueAuthority: employee.idCardIssueAuthority ?? '',
    socialInsuranceNumber: employee.socialInsuranceNumber ?? '',
    employeeCode: employee.employeeCode ?? '',
    lineManagerId: employee.lineManager?.id ?? '',
  });
  return values;
}

/** The date fields: typed before hydration as YYYY/MM/DD, kept as YYYY-MM-DD. */
export const DATE_FIELDS: readonly FormField[] = [
  'birthday',
  'onboardDate',
  'offboardDate',
  'idCardIssueDate',
];

/** A date typed into a picker before hydration ('1995/04/30'), as the form keeps it; else nothing. */
export function typedDate(typed: string | boolean): string | undefined {
  if (typeof typed !== 'string') return undefined;
  const match = /^(\d{4})[/-](\d{2})[/-](\d{2})$/.exec(typed.trim());
  return match ? `${match[1]}-${match[2]}-${match[3]}` : typed.trim() === '' ? '' : undefined;
}

const DOCUMENTS: Array<{ kind: EmployeeFileKind; field: 'ndaFile' | 'contractFile' }> = [
  { kind: 'NDA_FILE', field: 'ndaFile' },
  { kind: 'CONTRACT_FILE', field: 'contractFile' },
];

interface Props {
  values: EmployeeFormValues;
  onChange: (field: FormField, value: string) => void;
  /** Access roles chosen for a new person; null keeps the default role. */
  accessRoleIds: string[] | null;
  onAccessRoles: (ids: string[]) => void;
  files: Record<string, File>;
  /** A chosen document, checked (type by content, size) before it is kept for the upload. */
  onFile: (field: string, file: File | null) => void;
  errors: Record<string, string>;
  employee: Employee | null;
  readOnly: boolean;
}

/** Every Employee field of spec section 3, in sections; read-only for those who may not edit. */
export function EmployeeForm({
  values,
  onChange,
  accessRoleIds,
  onAccessRoles,
  files,
  onFile,
  errors,
  employee,
  readOnly,
}: Props) {
  const { t } = useTranslation(['people', 'errors']);
  const toast = useToast();
  const canSeeDepartments = usePermission('departments.view');
  const creating = !employee;
  const banks = useBanks();
  const departments = useDepartmentOptions(canSeeDepartments);
  const roles = useEmployeeRoleOptions();
  const accessRoles = useAccessRoleChoices(creating && !readOnly);
  const defaultAccessRoles = (accessRoles.data?.items ?? []).filter((r) => r.isDefault).map((r) => r.id);

  const field = (name: FormField, control: ReactNode, options: { wide?: boolean } = {}) => (
    <div className="people-field" style={options.wide ? { gridColumn: '1 / -1' } : undefined}>
      <label htmlFor={`employee-${name}`}>
        {t(`fields.${LABELS[name] ?? name}`)}
        {REQUIRED.includes(name) && !readOnly && (
          <span className="people-required" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {control}
      {errors[name] && (
        <small className="field-error" id={`employee-${name}-error`} role="alert">
          {errors[name]}
        </small>
      )}
    </div>
  );

  // The sign-in email of someone above the editor stays as it is (the server refuses it too): say why
  // rather than offer a field that can only fail.
  const emailLocked = Boolean(employee && !readOnly && !employee.abilities.changeEmail);
  const text = (name: FormField, props: { type?: string; inputMode?: 'numeric' | 'tel' | 'email' } = {}) => {
    const locked = name === 'email' && emailLocked;
    const described = [errors[name] && `employee-${name}-error`, locked && `employee-${name}-hint`]
      .filter(Boolean)
      .join(' ');
    return field(
      name,
      <>
        <InputText
          id={`employee-${name}`}
          name={name}
          value={(values[name] as string | null) ?? ''}
          type={props.type ?? 'text'}
          inputMode={props.inputMode}
          readOnly={readOnly || locked}
          invalid={Boolean(errors[name])}
          aria-invalid={Boolean(errors[name])}
          aria-describedby={described || undefined}
          onChange={(event) => onChange(name, event.target.value)}
        />
        {locked && (
          <small className="people-hint" id={`employee-${name}-hint`} data-testid="email-locked-hint">
            {t('detail.emailLocked')}
          </small>
        )}
      </>,
    );
  };

  const choice = (name: FormField, options: Array<{ value: string; label: string }>, filter = false) =>
    field(
      name,
      <Dropdown
        inputId={`employee-${name}`}
        value={values[name] || null}
        options={options}
        filter={filter}
        showClear={!readOnly && !REQUIRED.includes(name) && name !== 'language'}
        disabled={readOnly}
        invalid={Boolean(errors[name])}
        placeholder="—"
        onChange={(event) => onChange(name, (event.value as string | null) ?? '')}
      />,
    );

  const date = (name: FormField) =>
    field(
      name,
      <Calendar
        inputId={`employee-${name}`}
        name={name}
        value={toPickerDate(values[name] as string | null)}
        dateFormat={PICKER_FORMAT}
        placeholder="YYYY/MM/DD"
        showIcon={!readOnly}
        showButtonBar
        disabled={readOnly}
        invalid={Boolean(errors[name])}
        yearNavigator
        monthNavigator
        yearRange="1940:2060"
        onChange={(event) => onChange(name, fromPickerDate(event.value as Date | null) ?? '')}
      />,
    );

  // A department or role that is no longer active stays visible when it is the current one.
  const departmentOptions = (departments.data?.items ?? [])
    .filter((d) => d.status === 'ACTIVE' || d.id === values.departmentId)
    .map((d) => ({ value: d.id, label: d.name }));
  if (employee?.department && !departmentOptions.some((d) => d.value === employee.department!.id)) {
    departmentOptions.push({ value: employee.department.id, label: employee.department.name });
  }
  const roleOptions = (roles.data?.items ?? [])
    // A role the editor may not give (it grants permissions they lack) is not offered; the person's
    // current one stays visible.
    .filter((r) => (r.status === 'ACTIVE' && r.assignable) || r.id === employee?.employeeRole?.id)
    .map((r) => ({ value: r.id, label: r.name }));

  return (
    <>
      <section className="people-card">
        <h3>{t('sections.identity')}</h3>
        <div className="people-grid">
          {text('lastName')}
          {text('firstName')}
          {text('email', { type: 'email', inputMode: 'email' })}
          {choice(
            'gender',
            GENDERS.map((g) => ({ value: g, label: t(`gender.${g}`) })),
          )}
          {date('birthday')}
          {text('phoneNumber', { type: 'tel', inputMode: 'tel' })}
          {choice(
            'language',
            LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) })),
          )}
          {field(
            'address',
            <InputText
              id="employee-address"
              name="address"
              value={(values.address as string | null) ?? ''}
              readOnly={readOnly}
              invalid={Boolean(errors.address)}
              onChange={(event) => onChange('address', event.target.value)}
            />,
            { wide: true },
          )}
        </div>
      </section>

      <section className="people-card">
        <h3>{t('sections.work')}</h3>
        <div className="people-grid">
          {choice(
            'contractType',
            CONTRACT_TYPES.map((c) => ({ value: c, label: t(`contractType.${c}`) })),
          )}
          {choice('employeeRoleId', roleOptions, true)}
          {canSeeDepartments && choice('departmentId', departmentOptions, true)}
          {date('onboardDate')}
          {date('offboardDate')}
          {text('discordAccountId', { inputMode: 'numeric' })}
          {text('employeeCode')}
          {field(
            'lineManagerId',
            <LineManagerPicker
              inputId="employee-lineManagerId"
              value={(values.lineManagerId as string | undefined) ?? ''}
              initial={employee?.lineManager ?? null}
              selfId={employee?.id ?? null}
              disabled={readOnly}
              invalid={Boolean(errors.lineManagerId)}
              onChange={(id) => onChange('lineManagerId', id)}
            />,
          )}
        </div>
      </section>

      {creating && !readOnly && (
        <section className="people-card" data-testid="access-roles-section">
          <h3>{t('sections.access')}</h3>
          <p>{t('create.accessIntro')}</p>
          <div className="people-grid">
            <div className="people-field" style={{ gridColumn: '1 / -1' }}>
              <label htmlFor="employee-accessRoleIds">{t('fields.accessRoles')}</label>
              <MultiSelect
                inputId="employee-accessRoleIds"
                value={accessRoleIds ?? defaultAccessRoles}
                options={(accessRoles.data?.items ?? []).map((role) => ({
                  value: role.id,
                  label: role.isDefault ? `${role.name} · ${t('create.defaultRole')}` : role.name,
                }))}
                display="chip"
                placeholder={t('create.noAccessRole')}
                invalid={Boolean(errors.accessRoleIds)}
                onChange={(event) => onAccessRoles(event.value as string[])}
              />
              {errors.accessRoleIds && (
                <small className="field-error" role="alert">
                  {errors.accessRoleIds}
                </small>
              )}
            </div>
          </div>
        </section>
      )}

      <section className="people-card">
        <h3>{t('sections.bank')}</h3>
        <div className="people-grid">
          {choice(
            'bankId',
            (banks.data?.items ?? []).map((b) => ({ value: b.id, label: `${b.shortName} · ${b.name}` })),
            true,
          )}
          {text('bankAccountNumber', { inputMode: 'numeric' })}
          {text('idCardNumber')}
          {date('idCardIssueDate')}
          {text('idCardIssueAuthority')}
          {text('socialInsuranceNumber', { inputMode: 'numeric' })}
        </div>
      </section>

      <section className="people-card">
        <h3>{t('sections.documents')}</h3>
        <p>{t('messages.fileHint', { number: EMPLOYEE_FILE_MAX_MB })}</p>
        <div className="people-grid">
          {DOCUMENTS.map(({ kind, field: name }) => (
            <DocumentInput
              key={kind}
              label={t(`fields.${name}`)}
              name={name}
              current={employee?.files[kind] ?? null}
              chosen={files[name] ?? null}
              error={errors[name]}
              readOnly={readOnly}
              onChoose={(file) => onFile(name, file)}
              onDownload={(url, fileName) =>
                employeesApi.downloadDocument(url, fileName).catch((error: unknown) => {
                  toast.error(errorMessage(error, t));
                })
              }
            />
          ))}
        </div>
      </section>
    </>
  );
}

function DocumentInput(props: {
  label: string;
  name: string;
  current: Employee['files']['NDA_FILE'];
  chosen: File | null;
  error?: string;
  readOnly: boolean;
  onChoose: (file: File | null) => void;
  onDownload: (url: string, fileName: string) => Promise<void>;
}) {
  const { t } = useTranslation(['people', 'errors']);
  const input = useRef<HTMLInputElement>(null);
  const error = props.error;
  return (
    <div className="people-field">
      <label htmlFor={`employee-${props.name}`}>{props.label}</label>
      <div className="people-document">
        {props.current ? (
          <Button
            type="button"
            link
            icon="pi pi-file-pdf"
            label={`${props.current.fileName} · ${formatDate(props.current.uploadedAt)}`}
            className="people-document__name"
            onClick={() => void props.onDownload(props.current!.url, props.current!.fileName)}
          />
        ) : (
          !props.chosen && <span>{t('messages.noFile')}</span>
        )}
        {props.chosen && <span className="people-document__name">{props.chosen.name}</span>}
        {!props.readOnly && (
          <>
            <input
              ref={input}
              id={`employee-${props.name}`}
              name={props.name}
              type="file"
              accept="application/pdf,.pdf"
              hidden
              data-testid={`file-${props.name}`}
              onChange={(event) => {
                const file = event.target.files?.[0] ?? null;
                event.target.value = '';
                if (file) props.onChoose(file);
              }}
            />
            <Button
              type="button"
              outlined
              size="small"
              icon="pi pi-upload"
              label={props.current || props.chosen ? t('actions.replace') : t('actions.chooseFile')}
              onClick={() => input.current?.click()}
            />
            {props.chosen && (
              <Button
                type="button"
                text
                size="small"
                icon="pi pi-times"
                aria-label={t('actions.cancel')}
                onClick={() => props.onChoose(null)}
              />
            )}
          </>
        )}
      </div>
      {error && (
        <small className="field-error" role="alert" data-testid={`file-${props.name}-error`}>
          {error}
        </small>
      )}
    </div>
  );
}
