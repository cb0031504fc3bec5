import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { ProgressSpinner } from 'primereact/progressspinner';
import { TabPanel, TabView } from 'primereact/tabview';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_FILE_MAX_MB, DOCUMENT_FILE_TYPES } from '../../../shared/documents.schemas.ts';
import { formatDate } from '../../../shared/rules/format.ts';
import { errorMessage } from '../../api/errors.ts';
import { ConfirmAction } from '../../forms/ConfirmAction.tsx';
import { checkFile } from '../../forms/file-check.ts';
import { useFormMutation, useRunAction } from '../../forms/use-form-mutation.ts';
import { AcknowledgementsPanel } from './AcknowledgementsPanel.tsx';
import { DOCUMENT_ACCEPT, DocumentFormDialog } from './DocumentFormDialog.tsx';
import { DocumentPreview } from './DocumentPreview.tsx';
import { documentKeys, documentsApi, useDocument } from './documents.queries.ts';

/**
 * One document: its current version previewed, the acknowledgement button for those who must read
 * it, its versions; for HR, who has acknowledged, a new version, editing and withdrawing.
 */
export function DocumentDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation(['documents', 'errors']);
  const query = useDocument(id);
  const document = query.data;
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [note, setNote] = useState('');
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const run = useRunAction([documentKeys.all]);
  const acknowledge = useFormMutation({
    mutationFn: () => documentsApi.acknowledge(id),
    success: t('ui.acknowledged'),
    invalidate: [documentKeys.all],
    failure: 'toast',
  });
  const upload = useFormMutation({
    mutationFn: (file: File) => documentsApi.uploadVersion(id, note, file),
    success: t('ui.versionUploaded'),
    invalidate: [documentKeys.all],
    failure: 'toast',
    onSuccess: () => setNote(''),
  });

  return (
    <Dialog
      visible
      header={document?.title ?? ''}
      onHide={onClose}
      style={{ width: 'min(64rem, 98vw)' }}
      draggable={false}
      data-testid="doc-dialog"
    >
      {query.isLoading && <ProgressSpinner style={{ width: '2rem', height: '2rem' }} />}
      {query.error && <p className="lv-error">{errorMessage(query.error, t)}</p>}
      {document && (
        <TabView>
          <TabPanel header={t('ui.preview')}>
            {document.description && <p>{document.description}</p>}
            {document.abilities.acknowledge && !document.acknowledgedAt && (
              <Button
                type="button"
                icon="pi pi-check"
                label={t('ui.acknowledge')}
                loading={acknowledge.submitting}
                onClick={() => void acknowledge.submit(undefined)}
                data-testid="doc-acknowledge"
              />
            )}
            {document.acknowledgedAt && (
              <p data-testid="doc-acknowledged">
                {t('ui.acknowledgedOn', { date: formatDate(document.acknowledgedAt) })}
              </p>
            )}
            <DocumentPreview
              key={document.currentVersion.id}
              documentId={document.id}
              version={document.currentVersion}
            />
          </TabPanel>
          <TabPanel header={t('ui.versions')}>
            <ul className="lv-list">
              {document.versions.map((version) => (
                <li key={version.id}>
                  {t('ui.versionNumber', { number: version.number })} · {version.fileName} ·{' '}
                  {formatDate(version.createdAt)}
                  {version.note ? ` · ${version.note}` : ''}{' '}
                  <Button
                    type="button"
                    size="small"
                    text
                    icon="pi pi-download"
                    aria-label={`${t('ui.download')} ${version.fileName}`}
                    onClick={() =>
                      void run(() => documentsApi.downloadFile(document.id, version), t('ui.downloaded'))
                    }
                  />
                </li>
              ))}
            </ul>
            {document.abilities.upload && (
              <div className="lv-grid">
                <div className="lv-field">
                  <label htmlFor="doc-version-note">{t('ui.versionNote')}</label>
                  <InputText
                    id="doc-version-note"
                    maxLength={150}
                    value={note}
                    onChange={(e) => setNote(e.target.value)}
                  />
                </div>
                <div className="lv-field">
                  <label htmlFor="doc-version-file">{t('ui.uploadVersion')}</label>
                  <input
                    id="doc-version-file"
                    type="file"
                    accept={DOCUMENT_ACCEPT}
                    disabled={upload.submitting}
                    onChange={async (e) => {
                      const picked = e.target.files?.[0];
                      e.target.value = '';
                      setFileProblem(null);
                      if (!picked) return;
                      const problem = await checkFile(
                        picked,
                        { types: DOCUMENT_FILE_TYPES, maxBytes: DOCUMENT_FILE_MAX_MB * 1024 * 1024 },
                        'file',
                      );
                      if (problem)
                        return setFileProblem(
                          t(`errors:validation.${problem.code}`, {
                            ...problem.params,
                            number: DOCUMENT_FILE_MAX_MB,
                          }),
                        );
                      void upload.submit(picked);
                    }}
                  />
                  {fileProblem && <small className="lv-error">{fileProblem}</small>}
                </div>
              </div>
            )}
          </TabPanel>
          {document.abilities.track && document.requiresAcknowledgement && (
            <TabPanel header={<span data-testid="doc-tracking-tab">{t('ui.tracking')}</span>}>
              <AcknowledgementsPanel document={document} />
            </TabPanel>
          )}
          {document.abilities.edit && (
            <TabPanel header={t('ui.edit')}>
              <div className="lv-bar">
                <Button
                  type="button"
                  icon="pi pi-pencil"
                  label={t('ui.edit')}
                  onClick={() => setEditing(true)}
                />
                <Button
                  type="button"
                  severity="danger"
                  outlined
                  icon="pi pi-trash"
                  label={t('ui.delete')}
                  onClick={() => setDeleting(true)}
                />
              </div>
            </TabPanel>
          )}
        </TabView>
      )}
      {editing && document && <DocumentFormDialog document={document} onClose={() => setEditing(false)} />}
      {document && (
        <ConfirmAction
          visible={deleting}
          title={t('ui.delete')}
          message={t('ui.deleteConfirm', { title: document.title })}
          action={t('ui.delete')}
          severity="danger"
          onCancel={() => setDeleting(false)}
          onConfirm={() =>
            void run(() => documentsApi.remove(document.id), t('ui.deleted')).then((done) => {
              setDeleting(false);
              if (done) onClose();
            })
          }
        />
      )}
    </Dialog>
  );
}
