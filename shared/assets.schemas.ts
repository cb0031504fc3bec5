import { Type, type Static, type TSchema } from 'typebox';
import { Name, SearchText, Text, Uuid } from './common.schemas.ts';
import { Paged, PageQueryFields } from './paging.schemas.ts';
import { ExportFormatField } from './reporting.schemas.ts';
import { ASSET_VALUE_BANDS, CIA_LABELS, CONFIDENTIALITY_LABELS } from './rules/asset-value.ts';

/**
 * Company assets (spec section 2-9; the calls are "not shown" there and designed here): what the
 * company owns, its information-security labels, who holds it and who held it, its QR code, and
 * asset audits.
 */

export { ASSET_VALUE_BANDS, CIA_LABELS, CONFIDENTIALITY_LABELS } from './rules/asset-value.ts';
export type { AssetValueBand, CiaLabel, ConfidentialityLabel } from './rules/asset-value.ts';

export const ASSET_TYPES = ['HARDWARE', 'INFORMATION', 'SOFTWARE', 'HR', 'ZONE'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];
export const ASSET_STATUSES = ['IN_USE', 'DAMAGED', 'IN_STORAGE'] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];
/** The spec's numbers: LOW=1, MEDIUM=2, HIGH=3 (stored as the number). */
export const ASSET_PRIORITIES = ['LOW', 'MEDIUM', 'HIGH'] as const;
export type AssetPriority = (typeof ASSET_PRIORITIES)[number];
export const PRIORITY_NUMBER: Record<AssetPriority, number> = { LOW: 1, MEDIUM: 2, HIGH: 3 };
/** The spec's numbers: INFORMATION=0, ASSIGNMENT=1 (stored as the number). */
export const ASSET_KINDS = ['INFORMATION', 'ASSIGNMENT'] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];
export const KIND_NUMBER: Record<AssetKind, number> = { INFORMATION: 0, ASSIGNMENT: 1 };
export const ASSET_TABS = ['MY_ASSET', 'COMPANY_ASSET'] as const;
export type AssetTab = (typeof ASSET_TABS)[number];
/** 1 GB in bytes: storage is typed in GB and kept in bytes. */
export const GB = 1073741824;
/** A scanned photo may be at most this large. */
export const QR_SCAN_MAX_MB = 1;
/** Labels are 4 cm squares; at 72 dpi that is 113 pixels (4 / 2.54 × 72). */
export const QR_LABEL_PIXELS = 113;
export const BULK_MAX = 500;

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const Person = Type.Object({
  id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  avatarUrl: Nullable(Type.String()),
  /** An assignee who is no longer active is flagged. */
  active: Type.Boolean(),
});
export type AssetPerson = Static<typeof Person>;

export const AssetBody = Type.Object(
  {
    name: Name(150),
    type: Type.Enum(ASSET_TYPES),
    /** IN_USE needs an assignee: assign the asset instead. */
    status: Type.Optional(Type.Enum(['DAMAGED', 'IN_STORAGE'] as const)),
    serialNumber: Type.Optional(Nullable(Text(100))),
    quantity: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
    /** GB (1 GB = 1073741824 bytes). */
    storageGb: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 1_000_000 }))),
    processors: Type.Optional(Nullable(Text(255))),
    priority: Type.Enum(ASSET_PRIORITIES),
    kind: Type.Enum(ASSET_KINDS),
    description: Type.Optional(Nullable(Text(2000))),
    location: Type.Optional(Nullable(Text(255))),
    ownerId: Type.Optional(Nullable(Uuid)),
    confidentiality: Type.Enum(CONFIDENTIALITY_LABELS),
    integrity: Type.Enum(CIA_LABELS),
    availability: Type.Enum(CIA_LABELS),
  },
  { additionalProperties: false },
);
export type AssetBody = Static<typeof AssetBody>;

