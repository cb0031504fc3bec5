import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssetImportReport } from '../../../shared/assets.schemas.ts';
import { useFormMutation } from '../../forms/use-form-mutation.ts';
import { assetKeys, assetsApi } from './assets.queries.ts';

/** Imports an XLSX or CSV file of assets (the export's columns): check first, or write all or none. */
export function ImportAssetsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('assets');
  const [file, setFile] = useState<File | null>(null);
  const [dryRun, setDryRun] = useState(true);
  const [report, setReport] = useState<AssetImportReport | null>(null);
  const run = useFormMutation({
    mutationFn: () => assetsApi.importFile(file!, dryRun),
    invalidate: [assetKeys.all],
    failure: 'inline',
    onSuccess: (result) => setReport(result),
  });
  return (
    <Dialog
      visible
      header={t('dialog.importTitle')}
      onHide={onClose}
      style={{ width: 'min(40rem, 96vw)' }}
      draggable={false}
    >
      <div className="lv-page">
        <p className="lv-hint">{t('dialog.importHint')}</p>
        <input
          type="file"
          accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(e) => (setFile(e.target.files?.[0] ?? null), setReport(null))}
          data-testid="asset-import-file"
        />
        <label style={{ display: 'flex', gap: '.5rem', alignItems: 'center' }}>
          <Checkbox checked={dryRun} onChange={(e) => setDryRun(Boolean(e.checked))} />
          {t('dialog.dryRun')}
        </label>
        {run.message && <p className="lv-error">{run.message}</p>}
        {report && report.errors.length === 0 && (
          <p data-testid="asset-import-result">
            {t(report.dryRun ? 'dialog.importChecked' : 'dialog.importDone', { ...report })}
          </p>
        )}
        {report && report.errors.length > 0 && (
          <div data-testid="asset-import-errors">
            <p className="lv-error">{t('dialog.importProblems')}</p>
            <ul>
              {report.errors.map((error, i) => (
                <li key={i}>
                  {error.row ? `${error.row} · ${error.column}: ` : ''}
                  {error.message}
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="lv-footer">
          <Button type="button" text label={t('actions.close')} onClick={onClose} />
          <Button
            type="button"
            icon="pi pi-upload"
            label={t('actions.import')}
            disabled={!file}
            loading={run.submitting}
            onClick={() => void run.submit(undefined)}
          />
        </div>
      </div>
    </Dialog>
  );
}
