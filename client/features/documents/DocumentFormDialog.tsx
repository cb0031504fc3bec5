import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { MultiSelect } from 'primereact/multiselect';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_FILE_MAX_MB,
  DOCUMENT_FILE_TYPES,
  DOCUMENT_VISIBILITIES,
  type DocumentCategory,
  type DocumentDetail,
  type DocumentVisibility,
} from '../../../shared/documents.schemas.ts';
import { checkFile } from '../../forms/file-check.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { documentKeys, documentsApi, useAudienceOptions, type DocumentInput } from './documents.queries.ts';

export const DOCUMENT_ACCEPT = '.pdf,.docx,.xlsx,.pptx,.odt,.ods';

/**
 * Publish a document with its first file, or change one's fields and audience. The file is checked
 * by content before it is sent; a regulation always requires acknowledgement (the box is locked on).
 */
export function DocumentFormDialog({
  document,
  onClose,
}: {
  document: DocumentDetail | null;
  onClose: (saved?: DocumentDetail) => void;
}) {
  const { t } = useTranslation(['documents', 'errors']);
  const options = useAudienceOptions(true);
  const [file, setFile] = useState<File | null>(null);
  const form = useFormValues({
    title: document?.title ?? '',
    description: document?.description ?? '',
    category: (document?.category ?? 'POLICY') as DocumentCategory,
    visibility: (document?.visibility ?? 'EVERYONE') as DocumentVisibility,
    roleIds: document?.roles.map((r) => r.id) ?? ([] as string[]),
    departmentIds: document?.departments.map((d) => d.id) ?? ([] as string[]),
    requiresAcknowledgement: document?.requiresAcknowledgement ?? true,
  });
  const save = useFormMutation({
    mutationFn: (input: DocumentInput) =>
      document
        ? documentsApi.update(document.id, { ...input, version: document.version })
        : documentsApi.create(input, file),
    invalidate: [documentKeys.all],
    success: document ? t('ui.saved') : t('ui.created'),
    onSuccess: (saved) => onClose(saved),
  });
  const { values, set } = form;
  const change = <K extends keyof typeof values>(field: K, value: (typeof values)[K]) => (
    set(field, value),
    save.clear(field as string)
  );
  const error = (field: string) =>
    save.fieldErrors[field] && (
      <small className="lv-error" role="alert">
        {save.fieldErrors[field]}
      </small>
    );
  const regulation = values.category === 'REGULATION';

  return (
    <Dialog
      visible
      header={document ? t('ui.edit') : t('ui.new')}
      onHide={() => onClose()}
      className="form-dialog"
      style={{ width: 'min(44rem, 96vw)' }}
      draggable={false}
      footer={
        <div className="lv-footer">
          <Button type="button" label={t('ui.cancel')} text onClick={() => onClose()} />
          <Button
            type="submit"
            form={form.formId}
            label={document ? t('ui.save') : t('ui.publish')}
            icon="pi pi-send"
            loading={save.submitting}
            data-testid="doc-submit"
          />
        </div>
      }
    >
      <form
        id={form.formId}
        className="lv-grid"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const problems: Record<string, string> = {};
          const required = t('errors:validation.required');
          if (!values.title.trim()) problems.title = required;
          if (!document && !file) problems.file = t('errors:validation.fileRequired');
          if (values.visibility === 'ROLES' && values.roleIds.length === 0)
            problems.roleIds = t('errors:validation.audienceRequired');
          if (values.visibility === 'DEPARTMENTS' && values.departmentIds.length === 0)
            problems.departmentIds = t('errors:validation.audienceRequired');
          if (Object.keys(problems).length) return save.setProblems(problems);
          void save.submit({
            title: values.title.trim(),
            description: values.description.trim() || null,
            category: values.category,
            visibility: values.visibility,
            roleIds: values.visibility === 'ROLES' ? values.roleIds : [],
            departmentIds: values.visibility === 'DEPARTMENTS' ? values.departmentIds : [],
            requiresAcknowledgement: regulation || values.requiresAcknowledgement,
          });
        }}
      >
        {save.message && <p className="lv-error lv-wide">{save.message}</p>}
        <div className="lv-field lv-wide">
          <label htmlFor="doc-title">{t('errors:fields.title')}</label>
          <InputText
            id="doc-title"
            name="title"
            maxLength={150}
            value={values.title}
            onChange={(e) => change('title', e.target.value)}
          />
          {error('title')}
        </div>
        <div className="lv-field">
          <label htmlFor="doc-category">{t('ui.category')}</label>
          <Dropdown
            inputId="doc-category"
            name="category"
            value={values.category}
            options={DOCUMENT_CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) }))}
            onChange={(e) => change('category', e.value as DocumentCategory)}
          />
          {error('category')}
        </div>
        <div className="lv-field">
          <label htmlFor="doc-visibility">{t('ui.visibility')}</label>
          <Dropdown
            inputId="doc-visibility"
            name="visibility"
            value={values.visibility}
            options={DOCUMENT_VISIBILITIES.map((value) => ({ value, label: t(`visibilities.${value}`) }))}
            onChange={(e) => change('visibility', e.value as DocumentVisibility)}
          />
          {error('visibility')}
        </div>
        {values.visibility === 'ROLES' && (
          <div className="lv-field lv-wide">
            <label htmlFor="doc-roles">{t('ui.roles')}</label>
            <MultiSelect
              inputId="doc-roles"
              value={values.roleIds}
              options={(options.data?.roles ?? []).map((r) => ({ value: r.id, label: r.name }))}
              filter
              display="chip"
              onChange={(e) => change('roleIds', e.value as string[])}
            />
            {error('roleIds')}
          </div>
        )}
        {values.visibility === 'DEPARTMENTS' && (
          <div className="lv-field lv-wide">
            <label htmlFor="doc-departments">{t('ui.departments')}</label>
            <MultiSelect
              inputId="doc-departments"
              value={values.departmentIds}
              options={(options.data?.departments ?? []).map((d) => ({ value: d.id, label: d.name }))}
              filter
              display="chip"
              onChange={(e) => change('departmentIds', e.value as string[])}
            />
            {error('departmentIds')}
          </div>
        )}
        <div className="lv-field lv-wide">
          <span>
            <Checkbox
              inputId="doc-ack"
              name="requiresAcknowledgement"
              checked={regulation || values.requiresAcknowledgement}
              disabled={regulation}
              onChange={(e) => change('requiresAcknowledgement', Boolean(e.checked))}
            />{' '}
            <label htmlFor="doc-ack">{t('ui.requiresAcknowledgement')}</label>
          </span>
          {regulation && <small className="lv-hint">{t('ui.regulationHint')}</small>}
          {error('requiresAcknowledgement')}
        </div>
        <div className="lv-field lv-wide">
          <label htmlFor="doc-description">{t('ui.description')}</label>
          <InputTextarea
            id="doc-description"
            name="description"
            rows={3}
            maxLength={5000}
            value={values.description}
            onChange={(e) => change('description', e.target.value)}
          />
          {error('description')}
        </div>
        {!document && (
          <div className="lv-field lv-wide">
            <label htmlFor="doc-file">{t('ui.file')}</label>
            <input
              id="doc-file"
              type="file"
              accept={DOCUMENT_ACCEPT}
              data-testid="doc-file"
              onChange={async (e) => {
                const picked = e.target.files?.[0] ?? null;
                setFile(null);
                save.clear('file');
                if (!picked) return;
                const problem = await checkFile(
                  picked,
                  { types: DOCUMENT_FILE_TYPES, maxBytes: DOCUMENT_FILE_MAX_MB * 1024 * 1024 },
                  'file',
                );
                if (problem)
                  return save.setProblems({
                    file: t(`errors:validation.${problem.code}`, {
                      ...problem.params,
                      number: DOCUMENT_FILE_MAX_MB,
                    }),
                  });
                setFile(picked);
              }}
            />
            <small className="lv-hint">{t('ui.fileHint', { number: DOCUMENT_FILE_MAX_MB })}</small>
            {error('file')}
          </div>
        )}
      </form>
    </Dialog>
  );
}
