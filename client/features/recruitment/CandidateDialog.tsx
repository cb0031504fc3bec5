import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CANDIDATE_SOURCES,
  RESUME_MAX_MB,
  RESUME_TYPES,
  type ApplicationBody,
  type CandidateSource,
} from '../../../shared/recruitment.schemas.ts';
import { checkFile } from '../../forms/file-check.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { fieldError, FormDialog } from '../recurring-tasks/FormDialog.tsx';
import { recruitmentApi, recruitmentKeys } from './recruitment.queries.ts';

/** Adds a candidate to a campaign with their PDF resume (checked here by content and size, as the server does). */
export function CandidateDialog({ campaignId, onClose }: { campaignId: string; onClose: () => void }) {
  const { t } = useTranslation(['recruitment', 'errors']);
  const [resume, setResume] = useState<File | null>(null);
  const form = useFormValues({
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    source: 'JOB_BOARD' as CandidateSource,
    links: '',
  });
  const { values, set } = form;
  const save = useFormMutation({
    mutationFn: (input: ApplicationBody) => recruitmentApi.addCandidate(campaignId, input, resume),
    invalidate: [recruitmentKeys.all],
    success: t('messages.candidateAdded'),
    onSuccess: onClose,
  });
  const errors = save.fieldErrors;
  const text = (field: 'firstName' | 'lastName' | 'email' | 'phone' | 'links', wide = false) => (
    <div className={`lv-field${wide ? ' lv-wide' : ''}`}>
      <label htmlFor={`candidate-${field}`}>{t(`fields.${field}`)}</label>
      <InputText
        id={`candidate-${field}`}
        name={field}
        value={values[field]}
        invalid={Boolean(errors[field])}
        onChange={(e) => (set(field, e.target.value), save.clear(field))}
        data-testid={`candidate-${field}`}
      />
      {fieldError(errors, field)}
    </div>
  );
  return (
    <FormDialog
      header={t('candidate.addTitle')}
      formId={form.formId}
      dirty={form.dirty}
      save={save}
      onClose={onClose}
      testId="candidate-form"
      onSubmit={async () => {
        const problem = resume
          ? await checkFile(resume, { types: RESUME_TYPES, maxBytes: RESUME_MAX_MB * 1024 * 1024 }, 'resume')
          : null;
        if (problem)
          return save.setProblems({ resume: t(`errors:validation.${problem.code}`, problem.params ?? {}) });
        void save.submit({
          firstName: values.firstName,
          lastName: values.lastName,
          email: values.email.trim(),
          phone: values.phone.trim() || null,
          source: values.source,
          links: values.links.split(/\s+/).filter(Boolean),
        });
      }}
    >
      {text('firstName')}
      {text('lastName')}
      {text('email')}
      {text('phone')}
      <div className="lv-field">
        <label htmlFor="candidate-source">{t('fields.source')}</label>
        <Dropdown
          inputId="candidate-source"
          value={values.source}
          options={CANDIDATE_SOURCES.map((s) => ({ value: s, label: t(`sources.${s}`) }))}
          onChange={(e) => set('source', e.value)}
        />
      </div>
      {text('links', true)}
      <div className="lv-field lv-wide">
        <label htmlFor="candidate-resume">{t('fields.resume')}</label>
        <input
          id="candidate-resume"
          type="file"
          accept="application/pdf"
          onChange={(e) => (setResume(e.target.files?.[0] ?? null), save.clear('resume'))}
          data-testid="candidate-resume"
        />
        <small>{t('candidate.resumeHelp', { number: RESUME_MAX_MB })}</small>
        {fieldError(errors, 'resume')}
      </div>
    </FormDialog>
  );
}
