import { Button } from 'primereact/button';
import { SplitButton } from 'primereact/splitbutton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmployeeSummary, ExportFormat } from '../../../shared/employees.schemas.ts';
import { usePermission, useSession } from '../../api/session.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { profileApi } from './profile.api.ts';

interface Props {
  selected: EmployeeSummary[];
  onClear: () => void;
  /** Runs a change, then shows `done` and reloads the list (or the error as a toast). */
  run: (action: () => Promise<unknown>, done: string) => Promise<unknown>;
  onError: (error: unknown) => void;
}

/**
 * What can be done to the people ticked in the list: invite the pending ones, deactivate, export.
 * Each button counts the people it will act on, so nobody is surprised by who is left out.
 */
export function EmployeeBulkBar({ selected, onClear, run, onError }: Props) {
  const { t } = useTranslation('profile');
  const session = useSession();
  const canManage = usePermission('employees.manage');
  const canExport = usePermission('employees.export');
  const [confirming, setConfirming] = useState(false);
  const [exporting, setExporting] = useState(false);
  if (selected.length === 0) return null;

  const pending = selected.filter((p) => p.status === 'PENDING');
  // Nobody deactivates themselves; those already inactive stay as they are.
  const deactivatable = selected.filter((p) => p.status !== 'INACTIVE' && p.id !== session?.user.id);

  async function exportAs(format: ExportFormat) {
    setExporting(true);
    try {
      await profileApi.exportSelected(
        selected.map((p) => p.id),
        format,
      );
    } catch (error) {
      onError(error);
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="profile-bulk" role="region" aria-label={t('bulk.label')} data-testid="bulk-bar">
      <strong>{t('bulk.selected', { count: selected.length })}</strong>
      {canManage && (
        <Button
          outlined
          size="small"
          icon="pi pi-send"
          label={t('bulk.invite', { count: pending.length })}
          disabled={pending.length === 0}
          onClick={() =>
            void run(
              () => profileApi.inviteSelected(pending.map((p) => p.id)),
              t('bulk.invited', { count: pending.length }),
            ).then(onClear)
          }
          data-testid="bulk-invite"
        />
      )}
      {canManage && (
        <Button
          outlined
          size="small"
          severity="warning"
          icon="pi pi-ban"
          label={t('bulk.deactivate', { count: deactivatable.length })}
          disabled={deactivatable.length === 0}
          onClick={() => setConfirming(true)}
          data-testid="bulk-deactivate"
        />
      )}
      {canExport && (
        <SplitButton
          outlined
          size="small"
          icon="pi pi-download"
          label={t('bulk.export')}
          loading={exporting}
          onClick={() => void exportAs('xlsx')}
          model={[
            { label: t('bulk.exportXlsx'), command: () => void exportAs('xlsx') },
            { label: t('bulk.exportCsv'), command: () => void exportAs('csv') },
          ]}
          data-testid="bulk-export"
        />
      )}
      <Button text size="small" icon="pi pi-times" label={t('bulk.clear')} onClick={onClear} />
      <ConfirmAction
        visible={confirming}
        onCancel={() => setConfirming(false)}
        title={t('bulk.confirmTitle', { count: deactivatable.length })}
        message={t('bulk.confirmBody')}
        action={t('bulk.deactivate', { count: deactivatable.length })}
        severity="warning"
        onConfirm={() =>
          void run(
            () => profileApi.deactivateSelected(deactivatable.map((p) => p.id)),
            t('bulk.deactivated', { count: deactivatable.length }),
          ).then(() => {
            setConfirming(false);
            onClear();
          })
        }
      />
    </div>
  );
}
