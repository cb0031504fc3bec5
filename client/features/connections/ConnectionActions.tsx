import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Connection } from '../../../shared/connections.schemas.ts';
import { ApiError } from '../../api/errors.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { useRunAction } from '../../forms/use-form-mutation.ts';
import { connectionKeys, connectionsApi, useReloadConnections } from './connections.queries.ts';
import { runError } from './SyncBadge.tsx';

/** Sync now, change, activate or deactivate, remove: what the caller may do with one connection. */
export function ConnectionActions({
  connection,
  onEdit,
  onRemove,
  compact,
}: {
  connection: Connection;
  onEdit: (connection: Connection) => void;
  onRemove: (connection: Connection) => void;
  compact?: boolean;
}) {
  const { t } = useTranslation('connections');
  const run = useRunAction([connectionKeys.all]);
  const reload = useReloadConnections();
  const [syncing, setSyncing] = useState(false);
  const label = (text: string) => (compact ? undefined : text);
  const sync = async () => {
    setSyncing(true);
    try {
      // A failed run is an answer too: the toast says why, the table shows the stale data.
      await run(
        async () => {
          const result = await connectionsApi.sync(connection.id);
          await reload();
          if (result.status === 'FAILED')
            throw new ApiError(200, 'SYNC_FAILED', t('ui.lastFailed', { reason: runError(result, t) }));
        },
        t('ui.synced', { name: connection.name }),
      );
    } finally {
      setSyncing(false);
    }
  };
  return (
    <div className="pm-row-actions">
      {connection.abilities.sync && (
        <Button
          icon="pi pi-sync"
          label={label(t('ui.syncNow'))}
          text={compact}
          outlined={!compact}
          rounded={compact}
          loading={syncing}
          aria-label={t('ui.syncNow')}
          tooltip={compact ? t('ui.syncNow') : undefined}
          onClick={() => void sync()}
          data-testid="cx-sync"
        />
      )}
      {connection.abilities.edit && (
        <Button
          icon="pi pi-pencil"
          label={label(t('ui.edit'))}
          text={compact}
          outlined={!compact}
          rounded={compact}
          aria-label={t('ui.edit')}
          onClick={() => onEdit(connection)}
        />
      )}
      {connection.abilities.changeStatus && (
        <Button
          icon={connection.status === 'ACTIVE' ? 'pi pi-ban' : 'pi pi-check-circle'}
          label={label(t(connection.status === 'ACTIVE' ? 'ui.deactivate' : 'ui.activate'))}
          text={compact}
          outlined={!compact}
          rounded={compact}
          severity={connection.status === 'ACTIVE' ? 'warning' : 'success'}
          aria-label={t(connection.status === 'ACTIVE' ? 'ui.deactivate' : 'ui.activate')}
          onClick={() =>
            void run(
              () =>
                connectionsApi.setStatus(
                  connection.id,
                  connection.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE',
                ),
              t(connection.status === 'ACTIVE' ? 'ui.deactivated' : 'ui.activated', {
                name: connection.name,
              }),
            )
          }
          data-testid="cx-status"
        />
      )}
      {connection.abilities.delete && (
        <Button
          icon="pi pi-trash"
          label={label(t('ui.remove'))}
          text={compact}
          outlined={!compact}
          rounded={compact}
          severity="danger"
          aria-label={t('ui.remove')}
          onClick={() => onRemove(connection)}
        />
      )}
    </div>
  );
}

/** Removing a connection asks first: its token is erased, its data stops feeding work logs. */
export function RemoveConnection({
  connection,
  onClose,
  onRemoved,
}: {
  connection: Connection | null;
  onClose: () => void;
  onRemoved?: () => void;
}) {
  const { t } = useTranslation('connections');
  const run = useRunAction([connectionKeys.all]);
  return (
    <ConfirmAction
      visible={connection !== null}
      title={t('ui.removeTitle', { name: connection?.name ?? '' })}
      message={t('ui.removeBody')}
      action={t('ui.removeAction')}
      onCancel={onClose}
      onConfirm={() => {
        const target = connection!;
        onClose();
        void run(() => connectionsApi.remove(target.id), t('ui.removed', { name: target.name })).then(
          (done) => done && onRemoved?.(),
        );
      }}
    />
  );
}
