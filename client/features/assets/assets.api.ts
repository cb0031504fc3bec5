import type {
  AssetAuditDetail,
  AssetAuditList,
  AssetBody,
  AssetBulkBody,
  AssetBulkResult,
  AssetDetail,
  AssetImportReport,
  AssetPage,
  AssetQuery,
  AssetUpdateBody,
  QrCodeList,
  ScanResult,
} from '../../../shared/assets.schemas.ts';
import type { PersonOptionList } from '../../../shared/risks.schemas.ts';
import { formBlob } from '../../api/form-blob.ts';
import { api, download, toQuery } from '../../api/http.ts';

/** The assets area's calls: thin functions over `api()` (docs/client-conventions.md). */

export type AssetListParams = AssetQuery & { page: number; perPage: number };

export const assetsApi = {
  list: (params: AssetListParams) => api<AssetPage>(`/assets${toQuery({ ...params })}`),
  get: (id: string) => api<AssetDetail>(`/assets/${id}`),
  create: (input: AssetBody) => api<AssetDetail>('/assets', { method: 'POST', body: input }),
  update: (id: string, input: AssetUpdateBody) =>
    api<AssetDetail>(`/assets/${id}`, { method: 'PUT', body: input }),
  remove: (id: string) => api<void>(`/assets/${id}`, { method: 'DELETE' }),
  assign: (id: string, assigneeId: string) =>
    api<AssetDetail>(`/assets/${id}/assign`, { method: 'POST', body: { assigneeId } }),
  checkIn: (id: string) => api<AssetDetail>(`/assets/${id}/check-in`, { method: 'POST' }),
  setStatus: (id: string, status: 'DAMAGED' | 'IN_STORAGE') =>
    api<AssetDetail>(`/assets/${id}/status`, { method: 'PUT', body: { status } }),
  bulk: (input: AssetBulkBody) => api<AssetBulkResult>('/assets/bulk', { method: 'POST', body: input }),
  people: (search: string) =>
    api<PersonOptionList>(`/assets/people${toQuery({ search: search || undefined })}`),
  qrCodes: (ids: string[]) => api<QrCodeList>(`/assets/qr-codes${toQuery({ ids })}`),
  downloadQr: (id: string) => download(`/assets/${id}/qr.png`, 'qr.png'),
  scan: (image: File) => api<ScanResult>('/assets/scan', { method: 'POST', file: formBlob({}, { image }) }),
  exportFile: (params: AssetQuery, format: 'xlsx' | 'csv') =>
    download(`/assets/export${toQuery({ ...params, format })}`, `assets.${format}`),
  importFile: (file: File, dryRun: boolean) =>
    api<AssetImportReport>(`/assets/import${toQuery({ dryRun })}`, {
      method: 'POST',
      file: formBlob({}, { file }),
    }),
  audits: () => api<AssetAuditList>('/asset-audits'),
  audit: (id: string) => api<AssetAuditDetail>(`/asset-audits/${id}`),
  startAudit: (name: string) => api<AssetAuditDetail>('/asset-audits', { method: 'POST', body: { name } }),
  closeAudit: (id: string) => api<AssetAuditDetail>(`/asset-audits/${id}/close`, { method: 'POST' }),
  confirm: (auditId: string, assetId: string, location: string) =>
    api<AssetAuditDetail>(`/asset-audits/${auditId}/checks`, { method: 'POST', body: { assetId, location } }),
};
