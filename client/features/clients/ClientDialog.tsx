import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLIENT_TYPES, type Client, type ClientType } from '../../../shared/projects.schemas.ts';
import { failureOf } from '../projects/projects.queries.ts';
import { clientsApi, useClientChange } from './clients.queries.ts';

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
  const [name, setName] = useState(client?.name ?? '');
  const [type, setType] = useState<ClientType>(client?.type ?? 'EXTERNAL');
  const [email, setEmail] = useState(client?.email ?? '');
  const [description, setDescription] = useState(client?.description ?? '');
  const [problem, setProblem] = useState<ReturnType<typeof failureOf> | null>(null);
  const save = useClientChange(() => {
    const input = { name, type, email: email.trim() || null, description: description.trim() || null };
    return client ? clientsApi.update(client.id, input) : clientsApi.create(input);
  });

  function submit() {
    setProblem(null);
    // The required name is checked here too, so an empty form says so without a round trip.
    if (!name.trim()) {
      setProblem({ message: '', fields: { name: t('errors:validation.required') } });
      return;
    }
    save.mutate(undefined, { onSuccess: onSaved, onError: (error) => setProblem(failureOf(error, t)) });
  }

  const fieldError = (field: string) =>
    problem?.fields[field] ? <small className="pm-error">{problem.fields[field]}</small> : null;

  return (
    <Dialog
      visible
      header={client ? t('clients.editTitle') : t('clients.createTitle')}
      onHide={onClose}
      style={{ width: 'min(36rem, 96vw)' }}
      footer={
        <div className="pm-footer">
          <Button label={t('actions.cancel')} text onClick={onClose} />
          <Button
            label={t('actions.save')}
            icon="pi pi-check"
            loading={save.isPending}
            onClick={submit}
            data-testid="client-save"
          />
        </div>
      }
    >
      <form
        className="pm-page"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {problem?.message && !Object.keys(problem.fields).length && (
          <p className="pm-error" role="alert">
            {problem.message}
          </p>
        )}
        <div className="pm-field">
          <label htmlFor="client-name">
            {t('fields.name')}
            <span className="pm-required">*</span>
          </label>
          <InputText
            id="client-name"
            value={name}
            maxLength={255}
            invalid={Boolean(problem?.fields.name)}
            onChange={(event) => setName(event.target.value)}
            autoFocus
          />
          {fieldError('name')}
        </div>
        <div className="pm-field">
          <label htmlFor="client-type">{t('fields.type')}</label>
          <Dropdown
            inputId="client-type"
            value={type}
            options={CLIENT_TYPES.map((value) => ({ value, label: t(`clientType.${value}`) }))}
            onChange={(event) => setType(event.value as ClientType)}
          />
          {fieldError('type')}
        </div>
        <div className="pm-field">
          <label htmlFor="client-email">{t('fields.email')}</label>
          <InputText
            id="client-email"
            type="email"
            value={email}
            maxLength={255}
            invalid={Boolean(problem?.fields.email)}
            onChange={(event) => setEmail(event.target.value)}
          />
          {fieldError('email')}
        </div>
        <div className="pm-field">
          <label htmlFor="client-description">{t('fields.description')}</label>
          <InputTextarea
            id="client-description"
            value={description}
            rows={3}
            autoResize
            maxLength={5000}
            onChange={(event) => setDescription(event.target.value)}
          />
          {fieldError('description')}
        </div>
      </form>
    </Dialog>
  );
}
