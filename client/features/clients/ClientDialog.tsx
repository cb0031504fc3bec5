import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useTranslation } from 'react-i18next';
import { CLIENT_TYPES, type Client, type ClientType } from '../../../shared/projects.schemas.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { useUnsavedChanges } from '../../forms/UnsavedChangesGuard.tsx';
import { projectKeys } from '../projects/projects.queries.ts';
import { clientsApi, type ClientInput } from './clients.api.ts';
import { clientKeys } from './clients.queries.ts';

/** Create or edit a client: name, type, email and description. */
export function ClientDialog({
  client,
  onClose,
  onSaved,
}: {
  client: Client | null;
  onClose: () => void;
  onSaved: (saved: Client) => void;
}) {
  const { t } = useTranslation(['projects', 'errors']);
  const form = useFormValues({
    name: client?.name ?? '',
    type: (client?.type ?? 'EXTERNAL') as ClientType,
    email: client?.email ?? '',
    description: client?.description ?? '',
  });
  const guard = useUnsavedChanges(form.dirty);
  const save = useFormMutation({
    mutationFn: (input: ClientInput) =>
      client ? clientsApi.update(client.id, input) : clientsApi.create(input),
    // Names, counts and statuses of clients show in the project lists too.
    invalidate: [clientKeys.all, projectKeys.all],
    onSuccess: (saved) => {
      guard.release();
      onSaved(saved);
    },
  });
  const { values, set } = form;
  const errors = save.fieldErrors;

  function submit() {
    // The required name is checked here too, so an empty form says so without a round trip.
    if (!values.name.trim()) {
      save.setProblems({ name: t('errors:validation.required') });
      return;
    }
    void save.submit({
      name: values.name,
      type: values.type,
      email: values.email.trim() || null,
      description: values.description.trim() || null,
    });
  }

  const change = <K extends keyof typeof values>(field: K, value: (typeof values)[K]) => {
    set(field, value);
    save.clear(field);
  };
  const fieldError = (field: string) =>
    errors[field] ? (
      <small className="pm-error" role="alert">
        {errors[field]}
      </small>
    ) : null;

  return (
    <Dialog
      visible
      header={client ? t('clients.editTitle') : t('clients.createTitle')}
      onHide={onClose}
      className="form-dialog"
      style={{ width: 'min(36rem, 96vw)' }}
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
            data-testid="client-save"
          />
        </div>
      }
    >
      {guard.prompt}
      <form
        id={form.formId}
        className="pm-page"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {save.message && (
          <p className="pm-error" role="alert">
            {save.message}
          </p>
        )}
        <div className="pm-field">
          <label htmlFor="client-name">
            {t('fields.name')}
            <span className="pm-required">*</span>
          </label>
          <InputText
            id="client-name"
            name="name"
            value={values.name}
            maxLength={255}
            invalid={Boolean(errors.name)}
            onChange={(event) => change('name', event.target.value)}
            data-pc-autofocus="true"
          />
          {fieldError('name')}
        </div>
        <div className="pm-field">
          <label htmlFor="client-type">{t('fields.type')}</label>
          <Dropdown
            inputId="client-type"
            value={values.type}
            options={CLIENT_TYPES.map((value) => ({ value, label: t(`clientType.${value}`) }))}
            onChange={(event) => change('type', event.value as ClientType)}
          />
          {fieldError('type')}
        </div>
        <div className="pm-field">
          <label htmlFor="client-email">{t('fields.email')}</label>
          <InputText
            id="client-email"
            name="email"
            type="email"
            value={values.email}
            maxLength={255}
            invalid={Boolean(errors.email)}
            onChange={(event) => change('email', event.target.value)}
          />
          {fieldError('email')}
        </div>
        <div className="pm-field">
          <label htmlFor="client-description">{t('fields.description')}</label>
          <InputTextarea
            id="client-description"
            name="description"
            value={values.description}
            rows={3}
            autoResize
            maxLength={5000}
            invalid={Boolean(errors.description)}
            onChange={(event) => change('description', event.target.value)}
          />
          {fieldError('description')}
        </div>
      </form>
    </Dialog>
  );
}
