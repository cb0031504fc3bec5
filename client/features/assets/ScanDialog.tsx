import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { QR_SCAN_MAX_MB } from '../../../shared/assets.schemas.ts';
import { problemMessage } from '../../../shared/rules/problems.ts';
import { errorMessage } from '../../api/errors.ts';
import { checkFile } from '../../forms/file-check.ts';
import { assetsApi } from './assets.queries.ts';

/** What the browser's own barcode reader offers (not in every browser, nor in TypeScript's DOM types). */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

const ASSET_PATH = /\/asset-management\/([0-9a-f-]{36})\/?$/i;

/**
 * Scans an asset's QR code: with the camera where the browser reads barcodes itself
 * (BarcodeDetector), otherwise from a photo (a phone offers its camera for the file input) that
 * the server decodes. Either way the asset's page opens.
 */
export function ScanDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['assets', 'errors']);
  const navigate = useNavigate();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [camera, setCamera] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const Detector =
    typeof window === 'undefined'
      ? undefined
      : (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;

  const open = (assetId: string) => {
    onClose();
    navigate(`/asset-management/${assetId}`);
  };

  useEffect(() => {
    if (!camera || !Detector || !video.current) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    const detector = new Detector({ formats: ['qr_code'] });
    const look = async () => {
      if (stopped || !video.current) return;
      const codes = await detector.detect(video.current).catch(() => []);
      const id = codes.map((code) => ASSET_PATH.exec(code.rawValue)?.[1]).find(Boolean);
      if (id) open(id);
      else requestAnimationFrame(() => void look());
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (media) => {
        stream = media;
        video.current!.srcObject = media;
        await video.current!.play();
        void look();
      })
      .catch(() => setMessage(t('errors:codes.QR_CODE_INVALID')));
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [camera]);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setMessage(null);
    const problem = await checkFile(
      file,
      { types: ['image/png', 'image/jpeg'], maxBytes: QR_SCAN_MAX_MB * 1024 * 1024 },
      'image',
    );
    if (problem) return setMessage(problemMessage(t, problem));
    setBusy(true);
    try {
      open((await assetsApi.scan(file)).assetId);
    } catch (error) {
      setMessage(errorMessage(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      visible
      header={t('dialog.scanTitle')}
      onHide={onClose}
      style={{ width: 'min(30rem, 96vw)' }}
      draggable={false}
    >
      <div className="lv-page">
        <p className="lv-hint">{t('dialog.scanHint')}</p>
        {message && (
          <p className="lv-error" role="alert" data-testid="asset-scan-error">
            {message}
          </p>
        )}
        <label className="p-button p-button-outlined" style={{ justifyContent: 'center' }}>
          <i className="pi pi-image" style={{ marginRight: '.5rem' }} />
          {busy ? t('dialog.scanning') : t('actions.uploadPhoto')}
          <input
            type="file"
            accept="image/*"
            capture="environment"
            hidden
            disabled={busy}
            onChange={(e) => void upload(e.target.files?.[0])}
            data-testid="asset-scan-file"
          />
        </label>
        {Detector && !camera && (
          <Button
            type="button"
            icon="pi pi-camera"
            label={t('actions.useCamera')}
            outlined
            onClick={() => setCamera(true)}
          />
        )}
        {camera && <video ref={video} muted playsInline style={{ width: '100%', borderRadius: 8 }} />}
      </div>
    </Dialog>
  );
}
