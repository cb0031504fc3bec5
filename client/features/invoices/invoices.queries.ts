import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  invoicesApi,
  type InvoiceListParams,
  type InvoiceReportParams,
  type VendorListParams,
} from './invoices.api.ts';

/** Invoices and vendors as React Query hooks; every key starts with 'invoices'. */

export { invoicesApi } from './invoices.api.ts';
export type {
  InvoiceInput,
  InvoiceListParams,
  InvoiceReportParams,
  VendorListParams,
} from './invoices.api.ts';

export const invoiceKeys = {
  all: ['invoices'] as const,
  mine: (params: object) => ['invoices', 'mine', params] as const,
  list: (params: object) => ['invoices', 'list', params] as const,
  counts: ['invoices', 'counts'] as const,
  report: (params: InvoiceReportParams) => ['invoices', 'report', params] as const,
  vendors: (params: object) => ['invoices', 'vendors', params] as const,
  attachment: (invoiceId: string, attachmentId: string) =>
    ['invoices', 'attachment', invoiceId, attachmentId] as const,
};

export const useMyInvoices = (params: { page: number; perPage: number }) =>
  useQuery({
    queryKey: invoiceKeys.mine(params),
    queryFn: () => invoicesApi.mine(params),
    placeholderData: keepPreviousData,
  });
export const useInvoiceList = (params: InvoiceListParams, enabled = true) =>
  useQuery({
    queryKey: invoiceKeys.list(params),
    queryFn: () => invoicesApi.list(params),
    placeholderData: keepPreviousData,
    enabled,
  });
export const useInvoiceCounts = (enabled = true) =>
  useQuery({ queryKey: invoiceKeys.counts, queryFn: invoicesApi.counts, enabled });
export const useInvoiceReport = (params: InvoiceReportParams) =>
  useQuery({
    queryKey: invoiceKeys.report(params),
    queryFn: () => invoicesApi.report(params),
    placeholderData: keepPreviousData,
    retry: false,
  });
export const useVendors = (params: VendorListParams, enabled = true) =>
  useQuery({
    queryKey: invoiceKeys.vendors(params),
    queryFn: () => invoicesApi.vendors(params),
    placeholderData: keepPreviousData,
    enabled,
  });
/** An attachment's content, for the preview (kept while the invoice is open; files never change). */
export const useAttachmentBlob = (invoiceId: string, attachmentId: string | null) =>
  useQuery({
    queryKey: invoiceKeys.attachment(invoiceId, attachmentId ?? ''),
    queryFn: () => invoicesApi.attachment(invoiceId, attachmentId!),
    enabled: Boolean(attachmentId),
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });
