import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '../../../shared/invoices.schemas.ts';
import { errorMessage } from '../../api/errors.ts';
import { useRunAction } from '../../forms/use-form-mutation.ts';
import { fileSize } from './invoice-format.ts';
import { invoicesApi, useAttachmentBlob } from './invoices.queries.ts';

/**
 * An invoice's attachments shown in the page, beside its fields: a PDF in an <iframe>, an image in
 * an <img>. The file is fetched with the access token and shown through an object URL (an element's
 * own request would carry no token); a chip per file switches between them; each can be downloaded.
 * Give it `key={invoice.id}`: another invoice starts at its first file.
 */
export function AttachmentPreview({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('invoices');
  const [chosen, setChosen] = useState<string | null>(invoice.attachments[0]?.id ?? null);
  const current = invoice.attachments.find((a) => a.id === chosen) ?? invoice.attachments[0] ?? null;
  const blob = useAttachmentBlob(invoice.id, current?.id ?? null);
  const run = useRunAction([]);
  const url = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : null), [blob.data]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  if (!current) return <p className="lv-hint inv-preview">{t('ui.noFiles')}</p>;
  return (
    <section className="inv-preview" aria-label={t('ui.preview')} data-testid="inv-preview">
      <div className="inv-files">
        {invoice.attachments.map((attachment) => (
          <Button
            key={attachment.id}
            type="button"
            size="small"
            outlined={attachment.id !== current.id}
            icon={attachment.contentType === 'application/pdf' ? 'pi pi-file-pdf' : 'pi pi-image'}
            label={`${attachment.fileName} · ${fileSize(attachment.sizeBytes)}`}
            aria-pressed={attachment.id === current.id}
            onClick={() => setChosen(attachment.id)}
          />
        ))}
        <Button
          type="button"
          size="small"
          text
          icon="pi pi-download"
          label={t('ui.download')}
          onClick={() =>
            void run(() => invoicesApi.downloadAttachment(invoice.id, current), t('ui.downloaded'))
          }
        />
      </div>
      {blob.isLoading && <ProgressSpinner style={{ width: '2rem', height: '2rem' }} />}
      {blob.error && <p className="lv-error">{errorMessage(blob.error, t)}</p>}
      {url &&
        (current.contentType === 'application/pdf' ? (
          <iframe
            className="inv-preview-frame"
            src={url}
            title={t('ui.previewOf', { name: current.fileName })}
            data-testid="inv-preview-pdf"
          />
        ) : (
          <img
            src={url}
            alt={t('ui.previewOf', { name: current.fileName })}
            data-testid="inv-preview-image"
          />
        ))}
    </section>
  );
}
