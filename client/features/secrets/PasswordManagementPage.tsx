import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecretSummary } from '../../../shared/secrets.schemas.ts';
import { errorMessage } from '../../api/errors.ts';
import { SecretDialog } from './SecretDialog.tsx';
import { SecretView } from './SecretView.tsx';
import { useSecrets, useVaultStatus } from './secrets.queries.ts';
import { lockVault, useVaultKeys } from './vault-session.ts';
import { VaultRecover, VaultSetup, VaultUnlock } from './VaultForms.tsx';
import { VaultStyles } from './VaultStyles.tsx';

/** The vault (spec: password management): set up, unlock, and the secrets shared with me. */
export default function PasswordManagementPage() {
  const { t } = useTranslation(['secrets', 'errors']);
  const { data: status, error } = useVaultStatus();
  const keys = useVaultKeys();
  const [recovering, setRecovering] = useState(false);
  return (
    <div className="vault-page">
      <VaultStyles />
      {error && <p className="vault-error">{errorMessage(error, t)}</p>}
      {status && !status.hasEncryptionKey && <VaultSetup />}
      {status?.hasEncryptionKey && !keys && !recovering && (
        <VaultUnlock status={status} onForgot={() => setRecovering(true)} />
      )}
      {status?.hasEncryptionKey && !keys && recovering && (
        <VaultRecover status={status} onDone={() => setRecovering(false)} />
      )}
      {keys && <SecretList />}
    </div>
  );
}

function SecretList() {
  const { t } = useTranslation('secrets');
  const keys = useVaultKeys()!;
  const [search, setSearch] = useState('');
  const [page, setPage] = useState({ page: 1, perPage: 20 });
  const { data, isFetching } = useSecrets({ search: search.trim() || undefined, ...page }, true);
  const [open, setOpen] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  return (
    <>
      <div className="vault-toolbar">
        <InputText
          aria-label={t('vault.search')}
          placeholder={t('vault.search')}
          value={search}
          onChange={(e) => (setSearch(e.target.value), setPage({ ...page, page: 1 }))}
        />
        <Button
          type="button"
          icon="pi pi-plus"
          label={t('vault.newSecret')}
          onClick={() => setCreating(true)}
        />
        <Button type="button" icon="pi pi-lock" outlined label={t('vault.lock')} onClick={lockVault} />
      </div>
      <small>{t('vault.autoLock')}</small>
      <DataTable
        value={data?.items ?? []}
        dataKey="id"
        lazy
        paginator
        loading={isFetching}
        first={(page.page - 1) * page.perPage}
        rows={page.perPage}
        totalRecords={data?.total ?? 0}
        onPage={(e) => setPage({ page: (e.page ?? 0) + 1, perPage: e.rows })}
        emptyMessage={t('vault.empty')}
        cellMemo={false}
        selectionMode="single"
        onRowClick={(e) => setOpen((e.data as SecretSummary).id)}
      >
        <Column
          header={t('vault.columns.name')}
          body={(s: SecretSummary) => (
            <a href="#" onClick={(e) => (e.preventDefault(), setOpen(s.id))}>
              {s.name}
            </a>
          )}
        />
        <Column header={t('vault.columns.type')} body={(s: SecretSummary) => t(`types.${s.type}`)} />
        <Column
          header={t('vault.columns.folder')}
          body={(s: SecretSummary) => [s.folder, ...s.tags.map((tag) => `#${tag}`)].filter(Boolean).join(' ')}
        />
        <Column
          header={t('vault.columns.role')}
          body={(s: SecretSummary) => (s.myRole ? t(`roles.${s.myRole}`) : '')}
        />
        <Column
          header={t('vault.columns.owner')}
          body={(s: SecretSummary) => (s.owner ? `${s.owner.firstName} ${s.owner.lastName}` : '')}
        />
      </DataTable>
      {creating && <SecretDialog keys={keys} onClose={() => setCreating(false)} />}
      {open && <SecretView id={open} keys={keys} onClose={() => setOpen(null)} />}
    </>
  );
}