export const AssetUpdateBody = Type.Object(
  { ...AssetBody.properties, version: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);
export type AssetUpdateBody = Static<typeof AssetUpdateBody>;

export const AssetAbilities = Type.Object({
  edit: Type.Boolean(),
  delete: Type.Boolean(),
  assign: Type.Boolean(),
  checkIn: Type.Boolean(),
  changeStatus: Type.Boolean(),
});

export const Asset = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: Type.Enum(ASSET_TYPES),
  status: Type.Enum(ASSET_STATUSES),
  serialNumber: Nullable(Type.String()),
  quantity: Type.Integer(),
  storageGb: Nullable(Type.Number()),
  processors: Nullable(Type.String()),
  priority: Type.Enum(ASSET_PRIORITIES),
  kind: Type.Enum(ASSET_KINDS),
  description: Nullable(Type.String()),
  location: Nullable(Type.String()),
  owner: Nullable(Person),
  confidentiality: Type.Enum(CONFIDENTIALITY_LABELS),
  integrity: Type.Enum(CIA_LABELS),
  availability: Type.Enum(CIA_LABELS),
  /** C + I + A, 3-9. */
  securityValue: Type.Integer(),
  securityBand: Type.Enum(ASSET_VALUE_BANDS),
  assignee: Nullable(Person),
  assignedAt: Nullable(Type.String()),
  /** Assigned to someone who is no longer active: needs a check-in. */
  assigneeInactive: Type.Boolean(),
  /** What the asset's QR code holds: its page. */
  url: Type.String(),
  version: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  abilities: AssetAbilities,
});
export type Asset = Static<typeof Asset>;
export const AssetPage = Paged(Asset);
export type AssetPage = Static<typeof AssetPage>;

export const AssetAssignment = Type.Object({
  id: Type.String(),
  person: Person,
  assignedAt: Type.String(),
  returnedAt: Nullable(Type.String()),
  assignedBy: Nullable(Type.String()),
  returnedBy: Nullable(Type.String()),
});
export type AssetAssignment = Static<typeof AssetAssignment>;

export const AssetRisk = Type.Object({
  id: Type.String(),
  name: Type.String(),
  impact: Type.Integer(),
  likelihood: Type.Integer(),
  level: Type.Integer(),
  levelBand: Type.String(),
  state: Type.String(),
});

export const AssetDetail = Type.Object({
  ...Asset.properties,
  /** Who held it, latest first. */
  history: Type.Array(AssetAssignment),
  /** Its risks and their levels; null for someone who may not see risks. */
  risks: Nullable(Type.Array(AssetRisk)),
});
export type AssetDetail = Static<typeof AssetDetail>;

export const ASSET_SORTS = [
  'name',
  '-name',
  'securityValue',
  '-securityValue',
  'createdAt',
  '-createdAt',
] as const;
export type AssetSort = (typeof ASSET_SORTS)[number];

const AssetFilterFields = {
  /** MY_ASSET: the caller's; COMPANY_ASSET: every asset (assets.view). Default: COMPANY_ASSET for those who may see it. */
  tab: Type.Optional(Type.Enum(ASSET_TABS)),
  search: Type.Optional(SearchText(150)),
  type: Type.Optional(Type.Enum(ASSET_TYPES)),
  status: Type.Optional(Type.Enum(ASSET_STATUSES)),
  band: Type.Optional(Type.Enum(ASSET_VALUE_BANDS)),
  /** true: the assigned-assets view; false: those nobody holds. */
  assigned: Type.Optional(Type.Boolean()),
  assigneeId: Type.Optional(Uuid),
  /** Only assets held by someone no longer active. */
  inactiveAssignee: Type.Optional(Type.Boolean()),
  sort: Type.Optional(Type.Enum(ASSET_SORTS)),
};

export const AssetQuery = Type.Object(
  { ...AssetFilterFields, ...PageQueryFields },
  { additionalProperties: false },
);
export type AssetQuery = Static<typeof AssetQuery>;

export const AssetExportQuery = Type.Object(
  { ...AssetFilterFields, format: Type.Optional(ExportFormatField) },
  { additionalProperties: false },
);
export type AssetExportQuery = Static<typeof AssetExportQuery>;

export const AssignBody = Type.Object({ assigneeId: Uuid }, { additionalProperties: false });
export type AssignBody = Static<typeof AssignBody>;

