import { Type, type Static, type TSchema } from 'typebox';
import { Name, SearchText, Text, Uuid } from './common.schemas.ts';
import { Paged, PageQueryFields } from './paging.schemas.ts';
import { ExportFormatField, ReportPeriodField } from './reporting.schemas.ts';
import type { DetectedType } from './rules/file-type.ts';

/**
 * Invoices and expenses (spec sections 2-9: name, date, payment date, reference ID, amount in VND,
 * category, kind, attachments, creator, vendor, status PAID / PENDING / REJECTED; the calls are
 * designed here). People submit them; payers (`invoices.pay`) pay or reject them, one at a time from
 * the review queue or many at once; reporters (`invoices.report`) sum them per category, kind,
 * vendor or person by period.
 */

export const INVOICE_STATUSES = ['PENDING', 'PAID', 'REJECTED'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_CATEGORIES = [
  'OFFICE_SUPPLIES',
  'TEAM_BUILDING',
  'SOFTWARE_TOOL',
  'TRAVEL_EXPENSE',
  'DEVICES',
  'OTHER',
] as const;
export type InvoiceCategory = (typeof INVOICE_CATEGORIES)[number];
/** COMPANY: the company pays the vendor; PERSONAL: the employee paid and is reimbursed. */
export const INVOICE_KINDS = ['COMPANY', 'PERSONAL'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_TABS = ['MY_INVOICES', 'INVOICE_MANAGEMENT', 'VENDOR_MANAGEMENT'] as const;
export const INVOICE_REPORT_GROUPS = ['category', 'kind', 'vendor', 'person'] as const;
export type InvoiceReportGroup = (typeof INVOICE_REPORT_GROUPS)[number];

/** Attachments: PDF, PNG or JPG by content (spec section 5), at most 10 MB each and 5 per invoice. */
export const INVOICE_ATTACHMENT_TYPES: readonly DetectedType[] = [
  'application/pdf',
  'image/png',
  'image/jpeg',
];
export const INVOICE_ATTACHMENT_MAX_MB = 10;
export const MAX_INVOICE_ATTACHMENTS = 5;
/** Most invoices one bulk payment or rejection takes. */
export const MAX_BULK_INVOICES = 100;

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const DateOnly = Type.String({ format: 'date', maxLength: 10 });
/**
 * Whole đồng: a number, or text as typed — '1.250.000', '1,250,000' or '1250000' (read by
 * `parseVnd`, shared/rules/money.ts). More than 0 and at most a `bigint`; answered as text.
 */
const Amount = Type.Union([Type.Integer(), Type.String({ maxLength: 40 })], {
  description: "Whole VND: a number, or text such as '1.250.000', '1,250,000' or '1250000'",
});

// ---- Invoices -----------------------------------------------------------------------------------

const invoiceFields = {
  name: Name(255),
  /** The invoice's (or the receipt's) date: not after today. */
  date: DateOnly,
  referenceId: Type.Optional(Nullable(Text(100))),
  amount: Amount,
  category: Type.Enum(INVOICE_CATEGORIES),
  kind: Type.Enum(INVOICE_KINDS),
  /** Required for a COMPANY invoice (the company pays this vendor); an active vendor. */
  vendorId: Type.Optional(Nullable(Uuid)),
};

/**
 * A new invoice: JSON, or a multipart form whose text parts are these fields and whose `attachments`
 * parts are the files (streamed to storage; all or none are kept).
 */
export const InvoiceBody = Type.Object(invoiceFields, { additionalProperties: false });
export type InvoiceBody = Static<typeof InvoiceBody>;

/** A change to a pending invoice; new files come as `attachments` parts, removed ones by id. */
export const InvoiceUpdateBody = Type.Object(
  {
    ...invoiceFields,
    removeAttachmentIds: Type.Optional(Type.Array(Uuid, { maxItems: MAX_INVOICE_ATTACHMENTS })),
    /** The version the change was made on: an older one answers 412. */
    version: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export type InvoiceUpdateBody = Static<typeof InvoiceUpdateBody>;

/**
 * Pay (`PAID`, with the payment date: not before the invoice's date, not after today), reject
 * (`REJECTED`, with the reason the submitter reads) or reopen (`PENDING`: a rejected invoice sent
 * again, or a payment recorded by mistake taken back).
 */
export const InvoiceStatusBody = Type.Object(
  {
    status: Type.Enum(INVOICE_STATUSES),
    version: Type.Integer({ minimum: 1 }),
    paymentDate: Type.Optional(DateOnly),
    reason: Type.Optional(Text(1000)),
  },
  { additionalProperties: false },
);
export type InvoiceStatusBody = Static<typeof InvoiceStatusBody>;

/** Many invoices paid with one payment date, or rejected with one reason; each one on its own. */
export const BulkInvoiceStatusBody = Type.Object(
  {
    status: Type.Enum(['PAID', 'REJECTED']),
    items: Type.Array(
      Type.Object({ id: Uuid, version: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
      { minItems: 1, maxItems: MAX_BULK_INVOICES },
    ),
    paymentDate: Type.Optional(DateOnly),
    reason: Type.Optional(Text(1000)),
  },
  { additionalProperties: false },
);
export type BulkInvoiceStatusBody = Static<typeof BulkInvoiceStatusBody>;

export const InvoicePerson = Type.Object({
  id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  avatarUrl: Nullable(Type.String()),
});

export const InvoiceAttachment = Type.Object({
  id: Type.String(),
  fileName: Type.String(),
  contentType: Type.String(),
  sizeBytes: Type.Integer(),
  createdAt: Type.String(),
});
export type InvoiceAttachment = Static<typeof InvoiceAttachment>;

export const Invoice = Type.Object({
  id: Type.String(),
  name: Type.String(),
  date: Type.String(),
  referenceId: Nullable(Type.String()),
  /** Whole VND as text (a `bigint` may pass JavaScript's safe integers). */
  amount: Type.String(),
  category: Type.Enum(INVOICE_CATEGORIES),
  kind: Type.Enum(INVOICE_KINDS),
  vendor: Nullable(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      taxCode: Nullable(Type.String()),
      status: Type.String(),
    }),
  ),
  creator: InvoicePerson,
  status: Type.Enum(INVOICE_STATUSES),
  paymentDate: Nullable(Type.String()),
  rejectionReason: Nullable(Type.String()),
  /** Who paid or rejected it, and when. */
  decidedBy: Nullable(Type.Object({ id: Type.String(), firstName: Type.String(), lastName: Type.String() })),
  decidedAt: Nullable(Type.String()),
  attachments: Type.Array(InvoiceAttachment),
  version: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  abilities: Type.Object({
    edit: Type.Boolean(),
    delete: Type.Boolean(),
    pay: Type.Boolean(),
    reject: Type.Boolean(),
    reopen: Type.Boolean(),
  }),
});
export type Invoice = Static<typeof Invoice>;
export const InvoicePage = Paged(Invoice);
export type InvoicePage = Static<typeof InvoicePage>;

export const MyInvoiceQuery = Type.Object(
  {
    status: Type.Optional(Type.Enum(INVOICE_STATUSES)),
    search: Type.Optional(SearchText()),
    ...PageQueryFields,
  },
  { additionalProperties: false },
);
export type MyInvoiceQuery = Static<typeof MyInvoiceQuery>;

const listFilters = {
  status: Type.Optional(Type.Enum(INVOICE_STATUSES)),
  category: Type.Optional(Type.Enum(INVOICE_CATEGORIES)),
  kind: Type.Optional(Type.Enum(INVOICE_KINDS)),
  vendorId: Type.Optional(Uuid),
  personId: Type.Optional(Uuid),
  search: Type.Optional(SearchText()),
  /** Invoice dates from and to (both included). */
  from: Type.Optional(DateOnly),
  to: Type.Optional(DateOnly),
};

export const InvoiceQuery = Type.Object(
  {
    ...listFilters,
    /** newest (default) or oldest first: the review queue takes the oldest pending invoice first. */
    sort: Type.Optional(Type.Enum(['newest', 'oldest'])),
    ...PageQueryFields,
  },
  { additionalProperties: false },
);
export type InvoiceQuery = Static<typeof InvoiceQuery>;

export const InvoiceCounts = Type.Object({
  PENDING: Type.Integer(),
  PAID: Type.Integer(),
  REJECTED: Type.Integer(),
  total: Type.Integer(),
  /** The pending invoices' amount, whole VND as text. */
  pendingAmount: Type.String(),
});
export type InvoiceCounts = Static<typeof InvoiceCounts>;

/** Every invoice of the filters as a file, one row each (the list's Export and `backoffice invoices export`). */
export const InvoiceExportQuery = Type.Object(
  { ...listFilters, format: Type.Optional(ExportFormatField) },
  { additionalProperties: false },
);
export type InvoiceExportQuery = Static<typeof InvoiceExportQuery>;

/** One invoice's result in a bulk payment or rejection: the invoice as it is now, or why it failed. */
export const BulkInvoiceResult = Type.Object({
  results: Type.Array(
    Type.Object({
      id: Type.String(),
      ok: Type.Boolean(),
      invoice: Type.Optional(Invoice),
      code: Type.Optional(Type.String()),
      message: Type.Optional(Type.String()),
    }),
  ),
  succeeded: Type.Integer(),
  failed: Type.Integer(),
});
export type BulkInvoiceResult = Static<typeof BulkInvoiceResult>;

// ---- Reports ------------------------------------------------------------------------------------

export const InvoiceReportQuery = Type.Object(
  {
    period: Type.Optional(ReportPeriodField),
    groupBy: Type.Optional(Type.Enum(INVOICE_REPORT_GROUPS)),
    from: Type.Optional(DateOnly),
    to: Type.Optional(DateOnly),
    /** One status; by default every invoice that is not rejected (pending and paid). */
    status: Type.Optional(Type.Enum(INVOICE_STATUSES)),
    ...PageQueryFields,
  },
  { additionalProperties: false },
);
export type InvoiceReportQuery = Static<typeof InvoiceReportQuery>;
export const InvoiceReportExportQuery = Type.Object(
  { ...InvoiceReportQuery.properties, format: Type.Optional(ExportFormatField) },
  { additionalProperties: false },
);
export type InvoiceReportExportQuery = Static<typeof InvoiceReportExportQuery>;

/** Sums in whole VND as text, per group and period (by the invoice's date). */
export const InvoiceReport = Type.Object({
  period: ReportPeriodField,
  groupBy: Type.Enum(INVOICE_REPORT_GROUPS),
  from: Type.String(),
  to: Type.String(),
  status: Nullable(Type.Enum(INVOICE_STATUSES)),
  buckets: Type.Array(Type.Object({ key: Type.String(), start: Type.String(), end: Type.String() })),
  rows: Type.Array(
    Type.Object({
      key: Type.String(),
      label: Type.String(),
      values: Type.Record(Type.String(), Type.String()),
      total: Type.String(),
      count: Type.Integer(),
    }),
  ),
  totals: Type.Record(Type.String(), Type.String()),
  total: Type.String(),
  count: Type.Integer(),
  currentPage: Type.Integer({ minimum: 1 }),
  lastPage: Type.Integer({ minimum: 1 }),
  perPage: Type.Integer({ minimum: 1 }),
  totalRows: Type.Integer({ minimum: 0 }),
});
export type InvoiceReport = Static<typeof InvoiceReport>;

export const AttachmentParams = Type.Object({ id: Uuid, attachmentId: Uuid });
export type AttachmentParams = Static<typeof AttachmentParams>;
