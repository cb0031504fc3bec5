import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PASSWORD_STANDINGS,
  type PasswordExpiryRow,
  type PasswordStanding,
} from '../../../shared/platform-settings.schemas.ts';
import { formatDate, fullName } from '../../../shared/rules/format.ts';
import { errorMessage } from '../../api/errors.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useFormMutation, useRunAction } from '../../forms/use-form-mutation.ts';
import { SearchBox } from '../../tables/SearchBox.tsx';
import { usePagedTable } from '../../tables/use-paged-table.ts';
import { PasswordPolicyCard } from '../settings/PasswordPolicyCard.tsx';
import { platformSettingsApi } from './platform-settings.api.ts';
import { platformSettingsKeys, usePasswordExpiries } from './platform-settings.queries.ts';

const SEVERITY = { EXPIRED: 'danger', EXPIRING_SOON: 'warning', OK: 'success', NEVER: 'secondary' } as const;

/** SECURITY: the password policy (maximum age, reminder days) and who expires when, with reminders. */
export function SecuritySection() {
  const { t } = useTranslation('platformSettings');
  const queryClient = useQueryClient();
  return (
    <div className="settings-page__column" style={{ gridColumn: '1 / -1' }}>
      <PasswordPolicyCard
        hint={t('security.policyBounds')}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: platformSettingsKeys.expiries })}
      />
      <PasswordExpiriesCard />
    </div>
  );
}

function PasswordExpiriesCard() {
  const { t } = useTranslation(['platformSettings', 'errors']);
  // Page and filters live in the address (`expiries.page`, `expiries.search`…), like every list.
  const table = usePagedTable({
    prefix: 'expiries',
    filters: { search: 'text', status: 'text' },
    pageSizes: [10, 20, 50],
    defaultPerPage: 10,
  });
  const { search = '', status } = table.filters;
  const [confirming, setConfirming] = useState(false);
  const list = usePasswordExpiries({
    page: table.query.page,
    perPage: table.query.perPage,
    ...(search && { search }),
    ...(status && { status: status as PasswordStanding }),
  });
  const run = useRunAction([platformSettingsKeys.expiries]);
  const remindAll = useFormMutation({
    mutationFn: () => platformSettingsApi.remindAll(),
    success: (result) => t('security.remindedAll', { count: result.reminded }),
    invalidate: [platformSettingsKeys.expiries],
    failure: 'toast',
  });
  return (
    <section className="settings-card" data-testid="password-expiries-card">
      <h2>{t('security.expiriesTitle')}</h2>
      <p>{t('security.expiriesIntro')}</p>
      <div className="profile-actions" style={{ marginTop: 0, flexWrap: 'wrap' }}>
        <SearchBox
          value={search}
          onSearch={(value) => table.setFilters({ ...table.filters, search: value })}
          placeholder={t('security.search')}
          label={t('security.search')}
          testId="password-expiries-search"
        />
        <Dropdown
          value={status ?? null}
          options={PASSWORD_STANDINGS.map((value) => ({ value, label: t(`security.statuses.${value}`) }))}
          placeholder={t('security.allStatuses')}
          showClear
          aria-label={t('security.status')}
          onChange={(event) =>
            table.setFilters({
              ...table.filters,
              status: (event.value as PasswordStanding | undefined) ?? undefined,
            })
          }
        />
        <Button
          label={t('security.remindAll')}
          icon="pi pi-send"
          outlined
          data-testid="remind-all"
          onClick={() => setConfirming(true)}
        />
      </div>
      {list.isError && <Message severity="error" text={errorMessage(list.error, t)} />}
      <DataTable
        {...table.tableProps(list.data, list.isFetching)}
        dataKey="userId"
        emptyMessage={t('security.empty')}
        size="small"
        data-testid="password-expiries-table"
      >
        <Column
          header={t('security.person')}
          body={(row: PasswordExpiryRow) => (
            <span>
              {fullName(row)}
              <br />
              <small>{row.email}</small>
            </span>
          )}
        />
        <Column
          header={t('security.department')}
          body={(row: PasswordExpiryRow) => row.department ?? t('security.none')}
        />
        <Column
          header={t('security.lastChanged')}
          body={(row: PasswordExpiryRow) =>
            row.passwordChangedAt ? formatDate(row.passwordChangedAt) : t('security.none')
          }
        />
        <Column
          header={t('security.expiresOn')}
          body={(row: PasswordExpiryRow) => (row.expiresAt ? formatDate(row.expiresAt) : t('security.none'))}
        />
        <Column
          header={t('security.status')}
          body={(row: PasswordExpiryRow) => (
            <span data-testid="password-expiry-status">
              <Tag severity={SEVERITY[row.status]} value={t(`security.statuses.${row.status}`)} />
              {row.remindedAt && (
                <>
                  <br />
                  <small>{t('security.remindedOn', { date: formatDate(row.remindedAt) })}</small>
                </>
              )}
            </span>
          )}
        />
        <Column
          body={(row: PasswordExpiryRow) => (
            <Button
              label={t('security.remind')}
              text
              size="small"
              data-testid="remind-one"
              disabled={row.status === 'NEVER'}
              tooltip={row.status === 'NEVER' ? t('security.remindNotNeeded') : undefined}
              tooltipOptions={{ showOnDisabled: true }}
              onClick={() =>
                void run(
                  () => platformSettingsApi.remind(row.userId),
                  t('security.reminded', { name: fullName(row) }),
                )
              }
            />
          )}
        />
      </DataTable>
      <ConfirmAction
        visible={confirming}
        title={t('security.remindAll')}
        message={t('security.remindAllConfirm')}
        action={t('security.remindAll')}
        severity="primary"
        onCancel={() => setConfirming(false)}
        busy={remindAll.submitting}
        onConfirm={() => {
          setConfirming(false);
          void remindAll.submit(undefined);
        }}
      />
    </section>
  );
}
