import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONTRACT_TYPES,
  EMPLOYEE_FILE_MAX_BYTES,
  EMPLOYEE_FILE_MAX_MB,
  GENDERS,
  type Employee,
  type EmployeeFileKind,
} from '../../../shared/employees.schemas.ts';
import { LANGUAGES } from '../../../shared/i18n/index.ts';
import { formatDate } from '../../../shared/rules/format.ts';
import { api } from '../../api/http.ts';
import { usePermission } from '../../api/session.ts';
import { allDepartments, departmentsKeys } from '../departments/departments.api.ts';
import { PICKER_FORMAT, fromPickerDate, toPickerDate } from './dates.ts';
import { downloadFile, employeesApi, employeesKeys, type EmployeeFormValues } from './employees.api.ts';
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

/** The checks the browser can make at once; the server checks everything again and has the last word. */
export function localProblems(
  values: EmployeeFormValues,
  t: (key: string) => string,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of REQUIRED) {
    const value = values[field] ?? '';
    if (value === '') problems[field] = t('errors:validation.required');
    else if (value.trim() === '') problems[field] = t('errors:validation.blank');
  }
  if (values.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) {
    problems.email = t('errors:validation.email');
  }
  if (values.onboardDate && values.offboardDate && values.offboardDate < values.onboardDate) {
    problems.offboardDate = t('errors:validation.dateOrder');
  }
  return problems;
}

const DOCUMENTS: Array<{ kind: EmployeeFileKind; field: 'ndaFile' | 'contractFile' }> = [
  { kind: 'NDA_FILE', field: 'ndaFile' },
  { kind: 'CONTRACT_FILE', field: 'contractFile' },
];

interface Props {
  values: EmployeeFormValues;
  onChange: (field: FormField, value: string) => void;
  files: Record<string, File>;
  onFile: (field: string, file: File | null) => void;
  errors: Record<string, string>;
  employee: Employee | null;
  readOnly: boolean;
}

/** Every Employee field of spec section 3, in sections; read-only for those who may not edit. */
export function EmployeeForm({ values, onChange, files, onFile, errors, employee, readOnly }: Props) {
  const { t, i18n } = useTranslation(['people', 'errors']);
  const canSeeDepartments = usePermission('departments.view');
  const banks = useQuery({ queryKey: employeesKeys.banks, queryFn: employeesApi.banks, staleTime: Infinity });
  const departments = useQuery({
    queryKey: departmentsKeys.options,
    queryFn: allDepartments,
    enabled: canSeeDepartments,
  });
  const roles = useQuery({
    queryKey: ['employee-roles'],
    queryFn: () => api<{ items: Array<{ id: string; name: string; status: string }> }>('/employee-roles'),
  });

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

  const text = (name: FormField, props: { type?: string; inputMode?: 'numeric' | 'tel' | 'email' } = {}) =>
    field(
      name,
      <InputText
        id={`employee-${name}`}
        name={name}
        value={values[name] ?? ''}
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        readOnly={readOnly}
        invalid={Boolean(errors[name])}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={errors[name] ? `employee-${name}-error` : undefined}
        onChange={(event) => onChange(name, event.target.value)}
      />,
    );

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
        value={toPickerDate(values[name])}
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
    .filter((r) => r.status === 'ACTIVE' || r.id === values.employeeRoleId)
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
              value={values.address ?? ''}
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
              value={values.lineManagerId ?? ''}
              initial={employee?.lineManager ?? null}
              selfId={employee?.id ?? null}
              disabled={readOnly}
              invalid={Boolean(errors.lineManagerId)}
              onChange={(id) => onChange('lineManagerId', id)}
            />,
          )}
        </div>
      </section>

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
              onDownload={(url, fileName) => downloadFile(url.replace(/^\/api/, ''), fileName, i18n.language)}
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
  const [localError, setLocalError] = useState<string | null>(null);
  const error = localError ?? props.error;
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
                if (file && file.size > EMPLOYEE_FILE_MAX_BYTES) {
                  setLocalError(t('errors:validation.fileSize', { number: EMPLOYEE_FILE_MAX_MB }));
                  return;
                }
                setLocalError(null);
                props.onChoose(file);
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
        <small className="field-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}
