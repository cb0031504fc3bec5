import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { MultiSelect } from 'primereact/multiselect';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Department } from '../../../shared/departments.schemas.ts';
import { fullName } from '../../../shared/rules/format.ts';
import { describeFailure, employeesApi, employeesKeys } from '../employees/employees.api.ts';
import { departmentsApi, departmentsKeys, type DepartmentInput } from './departments.api.ts';

/** Create or edit a department: name, description and members (searched among everyone). */
export function DepartmentDialog({
  department,
  onClose,
  onSaved,
}: {
  department: Department | null;
  onClose: () => void;
  onSaved: (saved: Department) => void;
}) {
  const { t } = useTranslation(['people', 'errors']);
  const full = useQuery({
    queryKey: departmentsKeys.one(department?.id ?? 'new'),
    queryFn: () => departmentsApi.get(department!.id),
    enabled: Boolean(department),
  });
  const [name, setName] = useState(department?.name ?? '');
  const [description, setDescription] = useState(department?.description ?? '');
  const [memberIds, setMemberIds] = useState<string[] | null>(null);
  const [search, setSearch] = useState('');
  const [problem, setProblem] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [saving, setSaving] = useState(false);
  const people = useQuery({
    queryKey: employeesKeys.lookup(search),
    queryFn: () => employeesApi.lookup(search),
  });

  const currentMembers = full.data?.members ?? [];
  const selected = memberIds ?? currentMembers.map((m) => m.id);
  // Options: the search results and whoever is selected, so chosen people stay visible.
  const known = new Map(
    [...currentMembers, ...(people.data?.items ?? [])].map((p) => [
      p.id,
      { value: p.id, label: `${fullName(p)} · ${p.email}` },
    ]),
  );
  const options = [...known.values()];

  async function save() {
    setSaving(true);
    setProblem(null);
    const input: DepartmentInput = { name, description: description.trim() || null, memberIds: selected };
    try {
      onSaved(
        department ? await departmentsApi.update(department.id, input) : await departmentsApi.create(input),
      );
    } catch (error) {
      setProblem(describeFailure(error, t));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      visible
      header={department ? t('departments.edit') : t('departments.create')}
      onHide={onClose}
      style={{ width: 'min(36rem, 96vw)' }}
      footer={
        <div className="people-form__footer">
          <Button label={t('actions.cancel')} text onClick={onClose} />
          <Button
            label={t('actions.save')}
            icon="pi pi-check"
            loading={saving}
            onClick={() => void save()}
            data-testid="department-save"
          />
        </div>
      }
    >
      <form
        className="people-form"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        {problem && !Object.keys(problem.fields).length && (
          <p className="people-error" role="alert">
            {problem.message}
          </p>
        )}
        <div className="people-field">
          <label htmlFor="department-name">
            {t('fields.name')}
            <span className="people-required">*</span>
          </label>
          <InputText
            id="department-name"
            value={name}
            maxLength={300}
            invalid={Boolean(problem?.fields.name)}
            onChange={(event) => setName(event.target.value)}
          />
          {problem?.fields.name && <small className="field-error">{problem.fields.name}</small>}
        </div>
        <div className="people-field">
          <label htmlFor="department-description">{t('fields.description')}</label>
          <InputTextarea
            id="department-description"
            value={description}
            rows={3}
            autoResize
            onChange={(event) => setDescription(event.target.value)}
          />
          {problem?.fields.description && <small className="field-error">{problem.fields.description}</small>}
        </div>
        <div className="people-field">
          <label htmlFor="department-members">{t('fields.members')}</label>
          <MultiSelect
            inputId="department-members"
            value={selected}
            options={options}
            filter
            onFilter={(event) => setSearch(event.filter)}
            placeholder={t('departments.membersPlaceholder')}
            display="chip"
            onChange={(event) => setMemberIds(event.value as string[])}
          />
          {problem?.fields.memberIds && <small className="field-error">{problem.fields.memberIds}</small>}
        </div>
      </form>
    </Dialog>
  );
}
