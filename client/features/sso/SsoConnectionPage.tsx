import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { MultiSelect } from 'primereact/multiselect';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import {
  SSO_CLIENT_TYPES,
  SSO_GRANT_TYPES,
  type SsoClientType,
  type SsoConnection,
  type SsoConnectionBody,
  type SsoPerson,
} from '../../../shared/sso.schemas.ts';
import { formatDate } from '../../../shared/rules/format.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { useFormValues } from '../../forms/use-form-values.ts';
import { SsoPeoplePicker } from './SsoPeoplePicker.tsx';
import { ssoApi, ssoKeys, useSsoConnection } from './sso.queries.ts';

type Group = { name: string; members: SsoPerson[] };
type Values = {
  name: string;
  url: string;
  callbackUrl: string;
  redirectUris: string;
  postLogoutRedirectUris: string;
  clientType: SsoClientType;
  grantTypes: string[];
  members: SsoPerson[];
  groups: Group[];
};

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const valuesOf = (c: SsoConnection | undefined): Values => ({
  name: c?.name ?? '',
  url: c?.url ?? '',
  callbackUrl: c?.callbackUrl ?? '',
  redirectUris: c?.redirectUris.join('\n') ?? '',
  postLogoutRedirectUris: c?.postLogoutRedirectUris.join('\n') ?? '',
  clientType: c?.clientType ?? 'CONFIDENTIAL',
  grantTypes: c?.grantTypes ?? ['authorization_code', 'refresh_token'],
  members: c?.members ?? [],
  groups: c?.groups.map((g) => ({ name: g.name, members: g.members })) ?? [],
});

/**
 * /account-management/sso-connection/:id (`new` registers one): the app's addresses, client type,
 * grant types, who may use it (people and groups), its credentials (the secret shown once, after
 * creating or rotating) and the endpoint URLs it needs.
 */
export default function SsoConnectionPage() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const connection = useSsoConnection(isNew ? null : id);
  if (!isNew && !connection.data)
    return (
      <div className="pm-page">{connection.isError ? <Message severity="error" text="404" /> : null}</div>
    );
  return <SsoConnectionForm key={connection.data?.updatedAt ?? 'new'} connection={connection.data} />;
}