/** Check-in is its own call; IN_STORAGE here checks the asset in as well. */
export const AssetStatusBody = Type.Object(
  { status: Type.Enum(['DAMAGED', 'IN_STORAGE'] as const) },
  { additionalProperties: false },
);
export type AssetStatusBody = Static<typeof AssetStatusBody>;

export const BULK_ACTIONS = ['assign', 'checkIn', 'setStatus'] as const;
export const AssetBulkBody = Type.Object(
  {
    action: Type.Enum(BULK_ACTIONS),
    ids: Type.Array(Uuid, { minItems: 1, maxItems: BULK_MAX, uniqueItems: true }),
    assigneeId: Type.Optional(Uuid),
    status: Type.Optional(Type.Enum(['DAMAGED', 'IN_STORAGE'] as const)),
  },
  { additionalProperties: false },
);
export type AssetBulkBody = Static<typeof AssetBulkBody>;
export const AssetBulkResult = Type.Object({ updated: Type.Integer() });
export type AssetBulkResult = Static<typeof AssetBulkResult>;

export const QrCodesQuery = Type.Object(
  { ids: Type.Array(Uuid, { minItems: 1, maxItems: BULK_MAX, uniqueItems: true }) },
  { additionalProperties: false },
);
export type QrCodesQuery = Static<typeof QrCodesQuery>;
export const QrCode = Type.Object({
  id: Type.String(),
  name: Type.String(),
  serialNumber: Nullable(Type.String()),
  url: Type.String(),
  /** A PNG of 113 × 113 pixels (4 cm at 72 dpi) as a data URL. */
  dataUrl: Type.String(),
});
export const QrCodeList = Type.Object({ items: Type.Array(QrCode) });
export type QrCodeList = Static<typeof QrCodeList>;

export const ScanResult = Type.Object({ assetId: Type.String(), url: Type.String() });
export type ScanResult = Static<typeof ScanResult>;

export const AssetImportQuery = Type.Object(
  { dryRun: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type AssetImportQuery = Static<typeof AssetImportQuery>;
export const AssetImportReport = Type.Object({
  total: Type.Integer(),
  created: Type.Integer(),
  updated: Type.Integer(),
  dryRun: Type.Boolean(),
  errors: Type.Array(
    Type.Object({
      row: Type.Integer(),
      column: Type.String(),
      field: Type.String(),
      code: Type.String(),
      message: Type.String(),
    }),
  ),
});
export type AssetImportReport = Static<typeof AssetImportReport>;

// ---- Asset audits ------------------------------------------------------------------------------

export const AssetAuditBody = Type.Object({ name: Name(150) }, { additionalProperties: false });
export type AssetAuditBody = Static<typeof AssetAuditBody>;
export const AuditCheckBody = Type.Object(
  { assetId: Uuid, location: Name(255) },
  { additionalProperties: false },
);
export type AuditCheckBody = Static<typeof AuditCheckBody>;

export const AssetAudit = Type.Object({
  id: Type.String(),
  name: Type.String(),
  createdAt: Type.String(),
  createdBy: Nullable(Type.String()),
  /** When the audit was closed: its findings are final and no more assets are confirmed in it. */
  closedAt: Nullable(Type.String()),
  confirmedCount: Type.Integer(),
  assetCount: Type.Integer(),
});
export type AssetAudit = Static<typeof AssetAudit>;
export const AssetAuditList = Type.Object({ items: Type.Array(AssetAudit) });
export type AssetAuditList = Static<typeof AssetAuditList>;

export const AssetAuditDetail = Type.Object({
  ...AssetAudit.properties,
  confirmed: Type.Array(
    Type.Object({
      assetId: Type.String(),
      name: Type.String(),
      serialNumber: Nullable(Type.String()),
      location: Type.String(),
      confirmedBy: Nullable(Type.String()),
      confirmedAt: Type.String(),
    }),
  ),
  /** Live assets nobody has confirmed in this audit. */
  notSeen: Type.Array(
    Type.Object({
      assetId: Type.String(),
      name: Type.String(),
      serialNumber: Nullable(Type.String()),
      location: Nullable(Type.String()),
    }),
  ),
});
export type AssetAuditDetail = Static<typeof AssetAuditDetail>;
