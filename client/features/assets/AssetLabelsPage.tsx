import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useQrCodes } from './assets.queries.ts';

/**
 * /asset-management/labels?ids=…: a sheet of 4 cm square labels (QR code, name, serial number) to
 * print; the page's controls are not printed.
 */
export default function AssetLabelsPage() {
  const { t } = useTranslation('assets');
  const [params] = useSearchParams();
  const ids = (params.get('ids') ?? '').split(',').filter(Boolean);
  const codes = useQrCodes(ids);
  return (
    <div className="asset-labels" data-testid="asset-labels">
      <style>{`
        .asset-labels .sheet { display: flex; flex-wrap: wrap; gap: 0; }
        .asset-labels .label { width: 4cm; height: 4cm; box-sizing: border-box; border: 1px dashed #999; padding: 1mm;
          display: flex; flex-direction: column; align-items: center; justify-content: center; overflow: hidden; }
        .asset-labels .label img { width: 2.8cm; height: 2.8cm; image-rendering: pixelated; }
        .asset-labels .label span { font-size: 7pt; line-height: 1.1; text-align: center; max-width: 100%;
          overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
        @media print {
          .asset-labels .no-print, header, nav, aside { display: none !important; }
          .asset-labels .label { break-inside: avoid; }
          @page { margin: 1cm; }
        }
      `}</style>
      <div
        className="no-print"
        style={{ display: 'flex', gap: '.5rem', alignItems: 'center', marginBottom: '1rem' }}
      >
        <h2 style={{ margin: 0 }}>{t('labelsPage.title')}</h2>
        <Button
          icon="pi pi-print"
          label={t('actions.print')}
          onClick={() => window.print()}
          disabled={ids.length === 0}
        />
        <Link to="/asset-management">{t('actions.back')}</Link>
      </div>
      <p className="no-print">{ids.length === 0 ? t('labelsPage.empty') : t('labelsPage.hint')}</p>
      <div className="sheet">
        {(codes.data?.items ?? []).map((code) => (
          <div className="label" key={code.id} data-testid="asset-label">
            <img src={code.dataUrl} alt={code.url} />
            <span>{code.name}</span>
            {code.serialNumber && <span>{code.serialNumber}</span>}
          </div>
        ))}
      </div>
    </div>
  );
}
