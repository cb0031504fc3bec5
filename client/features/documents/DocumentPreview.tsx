import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentVersion } from '../../../shared/documents.schemas.ts';
import { errorMessage } from '../../api/errors.ts';
import { useRunAction } from '../../forms/use-form-mutation.ts';
import { documentsApi, useDocumentFile } from './documents.queries.ts';

/**
 * A version shown in the page: a PDF in an <iframe> through an object URL (the element's own request
 * would carry no token), any other file as a download. Give it `key={version.id}`.
 */
export function DocumentPreview({ documentId, version }: { documentId: string; version: DocumentVersion }) {
  const { t } = useTranslation('documents');
  const isPdf = version.contentType === 'application/pdf';
  const blob = useDocumentFile(documentId, isPdf ? version.id : null);
  const run = useRunAction([]);
  const url = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : null), [blob.data]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return (
    <section className="inv-preview" aria-label={t('ui.preview')} data-testid="doc-preview">
      <div className="inv-files">
        <span>
          {version.fileName} · {t('ui.versionNumber', { number: version.number })}
        </span>
        <Button
          type="button"
          size="small"
          text
          icon="pi pi-download"
          label={t('ui.download')}
          onClick={() => void run(() => documentsApi.downloadFile(documentId, version), t('ui.downloaded'))}
        />
      </div>
      {!isPdf && <p className="lv-hint">{t('ui.noPreview')}</p>}
      {blob.isLoading && <ProgressSpinner style={{ width: '2rem', height: '2rem' }} />}
      {blob.error && <p className="lv-error">{errorMessage(blob.error, t)}</p>}
      {url && (
        <iframe
          className="inv-preview-frame"
          src={url}
          title={t('ui.previewOf', { name: version.fileName })}
          data-testid="doc-preview-pdf"
        />
      )}
    </section>
  );
}
