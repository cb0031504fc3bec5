import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import type { Connection, SyncRun } from '../../../shared/connections.schemas.ts';
import { formatDateTime } from '../../../shared/rules/date-time.ts';
import type { Translate } from '../../../shared/rules/problems.ts';

/** Why a run failed, in the reader's language (the HTTP status or the like in brackets). */
export function runError(run: Pick<SyncRun, 'errorCode' | 'errorDetail'>, t: Translate): string {
  return t(`connections:providerError.${run.errorCode ?? 'FAILED'}`, { detail: run.errorDetail ?? '—' });
}

/** Fresh, stale or never synced, as a tag; the failure's reason on hover. */
export function SyncStateTag({ state, title }: { state: Connection['syncState']; title?: string }) {
  const { t } = useTranslation('connections');
  const severity = state === 'FRESH' ? 'success' : state === 'STALE' ? 'warning' : 'secondary';
  return (
    <span title={title} data-testid="sync-state">
      <Tag
        value={t(`ui.syncState.${state}`)}
        severity={severity}
        icon={state === 'STALE' ? 'pi pi-exclamation-triangle' : undefined}
      />
    </span>
  );
}

/** The last run of a connection: when it ended and how, with the reason of a failure. */
export function LastSync({ connection }: { connection: Connection }) {
  const { t } = useTranslation('connections');
  const run = connection.lastSync;
  const failure = run?.status === 'FAILED' ? runError(run, t) : undefined;
  return (
    <div className="cx-sync">
      <SyncStateTag state={connection.syncState} title={failure} />
      {run && (
        <small className={run.status === 'FAILED' ? 'pm-error' : 'cx-hint'} data-testid="last-sync">
          {run.status === 'RUNNING'
            ? t('ui.running')
            : run.status === 'FAILED'
              ? connection.provider === 'FIGMA'
                ? t('ui.figmaSyncFailed')
                : t('ui.lastFailed', { reason: failure })
              : t('ui.lastSynced', { when: formatDateTime(run.finishedAt ?? run.startedAt).text })}
        </small>
      )}
    </div>
  );
}

/** Styles of the connection screens (beside the project screens' `pm-` ones). */
const CSS = `
.cx-sync { display: flex; flex-direction: column; gap: .2rem; align-items: flex-start; }
.cx-hint { color: var(--text-color-secondary, #6c757d); font-size: .85rem; }
.cx-token { font-family: ui-monospace, monospace; letter-spacing: .05em; }
.cx-ok { color: var(--green-700, #15803d); font-size: .9rem; }
.cx-groups { display: flex; flex-direction: column; gap: .75rem; max-height: 50vh; overflow: auto; }
.cx-groups h4 { margin: 0 0 .35rem; font-size: .95rem; display: flex; gap: .5rem; align-items: center; }
.cx-option { display: flex; gap: .5rem; align-items: center; padding: .2rem 0; }
/* The search and Connect side by side, at the right of the title (they wrapped under each other). */
.cx-actions { flex: 1 1 auto; justify-content: flex-end; }
`;

export function ConnectionStyles() {
  return (
    <style href="backoffice-connections" precedence="default">
      {CSS}
    </style>
  );
}
