import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { SelectButton } from 'primereact/selectbutton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../shared/i18n/index.ts';
import {
  LEGAL_KINDS,
  LEGAL_TEXT_MAX,
  type LegalKind,
  type LegalPage,
} from '../../../shared/legal.schemas.ts';
import { formatDate } from '../../../shared/rules/format.ts';
import { errorMessage } from '../../api/errors.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { useUnsavedChanges } from '../../forms/UnsavedChangesGuard.tsx';
import { legalApi } from '../legal/legal.api.ts';
import { legalKeys, useLegalPages } from '../legal/legal.queries.ts';

/** Platform settings: the text of the terms of service and the privacy policy, in each language. */
export function LegalPagesCard({ onSaved }: { onSaved: (message: string) => void }) {
  const { t } = useTranslation(['legal', 'errors']);
  const queryClient = useQueryClient();
  const pages = useLegalPages();
  const [kind, setKind] = useState<LegalKind>('terms');
  const [language, setLanguage] = useState<Language>('en');
  const current = pages.data?.items.find((p) => p.kind === kind && p.language === language);
  return (
    <section className="settings-card" data-testid="legal-pages-card">
      <h2>{t('settings.title')}</h2>
      <p>{t('settings.intro')}</p>
      <div className="profile-actions" style={{ marginTop: 0 }}>
        <SelectButton
          value={kind}
          options={LEGAL_KINDS.map((value) => ({ value, label: t(`titles.${value}`) }))}
          allowEmpty={false}
          onChange={(event) => setKind(event.value as LegalKind)}
          aria-label={t('settings.page')}
        />
        <SelectButton
          value={language}
          options={LANGUAGES.map((value) => ({ value, label: t(`settings.languages.${value}`) }))}
          allowEmpty={false}
          onChange={(event) => setLanguage(event.value as Language)}
          aria-label={t('settings.language')}
        />
      </div>
      {pages.isError && <Message severity="error" text={errorMessage(pages.error, t)} />}
      {current && (
        <Editor
          key={`${kind}-${language}-${current.updatedAt ?? 'default'}`}
          page={current}
          onSave={async (content) => {
            await legalApi.update(kind, language, content);
            await queryClient.invalidateQueries({ queryKey: legalKeys.all });
            onSaved(t('settings.saved', { page: t(`titles.${kind}`) }));
          }}
        />
      )}
    </section>
  );
}

function Editor({ page, onSave }: { page: LegalPage; onSave: (content: string) => Promise<void> }) {
  const { t } = useTranslation(['legal', 'errors']);
  const form = useFormValues({ content: page.content });
  const guard = useUnsavedChanges(form.dirty);
  const save = useFormMutation({
    mutationFn: ({ content }: { content: string }) => onSave(content),
    onSuccess: () => {
      guard.release();
      form.markSaved();
    },
  });
  const error = save.fieldErrors.content ?? save.message;

  function submit() {
    const { content } = form.values;
    if (!content.trim()) {
      save.setProblems({ content: t(content ? 'errors:validation.blank' : 'errors:validation.required') });
      return;
    }
    void save.submit({ content });
  }

  return (
    <form
      id={form.formId}
      className="form-stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {guard.prompt}
      <p className="legal-settings__state" data-testid="legal-page-state">
        {page.custom && page.updatedAt
          ? t('settings.editedOn', { date: formatDate(page.updatedAt) })
          : t('settings.builtIn')}{' '}
        <a href={`/${page.kind}`} target="_blank" rel="noreferrer">
          {t('settings.open')}
        </a>
      </p>
      <label htmlFor="legal-content">{t('settings.content')}</label>
      <InputTextarea
        id="legal-content"
        name="content"
        value={form.values.content}
        rows={14}
        maxLength={LEGAL_TEXT_MAX}
        invalid={Boolean(error)}
        aria-describedby="legal-content-hint"
        style={{ width: '100%', fontFamily: 'inherit' }}
        onChange={(event) => {
          form.set('content', event.target.value);
          save.clear('content');
        }}
      />
      <small id="legal-content-hint">{t('settings.hint')}</small>
      {error && (
        <small className="field-error" role="alert">
          {error}
        </small>
      )}
      <div>
        <Button
          type="submit"
          icon="pi pi-check"
          label={t('settings.save')}
          loading={save.submitting}
          data-testid="legal-save"
        />
      </div>
    </form>
  );
}
