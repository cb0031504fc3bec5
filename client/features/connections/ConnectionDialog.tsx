import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AVAILABLE_PROVIDERS,
  PROVIDER_CATALOGUE,
  type AvailableProvider,
  type Connection,
} from '../../../shared/connections.schemas.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { connectionKeys, connectionsApi } from './connections.queries.ts';

type Values = {
  name: string;
  provider: AvailableProvider;
  baseUrl: string;
  path: string;
  email: string;
  apiToken: string;
};

/**
 * Connect an account (or change one): name, service, address, path, the account's email and its
 * API token. "Test" asks the provider first; connecting tests again, so a refused token is never
 * kept. A change keeps the token unless a new one is typed.
 */
export function ConnectionDialog({
  connection,
  onClose,
}: {
  connection: Connection | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['connections', 'errors']);
  const form = useFormValues<Values>({
    name: connection?.name ?? '',
    provider: (connection?.provider as AvailableProvider | undefined) ?? AVAILABLE_PROVIDERS[0],
    baseUrl: connection?.baseUrl ?? '',
    path: connection?.path ?? '',
    email: connection?.email ?? '',
    apiToken: '',
  });
  const { values, set } = form;
  const [account, setAccount] = useState<string | null>(null);
  const input = () => ({
    name: values.name.trim(),
    provider: values.provider,
    baseUrl: values.baseUrl.trim(),
    path: values.path.trim(),
    email: values.email.trim() || null,
    apiToken: values.apiToken,
  });
  const save = useFormMutation({
    mutationFn: () => {
      const { provider: _provider, apiToken, ...rest } = input();
      return connection
        ? connectionsApi.update(connection.id, { ...rest, ...(apiToken && { apiToken }) })
        : connectionsApi.create({ ...rest, provider: values.provider, apiToken });
    },
    invalidate: [connectionKeys.all],
    success: connection ? t('ui.saved') : t('ui.connected', { name: values.name.trim() }),
    onSuccess: onClose,
  });
  const test = useFormMutation({
    mutationFn: () =>
      connection && !values.apiToken ? connectionsApi.retest(connection.id) : connectionsApi.test(input()),
    onSuccess: (result) => setAccount(result.account),
  });
  const errors = { ...test.fieldErrors, ...save.fieldErrors };
  const change = <K extends keyof Values>(field: K, value: Values[K]) => {
    set(field, value);
    save.clear(field);
    test.clear(field);
    setAccount(null);
  };
  const error = (field: string) =>
    errors[field] && (
      <small className="pm-error" role="alert">
        {errors[field]}
      </small>
    );
  const catalogue = PROVIDER_CATALOGUE[values.provider];
  const required = (problems: Record<string, string>) => {
    if (!values.name.trim()) problems.name = t('errors:validation.required');
    if (!values.baseUrl.trim()) problems.baseUrl = t('errors:validation.required');
    if (!connection && !values.apiToken) problems.apiToken = t('errors:validation.required');
    return problems;
  };
  return (
    <Dialog
      visible
      header={connection ? t('ui.editTitle', { name: connection.name }) : t('ui.connectTitle')}
      onHide={onClose}
      closeOnEscape={!form.dirty}
      className="form-dialog"
      style={{ width: 'min(38rem, 96vw)' }}
      draggable={false}
      footer={
        <div className="pm-footer">
          <Button type="button" label={t('ui.cancel')} text onClick={onClose} />
          <Button
            type="button"
            label={t('ui.test')}
            icon="pi pi-bolt"
            outlined
            loading={test.submitting}
            onClick={() => {
              const problems = required({});
              delete problems.name;
              if (Object.keys(problems).length) return test.setProblems(problems);
              void test.submit(undefined);
            }}
            data-testid="cx-test"
          />
          <Button
            type="submit"
            form={form.formId}
            label={connection ? t('ui.save') : t('ui.connect')}
            icon="pi pi-link"
            loading={save.submitting}
            data-testid="cx-submit"
          />
        </div>
      }
    >
      <form
        id={form.formId}
        className="pm-grid"
        noValidate
        autoComplete="off"
        onSubmit={(event) => {
          event.preventDefault();
          const problems = required({});
          if (Object.keys(problems).length) return save.setProblems(problems);
          void save.submit(undefined);
        }}
      >
        {(save.message || test.message) && (
          <p className="pm-error pm-field--wide" role="alert">
            {save.message ?? test.message}
          </p>
        )}
        {account && (
          <p className="cx-ok pm-field--wide" role="status" data-testid="cx-test-ok">
            <i className="pi pi-check-circle" /> {t('ui.testOk', { provider: catalogue.label, account })}
          </p>
        )}
        <div className="pm-field">
          <label htmlFor="cx-name">{t('ui.fields.name')}</label>
          <InputText
            id="cx-name"
            name="name"
            value={values.name}
            maxLength={255}
            onChange={(e) => change('name', e.target.value)}
          />
          {error('name')}
        </div>
        <div className="pm-field">
          <label htmlFor="cx-provider">{t('ui.fields.provider')}</label>
          <Dropdown
            inputId="cx-provider"
            value={values.provider}
            disabled={Boolean(connection)}
            options={AVAILABLE_PROVIDERS.map((value) => ({
              value,
              label: `${PROVIDER_CATALOGUE[value].label} · ${t(`ui.category.${PROVIDER_CATALOGUE[value].category}`)}`,
            }))}
            onChange={(e) => change('provider', e.value as AvailableProvider)}
          />
        </div>
        <div className="pm-field pm-field--wide">
          <label htmlFor="cx-base-url">{t('ui.fields.baseUrl')}</label>
          <InputText
            id="cx-base-url"
            name="baseUrl"
            value={values.baseUrl}
            placeholder={catalogue.defaultBaseUrl ?? 'https://your-site.atlassian.net'}
            onChange={(e) => change('baseUrl', e.target.value)}
            data-testid="cx-base-url"
          />
          {error('baseUrl')}
        </div>
        <div className="pm-field">
          <label htmlFor="cx-path">{t(`ui.path.${catalogue.path}`)}</label>
          <InputText
            id="cx-path"
            name="path"
            value={values.path}
            onChange={(e) => change('path', e.target.value)}
          />
          {error('path')}
        </div>
        {catalogue.auth === 'EMAIL_AND_TOKEN' && (
          <div className="pm-field">
            <label htmlFor="cx-email">{t('ui.fields.email')}</label>
            <InputText
              id="cx-email"
              name="email"
              type="email"
              value={values.email}
              onChange={(e) => change('email', e.target.value)}
              data-testid="cx-email"
            />
            <small className="cx-hint">{t('ui.emailHint')}</small>
            {error('email')}
          </div>
        )}
        <div className="pm-field pm-field--wide">
          <label htmlFor="cx-token">{t('ui.fields.apiToken')}</label>
          <InputText
            id="cx-token"
            name="apiToken"
            type="password"
            autoComplete="new-password"
            value={values.apiToken}
            placeholder={connection ? connection.maskedToken : undefined}
            onChange={(e) => change('apiToken', e.target.value)}
            data-testid="cx-token"
          />
          <small className="cx-hint">{connection ? t('ui.tokenKeep') : t('ui.tokenHint')}</small>
          {error('apiToken')}
        </div>
      </form>
    </Dialog>
  );
}
