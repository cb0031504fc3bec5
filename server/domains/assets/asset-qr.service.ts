import type { QrCodeList, QrCodesQuery, ScanResult } from '../../../shared/assets.schemas.ts';
import { QR_SCAN_MAX_MB } from '../../../shared/assets.schemas.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { checkUpload } from '../../core/files/file-type.ts';
import { requireVisibleAsset } from './asset-lookup.ts';
import { assetUrl } from './asset-views.ts';
import { assetPolicy, assetsPolicy } from './assets.policy.ts';
import * as repo from './assets.repository.ts';
import { assetIdOf, qrPng } from './qr-code.ts';
import { readQrOffThread } from './qr-reader.ts';

/**
 * QR codes of assets: each holds the URL of the asset's page, so a phone camera opens it as well
 * as the app's own scanner. Labels are 4 cm squares at 72 dpi.
 */

/** The QR code of one asset as a PNG download. */
export async function getAssetQrPng(
  ctx: ServiceContext,
  id: string,
): Promise<{ fileName: string; png: Buffer }> {
  const row = await requireVisibleAsset(ctx, id);
  const safeName = row.name.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '') || 'asset';
  return { fileName: `qr-${safeName}.png`, png: await qrPng(assetUrl(ctx, id)) };
}

/** The QR codes of the chosen assets (the label sheet): those the caller may not see are left out. */
export async function listAssetQrCodes(ctx: ServiceContext, query: QrCodesQuery): Promise<QrCodeList> {
  assetsPolicy.authorize(ctx.actor, 'viewOwn', undefined);
  const items: QrCodeList['items'] = [];
  for (const id of query.ids) {
    const row = await repo.findAsset(ctx.db, id);
    if (!row || !assetPolicy.can(ctx.actor, 'view', { assigneeId: row.assignee_id })) continue;
    const url = assetUrl(ctx, id);
    items.push({
      id,
      name: row.name,
      serialNumber: row.serial_number,
      url,
      dataUrl: `data:image/png;base64,${(await qrPng(url)).toString('base64')}`,
    });
  }
  return { items };
}

/**
 * Reads the QR code in an uploaded photo (PNG or JPG, at most 1 MB, the type decided by the
 * content) and answers the asset it opens. No code, a code that is not one of our labels, or an
 * asset the caller may not see all answer the same 422 QR_CODE_INVALID.
 */
export async function scanAssetQr(
  ctx: ServiceContext,
  upload: { field: string; data: Buffer } | undefined,
): Promise<ScanResult> {
  assetsPolicy.authorize(ctx.actor, 'viewOwn', undefined);
  if (!upload) throw validationError([{ field: 'image', code: 'required' }]);
  const type = checkUpload(upload, ['image/png', 'image/jpeg'], QR_SCAN_MAX_MB);
  const text = await readQrOffThread(upload.data, type);
  const id = text ? assetIdOf(text) : null;
  if (!id) throw new AppError('QR_CODE_INVALID');
  const row = await repo.findAsset(ctx.db, id);
  if (!row || !assetPolicy.can(ctx.actor, 'view', { assigneeId: row.assignee_id }))
    throw new AppError('QR_CODE_INVALID');
  return { assetId: id, url: assetUrl(ctx, id) };
}
