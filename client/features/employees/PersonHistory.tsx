import { Message } from 'primereact/message';
import { Paginator } from 'primereact/paginator';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors.ts';
import type { HistoryChange, HistoryEvent } from '../../../shared/employee-profile.schemas.ts';
import { HISTORY_PAGE_SIZE } from '../../../shared/employee-profile.schemas.ts';
import { formatDateTime } from '../../../shared/rules/date-time.ts';
import { formatDate } from '../../../shared/rules/format.ts';
import { usePersonHistory } from './profile.queries.ts';

/** Translation prefixes of the enum fields a history can mention. */
const ENUM_LABELS: Record<string, string> = {
  status: 'people:status',
  gender: 'people:gender',
  contractType: 'people:contractType',
  language: 'people:languages',
};

/** A person's history of changes, newest first, ten at a time: who did what, when, from what to what. */
export function PersonHistory({ personId }: { personId: string }) {
  const { t } = useTranslation(['profile', 'people', 'errors']);
  const [page, setPage] = useState(1);
  const history = usePersonHistory(personId, page);

  const value = (change: HistoryChange, raw: string | null) => {
    if (raw === null) return t('history.none');
    if (change.kind === 'date') return formatDate(raw);
    if (change.kind === 'enum' && ENUM_LABELS[change.field]) return t(`${ENUM_LABELS[change.field]}.${raw}`);
    return raw;
  };

  const sentence = (event: HistoryEvent) => {
    const details = {
      role: event.details.roleName ?? '',
      kind: event.details.fileKind ? t(`people:fileKind.${event.details.fileKind}`) : '',
      fileName: event.details.fileName ?? '',
    };
    const text = t(`history.actions.${event.action}`, { ...details, defaultValue: '' });
    return text || t('history.actions.other', { action: event.action });
  };

  return (
    <section className="people-card" data-testid="profile-history" aria-label={t('sections.history')}>
      <div className="profile-card__head">
        <h3>{t('sections.history')}</h3>
      </div>
      {history.isError && <Message severity="error" text={errorMessage(history.error, t)} />}
      {history.data && history.data.items.length === 0 && <p>{t('history.empty')}</p>}
      {history.isLoading && <p role="status">{t('history.loading')}</p>}
      <ol className="profile-history" aria-busy={history.isFetching}>
        {history.data?.items.map((event) => {
          const when = formatDateTime(event.occurredAt);
          return (
            <li key={event.id} data-testid="history-event">
              <time dateTime={event.occurredAt} title={when.timeZone}>
                {when.text}
              </time>
              <div>
                <p>
                  <strong>{event.actor.system ? t('history.system') : event.actor.name}</strong>{' '}
                  {sentence(event)}
                  {event.details.source === 'import' && <> {t('history.fromImport')}</>}
                </p>
                {event.changes.length > 0 && (
                  <ul>
                    {event.changes.map((change) => (
                      <li key={change.field}>
                        {t(`people:fields.${change.field}`)}:{' '}
                        {change.kind === 'hidden' ? (
                          <em>{t('history.hidden')}</em>
                        ) : (
                          <>
                            <del>{value(change, change.before)}</del> →{' '}
                            <ins>{value(change, change.after)}</ins>
                          </>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      {history.data && history.data.total > HISTORY_PAGE_SIZE && (
        <Paginator
          first={(page - 1) * HISTORY_PAGE_SIZE}
          rows={HISTORY_PAGE_SIZE}
          totalRecords={history.data.total}
          onPageChange={(event) => setPage(event.page + 1)}
          template="PrevPageLink CurrentPageReport NextPageLink"
          currentPageReportTemplate={t('history.pageReport')}
        />
      )}
    </section>
  );
}
