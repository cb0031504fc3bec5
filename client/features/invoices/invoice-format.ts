import type { InvoiceStatus } from '../../../shared/invoices.schemas.ts';
import { groupVnd } from '../../../shared/rules/format.ts';

/** How the invoice screens write amounts, sizes and statuses. */

/** Whole VND, grouped the Vietnamese way, with the đồng sign: "1.250.000 ₫". */
export const money = (amount: string | number | bigint) => `${groupVnd(amount)} ₫`;

export function invoiceSeverity(status: InvoiceStatus): 'warning' | 'success' | 'danger' {
  if (status === 'PAID') return 'success';
  if (status === 'REJECTED') return 'danger';
  return 'warning';
}

/** A file's size for people: "820 KB", "9.8 MB". */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** What a file input accepts: the types the server takes (it checks the content again). */
export const ATTACHMENT_ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';
