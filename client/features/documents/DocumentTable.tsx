import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import type { Document, DocumentPage } from '../../../shared/documents.schemas.ts';
import { formatDate } from '../../../shared/rules/format.ts';

/** A page of documents: title, category, current version, and the caller's (or HR's) acknowledgement state. */
export function DocumentTable({
  page,
  loading,
  emptyText,
  onOpen,
  onPage,
}: {
  page: DocumentPage | undefined;
  loading: boolean;
  emptyText: string;
  onOpen: (document: Document) => void;
  onPage: (page: number, perPage: number) => void;
}) {
  const { t } = useTranslation('documents');
  const status = (document: Document) => {
    if (document.acknowledgedCount !== null && document.audienceCount !== null)
      return (
        <span data-testid="doc-progress">
          {t('ui.progress', { done: document.acknowledgedCount, total: document.audienceCount })}
        </span>
      );
    if (!document.requiresAcknowledgement)
      return <span className="lv-hint">{t('ui.noAcknowledgement')}</span>;
    if (document.acknowledgedAt)
      return (
        <Tag
          severity="success"
          value={t('ui.acknowledgedOn', { date: formatDate(document.acknowledgedAt) })}
        />
      );
    if (document.abilities.acknowledge) return <Tag severity="warning" value={t('ui.mustAcknowledge')} />;
    return null;
  };
  return (
    <DataTable
      value={page?.items ?? []}
      dataKey="id"
      lazy
      paginator
      rows={page?.perPage ?? 20}
      first={((page?.currentPage ?? 1) - 1) * (page?.perPage ?? 20)}
      totalRecords={page?.total ?? 0}
      onPage={(event) => onPage((event.page ?? 0) + 1, event.rows)}
      loading={loading}
      emptyMessage={emptyText}
      cellMemo={false}
      data-testid="doc-table"
    >
      <Column
        header={t('ui.titleColumn')}
        body={(document: Document) => (
          <Button
            link
            className="p-0"
            label={document.title}
            onClick={() => onOpen(document)}
            data-testid="doc-open"
          />
        )}
      />
      <Column header={t('ui.category')} body={(document: Document) => t(`categories.${document.category}`)} />
      <Column
        header={t('ui.version')}
        body={(document: Document) => t('ui.versionNumber', { number: document.currentVersion.number })}
      />
      <Column header={t('ui.status')} body={status} />
    </DataTable>
  );
}
