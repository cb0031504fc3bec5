import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors.ts';
import { IMPORT_FILE_MAX_MB, type ImportReport } from '../../../shared/employee-profile.schemas.ts';
import { profileApi } from './profile.api.ts';

interface Props {
  visible: boolean;
  onHide: () => void;
  /** After a real import: the list reloads and says what happened. */
  onImported: (report: ImportReport) => void;
}

/**
 * Import people from a CSV or XLSX file, as `backoffice users import` does: first a dry run that checks
 * every row and reports each problem by row and column, then, when the file is clean, the import itself.
 */
export function ImportPeopleDialog({ visible, onHide, onImported }: Props) {
  const { t } = useTranslation(['profile', 'people', 'errors']);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [invite, setInvite] = useState(true);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function reset() {
    setFile(null);
    setReport(null);
    setError(null);
  }

  function choose(chosen: File | null) {
    reset();
    if (!chosen) return;
    if (!/\.(csv|xlsx)$/i.test(chosen.name)) {
      setError(t('errors:validation.fileType'));
      return;
    }
    if (chosen.size > IMPORT_FILE_MAX_MB * 1024 * 1024) {
      setError(t('errors:validation.fileSize', { number: IMPORT_FILE_MAX_MB }));
      return;
    }
    setFile(chosen);
  }

  async function send(dryRun: boolean) {
    if (!file) {
      setError(t('errors:validation.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await profileApi.importFile(file, { dryRun, sendInvitations: invite });
      setReport(result);
      if (!dryRun && result.errors.length === 0) {
        onImported(result);
        reset();
        onHide();
      }
    } catch (caught) {
      setError(errorMessage(caught, t));
    } finally {
      setBusy(false);
    }
  }

  const clean = report?.dryRun && report.errors.length === 0;
  const footer = (
    <div className="people-form__footer">
      <Button label={t('actions.cancel')} text onClick={onHide} />
      {clean ? (
        <Button
          icon="pi pi-check"
          label={t('import.confirm', { count: report.created + report.updated })}
          loading={busy}
          disabled={report.created + report.updated === 0}
          onClick={() => void send(false)}
          data-testid="import-confirm"
        />
      ) : (
        <Button
          icon="pi pi-search"
          label={t('import.check')}
          loading={busy}
          disabled={!file}
          onClick={() => void send(true)}
          data-testid="import-check"
        />
      )}
    </div>
  );

  return (
    <Dialog
      visible={visible}
      onHide={onHide}
      header={t('import.title')}
      footer={footer}
      style={{ width: 'min(44rem, 96vw)' }}
      data-testid="import-dialog"
    >
      <div className="import-steps">
        <p style={{ margin: 0 }}>{t('import.intro', { number: IMPORT_FILE_MAX_MB })}</p>
        <div className="people-document">
          <input
            ref={input}
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            hidden
            data-testid="import-file"
            onChange={(event) => {
              choose(event.target.files?.[0] ?? null);
              event.target.value = '';
            }}
          />
          <Button
            type="button"
            outlined
            icon="pi pi-upload"
            label={file ? t('import.chooseAnother') : t('import.choose')}
            onClick={() => input.current?.click()}
          />
          {file && <span className="people-document__name">{file.name}</span>}
        </div>
        <div className="profile-check">
          <Checkbox
            inputId="import-invite"
            checked={invite}
            onChange={(event) => setInvite(Boolean(event.checked))}
          />
          <label htmlFor="import-invite">{t('import.sendInvitations')}</label>
        </div>
        {error && <Message severity="error" text={error} role="alert" />}
        {report && (
          <div className="import-steps" data-testid="import-report">
            <div className="import-summary">
              <div>
                <strong>{report.total}</strong>
                {t('import.rows')}
              </div>
              <div>
                <strong>{report.created}</strong>
                {t('import.toCreate')}
              </div>
              <div>
                <strong>{report.updated}</strong>
                {t('import.toUpdate')}
              </div>
              <div>
                <strong>{report.unchanged}</strong>
                {t('import.unchanged')}
              </div>
            </div>
            {report.warnings.map((warning) => (
              <Message key={warning} severity="warn" text={warning} />
            ))}
            {report.errors.length > 0 ? (
              <>
                <Message
                  severity="error"
                  text={t('people:import.invalid', { count: report.errors.length })}
                />
                <ol className="import-errors" data-testid="import-errors">
                  {report.errors.map((problem, index) => (
                    <li key={index}>
                      {problem.row > 0
                        ? t('people:import.rowError', {
                            row: problem.row,
                            column: problem.column,
                            message: problem.message,
                          })
                        : problem.message}
                    </li>
                  ))}
                </ol>
              </>
            ) : (
              <Message severity="success" text={t('import.ready')} data-testid="import-ready" />
            )}
          </div>
        )}
      </div>
    </Dialog>
  );
}