function SsoConnectionForm({ connection }: { connection: SsoConnection | undefined }) {
  const { t } = useTranslation(['sso', 'errors']);
  const navigate = useNavigate();
  const form = useFormValues<Values>(valuesOf(connection));
  const { values, set } = form;
  // A secret handed over by the creating page (the address changed to the new id).
  const handed = (useLocation().state as { secret?: string } | null)?.secret;
  const [secret, setSecret] = useState<string | null>(handed ?? null);
  const [confirming, setConfirming] = useState<'delete' | 'rotate' | null>(null);
  const body = (): SsoConnectionBody => ({
    name: values.name.trim(),
    url: values.url.trim(),
    callbackUrl: values.callbackUrl.trim(),
    redirectUris: lines(values.redirectUris).length
      ? lines(values.redirectUris)
      : [values.callbackUrl.trim()],
    postLogoutRedirectUris: lines(values.postLogoutRedirectUris),
    clientType: values.clientType,
    responseTypes: ['code'],
    grantTypes: values.grantTypes as SsoConnectionBody['grantTypes'],
    groups: values.groups.map((g) => ({ name: g.name.trim(), memberIds: g.members.map((m) => m.id) })),
    memberIds: values.members.map((m) => m.id),
  });
  const save = useFormMutation({
    mutationFn: () => (connection ? ssoApi.update(connection.id, body()) : ssoApi.create(body())),
    invalidate: [ssoKeys.all],
    success: t('form.saved'),
    onSuccess: (saved) => {
      form.markSaved();
      if (saved.clientSecret) setSecret(saved.clientSecret);
      if (!connection)
        void navigate(`/account-management/sso-connection/${saved.id}`, {
          replace: true,
          state: { secret: saved.clientSecret },
        });
    },
  });
  const rotate = useFormMutation({
    mutationFn: () => ssoApi.rotateSecret(connection!.id),
    invalidate: [ssoKeys.all],
    onSuccess: (saved) => {
      setConfirming(null);
      setSecret(saved.clientSecret ?? null);
    },
  });
  const remove = useFormMutation({
    mutationFn: () => ssoApi.remove(connection!.id),
    invalidate: [ssoKeys.all],
    success: t('form.deleted'),
    onSuccess: () => void navigate('/account-management/sso-connections'),
  });
  const err = (field: string) => save.fieldErrors[field];
  const field = (name: keyof Values, label: string, input: React.ReactNode) => (
    <div className="field" style={{ marginBottom: '1rem' }}>
      <label htmlFor={`sso-${name}`} style={{ display: 'block', fontWeight: 600 }}>
        {label}
      </label>
      {input}
      {err(name) && <small className="p-error">{err(name)}</small>}
    </div>
  );
  const text = (name: 'name' | 'url' | 'callbackUrl') =>
    field(
      name,
      t(`form.${name}`),
      <InputText
        id={`sso-${name}`}
        name={name}
        value={values[name]}
        invalid={!!err(name)}
        onChange={(e) => {
          set(name, e.target.value);
          save.clear(name);
        }}
        style={{ width: '100%' }}
      />,
    );
  return (
    <div className="pm-page" data-testid="sso-connection-page" style={{ maxWidth: '52rem' }}>
      <p>
        <Link to="/account-management/sso-connections">← {t('form.back')}</Link>
      </p>
      <h2>{connection ? `${t('form.editTitle')}: ${connection.name}` : t('form.newTitle')}</h2>
      {secret && (
        <Message
          severity="warn"
          data-testid="sso-secret"
          content={
            <div>
              <strong>{t('credentials.secretOnce')}</strong>
              <pre style={{ userSelect: 'all', whiteSpace: 'pre-wrap' }}>{secret}</pre>
            </div>
          }
        />
      )}
      {save.message && <Message severity="error" text={save.message} />}
      <form
        id={form.formId}
        onSubmit={(e) => {
          e.preventDefault();
          void save.submit(undefined);
        }}
      >
        {text('name')}
        {text('url')}
        {text('callbackUrl')}
        {(['redirectUris', 'postLogoutRedirectUris'] as const).map((name) =>
          field(
            name,
            t(`form.${name}`),
            <InputTextarea
              id={`sso-${name}`}
              name={name}
              rows={3}
              value={values[name]}
              invalid={!!err(name)}
              onChange={(e) => {
                set(name, e.target.value);
                save.clear(name);
              }}
              style={{ width: '100%' }}
            />,
          ),
        )}
        {field(
          'clientType',
          t('form.clientType'),
          <Dropdown
            inputId="sso-clientType"
            value={values.clientType}
            options={SSO_CLIENT_TYPES.map((value) => ({ value, label: t(`clientTypes.${value}`) }))}
            onChange={(e) => set('clientType', e.value as SsoClientType)}
            style={{ width: '100%' }}
          />,
        )}
        {field(
          'grantTypes',
          t('form.grantTypes'),
          <MultiSelect
            inputId="sso-grantTypes"
            value={values.grantTypes}
            options={SSO_GRANT_TYPES.map((value) => ({ value, label: value }))}
            onChange={(e) => set('grantTypes', e.value as string[])}
            display="chip"
            style={{ width: '100%' }}
          />,
        )}
        {field(
          'members',
          t('form.members'),
          <SsoPeoplePicker
            inputId="sso-members"
            value={values.members}
            onChange={(people) => set('members', people)}
            invalid={!!err('memberIds')}
            testId="sso-members"
          />,
        )}
        <fieldset style={{ marginBottom: '1rem' }}>
          <legend>{t('form.groups')}</legend>
          {err('groups') && (
            <small className="p-error" data-testid="sso-groups-error">
              {err('groups')}
            </small>
          )}
          {values.groups.map((group, index) => (
            <div
              key={index}
              style={{
                display: 'grid',
                gridTemplateColumns: '12rem 1fr auto',
                gap: '0.5rem',
                marginBottom: '0.5rem',
              }}
            >
              <InputText
                aria-label={t('form.groupName')}
                name={`groups.${index}.name`}
                value={group.name}
                onChange={(e) => {
                  set(
                    'groups',
                    values.groups.map((g, i) => (i === index ? { ...g, name: e.target.value } : g)),
                  );
                  save.clear('groups');
                }}
                data-testid={`sso-group-name-${index}`}
              />
              <SsoPeoplePicker
                inputId={`sso-group-${index}`}
                value={group.members}
                onChange={(people) =>
                  set(
                    'groups',
                    values.groups.map((g, i) => (i === index ? { ...g, members: people } : g)),
                  )
                }
              />
              <Button
                type="button"
                icon="pi pi-times"
                text
                aria-label={t('form.removeGroup')}
                onClick={() =>
                  set(
                    'groups',
                    values.groups.filter((_, i) => i !== index),
                  )
                }
              />
            </div>
          ))}
          <Button
            type="button"
            label={t('form.addGroup')}
            icon="pi pi-plus"
            text
            onClick={() => set('groups', [...values.groups, { name: '', members: [] }])}
            data-testid="sso-add-group"
          />
        </fieldset>
        <div style={{ display: 'flex', gap: '0.5rem' }}>
          <Button
            type="submit"
            form={form.formId}
            label={t('form.save')}
            loading={save.submitting}
            data-testid="sso-save"
          />
          {connection && (
            <Button
              type="button"
              label={t('form.delete')}
              severity="danger"
              outlined
              onClick={() => setConfirming('delete')}
            />
          )}
        </div>
      </form>
      {connection && <Credentials connection={connection} onRotate={() => setConfirming('rotate')} />}
      {connection && (
        <>
          <ConfirmAction
            visible={confirming === 'delete'}
            title={t('form.delete')}
            message={t('form.deleteConfirm', { name: connection.name })}
            action={t('form.delete')}
            busy={remove.submitting}
            onConfirm={() => void remove.submit(undefined)}
            onCancel={() => setConfirming(null)}
          />
          <ConfirmAction
            visible={confirming === 'rotate'}
            title={t('form.rotate')}
            message={t('form.rotateConfirm', { name: connection.name })}
            action={t('form.rotate')}
            severity="warning"
            busy={rotate.submitting}
            onConfirm={() => void rotate.submit(undefined)}
            onCancel={() => setConfirming(null)}
          />
        </>
      )}
    </div>
  );
}

