import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OffboardingItem } from '../../../shared/connection-links.schemas.ts';
import { PROVIDER_CATALOGUE } from '../../../shared/connections.schemas.ts';
import { formatDate } from '../../../shared/rules/format.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useRunAction } from '../../forms/use-form-mutation.ts';
import { accountBoardApi, accountBoardKeys, useOffboardingChecklist } from './account-board.queries.ts';

const STATE_SEVERITY = { OPEN: 'warning', MANUAL: 'info', FAILED: 'danger', DONE: 'success' } as const;

/**
 * A deactivated person's offboarding checklist: each account they held, what to do with it, and
 * what came of it. Perform removes the member through the provider (after a confirmation: it
 * cannot be undone from here); Close marks an item done by hand.
 */
export function OffboardingChecklistCard({ userId }: { userId: string }) {
  const { t } = useTranslation('connections');
  const checklist = useOffboardingChecklist(userId);
  const run = useRunAction([accountBoardKeys.all]);
  const [performing, setPerforming] = useState<OffboardingItem | null>(null);
  if (!checklist.data) return null;
  const { items, open } = checklist.data;
  return (
    <section className="pm-card" data-testid="offboarding-checklist">
      <div className="pm-card__head">
        <h3>{t('ui.offboarding.title')}</h3>
        <Tag
          severity={open > 0 ? 'warning' : 'success'}
          value={open > 0 ? t('ui.offboarding.openCount', { count: open }) : t('ui.offboarding.allClosed')}
          data-testid="offboarding-open"
        />
      </div>
      <DataTable
        className="pm-table"
        value={items}
        dataKey="id"
        cellMemo={false}
        emptyMessage={t('ui.offboarding.empty')}
        rowClassName={() => 'offboarding-item'}
      >
        <Column
          header={t('ui.board.provider')}
          body={(i: OffboardingItem) => PROVIDER_CATALOGUE[i.provider].label}
        />
        <Column
          header={t('ui.columns.account')}
          body={(i: OffboardingItem) => (
            <span>
              {i.account}
              {i.connection && (
                <>
                  <br />
                  <small className="cx-hint">{i.connection.name}</small>
                </>
              )}
            </span>
          )}
        />
        <Column
          header={t('ui.offboarding.action')}
          body={(i: OffboardingItem) => t(`ui.offboarding.actions.${i.action}`)}
        />
        <Column
          header={t('ui.offboarding.result')}
          body={(i: OffboardingItem) => (
            <span data-testid="offboarding-state">
              <Tag severity={STATE_SEVERITY[i.state]} value={t(`ui.offboarding.states.${i.state}`)} />
              {i.resultCode && i.resultCode !== 'DONE' && (
                <>
                  <br />
                  <small className="cx-hint">
                    {t(`ui.offboarding.results.${i.resultCode}`, { defaultValue: i.resultCode })}
                    {i.resultDetail ? ` — ${i.resultDetail}` : ''}
                  </small>
                </>
              )}
              {(i.closedAt ?? i.attemptedAt) && (
                <>
                  <br />
                  <small className="cx-hint">{formatDate((i.closedAt ?? i.attemptedAt)!)}</small>
                </>
              )}
            </span>
          )}
        />
        <Column
          body={(i: OffboardingItem) => (
            <div className="pm-actions">
              {i.abilities.perform && (
                <Button
                  label={t('ui.offboarding.perform')}
                  icon="pi pi-user-minus"
                  size="small"
                  outlined
                  severity="danger"
                  onClick={() => setPerforming(i)}
                  data-testid="offboarding-perform"
                />
              )}
              {i.abilities.close && (
                <Button
                  label={t('ui.offboarding.close')}
                  icon="pi pi-check"
                  size="small"
                  text
                  onClick={() => void run(() => accountBoardApi.close(i.id), t('ui.offboarding.closed'))}
                  data-testid="offboarding-close"
                />
              )}
            </div>
          )}
        />
      </DataTable>
      <ConfirmAction
        visible={performing !== null}
        title={t('ui.offboarding.performTitle', { account: performing?.account ?? '' })}
        message={t('ui.offboarding.performBody', {
          provider: performing ? PROVIDER_CATALOGUE[performing.provider].label : '',
        })}
        action={t('ui.offboarding.perform')}
        onCancel={() => setPerforming(null)}
        onConfirm={() => {
          const item = performing!;
          setPerforming(null);
          void run(() => accountBoardApi.perform(item.id), t('ui.offboarding.performed'));
        }}
      />
    </section>
  );
}
