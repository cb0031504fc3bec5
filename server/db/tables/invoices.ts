import type { ColumnType, Generated } from 'kysely';
import type { InvoiceCategory, InvoiceKind, InvoiceStatus } from '../../../shared/invoices.schemas.ts';
import type { VendorStatus } from '../../../shared/vendors.schemas.ts';
import type { DetectedType } from '../../../shared/rules/file-type.ts';
import type { CreatedAt, Defaulted, UpdatedAt } from './columns.ts';

/** The invoices area's tables (migrations/20261127_0300_invoices.ts). */

export interface VendorsTable {
  id: Generated<string>;
  name: string;
  description: string | null;
  /** 10 digits, or 10 digits, a dash and 3; unique among live vendors. */
  tax_code: string | null;
  website: string | null;
  address: string | null;
  status: Defaulted<VendorStatus>;
  version: Defaulted<number>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deleted_at: Date | null;
}

export interface InvoicesTable {
  id: Generated<string>;
  /** The creator: whose invoice it is (and who is reimbursed for a PERSONAL one). */
  user_id: string;
  name: string;
  invoice_date: string;
  reference_id: string | null;
  /** Whole VND; `bigint` comes back as text (server/db/connect.ts). */
  amount: ColumnType<string, string | bigint, string | bigint>;
  category: InvoiceCategory;
  kind: InvoiceKind;
  vendor_id: string | null;
  status: Defaulted<InvoiceStatus>;
  payment_date: string | null;
  rejection_reason: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  version: Defaulted<number>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  search_text: ColumnType<string, never, never>;
}

export interface InvoiceAttachmentsTable {
  id: Generated<string>;
  invoice_id: string;
  storage_key: string;
  file_name: string;
  content_type: DetectedType;
  size_bytes: number;
  sha256: string;
  position: Defaulted<number>;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface InvoicesTables {
  vendors: VendorsTable;
  invoices: InvoicesTable;
  invoice_attachments: InvoiceAttachmentsTable;
}