function Credentials({ connection, onRotate }: { connection: SsoConnection; onRotate: () => void }) {
  const { t } = useTranslation('sso');
  const endpoints = Object.entries(connection.endpoints) as Array<[keyof SsoConnection['endpoints'], string]>;
  return (
    <section style={{ marginTop: '2rem' }} data-testid="sso-credentials">
      <h3>{t('credentials.title')}</h3>
      <dl>
        <dt>{t('credentials.clientId')}</dt>
        <dd style={{ userSelect: 'all' }} data-testid="sso-client-id">
          {connection.clientId}
        </dd>
        <dt>{t('credentials.clientSecret')}</dt>
        <dd>
          {connection.clientType === 'PUBLIC' ? (
            t('credentials.noSecret')
          ) : (
            <>
              {t('credentials.secretHidden')}{' '}
              {connection.secretRotatedAt &&
                t('credentials.rotatedAt', { date: formatDate(connection.secretRotatedAt) })}{' '}
              <Button type="button" label={t('form.rotate')} size="small" outlined onClick={onRotate} />
            </>
          )}
        </dd>
      </dl>
      <h3>{t('endpoints.title')}</h3>
      <dl data-testid="sso-endpoints">
        {endpoints.map(([key, url]) => (
          <div key={key}>
            <dt>{t(`endpoints.${key}`)}</dt>
            <dd style={{ userSelect: 'all' }}>{url}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
