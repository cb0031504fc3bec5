import type {
  BulkInvoiceResult,
  BulkInvoiceStatusBody,
  Invoice,
  InvoiceCategory,
  InvoiceCounts,
  InvoiceKind,
  InvoicePage,
  InvoiceReport,
  InvoiceReportGroup,
  InvoiceStatus,
  InvoiceStatusBody,
} from '../../../shared/invoices.schemas.ts';
import type { ExportFormat, ReportPeriod } from '../../../shared/reporting.schemas.ts';
import type { Vendor, VendorBody, VendorPage, VendorStatus } from '../../../shared/vendors.schemas.ts';
import { formBlob } from '../../api/form-blob.ts';
import { api, apiBlob, download, toQuery } from '../../api/http.ts';

/** The invoices area's calls: thin functions over `api()` (docs/client-conventions.md). */

export interface InvoiceInput {
  name: string;
  date: string;
  referenceId: string | null;
  /** As typed: '1.250.000', '1,250,000' or '1250000'. */
  amount: string;
  category: InvoiceCategory;
  kind: InvoiceKind;
  vendorId: string | null;
}

export interface InvoiceListParams {
  page: number;
  perPage: number;
  status?: InvoiceStatus;
  category?: InvoiceCategory;
  kind?: InvoiceKind;
  search?: string;
  sort?: 'newest' | 'oldest';
}

export interface InvoiceReportParams {
  period: ReportPeriod;
  groupBy: InvoiceReportGroup;
  from: string;
  to: string;
  status?: InvoiceStatus;
  page: number;
  perPage: number;
}

export interface VendorListParams {
  page: number;
  perPage: number;
  search?: string;
  status?: VendorStatus;
}

/** An invoice as JSON, or as a multipart form when it carries files (each an `attachments` part). */
function invoiceBody(
  input: InvoiceInput & { version?: number; removeAttachmentIds?: string[] },
  files: File[],
) {
  if (files.length === 0) return { body: input };
  const fields = Object.fromEntries(
    Object.entries(input).map(([key, value]) => [
      key,
      Array.isArray(value) ? value : value === null ? null : String(value),
    ]),
  );
  return { file: formBlob(fields, { attachments: files }) };
}

export const invoicesApi = {
  mine: (params: { page: number; perPage: number; status?: InvoiceStatus }) =>
    api<InvoicePage>(`/invoices/me${toQuery({ ...params })}`),
  list: (params: InvoiceListParams) => api<InvoicePage>(`/invoices${toQuery({ ...params })}`),
  counts: () => api<InvoiceCounts>('/invoices/counts'),
  create: (input: InvoiceInput, files: File[]) =>
    api<Invoice>('/invoices', { method: 'POST', ...invoiceBody(input, files) }),
  update: (
    id: string,
    input: InvoiceInput & { version: number; removeAttachmentIds: string[] },
    files: File[],
  ) => api<Invoice>(`/invoices/${id}`, { method: 'PUT', ...invoiceBody(input, files) }),
  remove: (id: string) => api<void>(`/invoices/${id}`, { method: 'DELETE' }),
  setStatus: (id: string, body: InvoiceStatusBody) =>
    api<Invoice>(`/invoices/${id}/status`, { method: 'PATCH', body }),
  bulk: (body: BulkInvoiceStatusBody) =>
    api<BulkInvoiceResult>('/invoices/bulk-status', { method: 'POST', body }),
  attachment: (invoiceId: string, attachmentId: string) =>
    apiBlob(`/invoices/${invoiceId}/attachments/${attachmentId}`),
  downloadAttachment: (invoiceId: string, attachment: { id: string; fileName: string }) =>
    download(`/invoices/${invoiceId}/attachments/${attachment.id}?download=true`, attachment.fileName),
  exportList: (params: Omit<InvoiceListParams, 'page' | 'perPage' | 'sort'>, format: ExportFormat) =>
    download(`/invoices/export-files${toQuery({ ...params, format })}`, `invoices.${format}`),
  report: (params: InvoiceReportParams) => api<InvoiceReport>(`/invoices/reports${toQuery({ ...params })}`),
  exportReport: (params: Omit<InvoiceReportParams, 'page' | 'perPage'>, format: ExportFormat) =>
    download(`/invoices/reports/export-files${toQuery({ ...params, format })}`, `invoice-report.${format}`),

  vendors: (params: VendorListParams) => api<VendorPage>(`/vendors${toQuery({ ...params })}`),
  createVendor: (input: VendorBody) => api<Vendor>('/vendors', { method: 'POST', body: input }),
  updateVendor: (id: string, input: VendorBody & { version: number }) =>
    api<Vendor>(`/vendors/${id}`, { method: 'PUT', body: input }),
  setVendorStatus: (id: string, status: VendorStatus, version: number) =>
    api<Vendor>(`/vendors/${id}/status`, { method: 'PUT', body: { status, version } }),
  removeVendor: (id: string) => api<void>(`/vendors/${id}`, { method: 'DELETE' }),
};
