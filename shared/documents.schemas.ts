import { Type, type Static, type TSchema } from 'typebox';
import { Name, SearchText, Text, TEXT_MAX, TEXT_SHORT, Uuid } from './common.schemas.ts';
import { Paged, PageQueryFields, type Page } from './paging.schemas.ts';
import { DOCX, ODS, ODT, PPTX, XLSX, type DetectedType } from './rules/file-type.ts';

/**
 * Document management (spec sections 1-2, `/document-management`; the entities are "not shown" and
 * designed here): company documents in categories, their versions, who may see each one, and read
 * acknowledgements per version.
 */

/** A regulation always requires acknowledgement (the personal data protection regulations are regulations). */
export const DOCUMENT_CATEGORIES = ['POLICY', 'REGULATION', 'TEMPLATE', 'GUIDE', 'OTHER'] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];
/** EVERYONE: every active person; ROLES / DEPARTMENTS: holders of the chosen roles, members of the chosen departments. */
export const DOCUMENT_VISIBILITIES = ['EVERYONE', 'ROLES', 'DEPARTMENTS'] as const;
export type DocumentVisibility = (typeof DOCUMENT_VISIBILITIES)[number];

/** PDF and common office files, judged by content; 20 MB each. */
export const DOCUMENT_FILE_TYPES: readonly DetectedType[] = ['application/pdf', DOCX, XLSX, PPTX, ODT, ODS];
export const DOCUMENT_FILE_MAX_MB = 20;
/** At most this many roles or departments may be chosen for one document. */
export const DOCUMENT_AUDIENCE_MAX = 100;

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** A form sends booleans as text. */
const FormBoolean = Type.Boolean();

export const DocumentQuery = Type.Object(
  {
    search: Type.Optional(SearchText()),
    category: Type.Optional(Type.Enum(DOCUMENT_CATEGORIES)),
    /** true: only documents the caller must still acknowledge. */
    toAcknowledge: Type.Optional(Type.Boolean()),
    ...PageQueryFields,
  },
  { additionalProperties: false },
);
export type DocumentQuery = Static<typeof DocumentQuery>;

/** The fields of a new document (JSON is refused: the first version's file is required, as `file`). */
export const DocumentBody = Type.Object(
  {
    title: Name(TEXT_SHORT),
    description: Type.Optional(Nullable(Text(TEXT_MAX))),
    category: Type.Enum(DOCUMENT_CATEGORIES),
    visibility: Type.Enum(DOCUMENT_VISIBILITIES),
    roleIds: Type.Optional(Type.Array(Uuid, { maxItems: DOCUMENT_AUDIENCE_MAX, uniqueItems: true })),
    departmentIds: Type.Optional(Type.Array(Uuid, { maxItems: DOCUMENT_AUDIENCE_MAX, uniqueItems: true })),
    requiresAcknowledgement: Type.Optional(FormBoolean),
    note: Type.Optional(Nullable(Text(TEXT_SHORT))),
  },
  { additionalProperties: false },
);
export type DocumentBody = Static<typeof DocumentBody>;

/** Changes to a document's fields (not its file: a new file is a new version). */
export const DocumentUpdateBody = Type.Object(
  {
    title: Type.Optional(Name(TEXT_SHORT)),
    description: Type.Optional(Nullable(Text(TEXT_MAX))),
    category: Type.Optional(Type.Enum(DOCUMENT_CATEGORIES)),
    visibility: Type.Optional(Type.Enum(DOCUMENT_VISIBILITIES)),
    roleIds: Type.Optional(Type.Array(Uuid, { maxItems: DOCUMENT_AUDIENCE_MAX, uniqueItems: true })),
    departmentIds: Type.Optional(Type.Array(Uuid, { maxItems: DOCUMENT_AUDIENCE_MAX, uniqueItems: true })),
    requiresAcknowledgement: Type.Optional(Type.Boolean()),
    /** The version the editor saw (412 when someone saved in between). */
    version: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export type DocumentUpdateBody = Static<typeof DocumentUpdateBody>;

/** A new version: the file (`file`) and an optional note on what changed. */
export const DocumentVersionBody = Type.Object(
  { note: Type.Optional(Nullable(Text(TEXT_SHORT))) },
  { additionalProperties: false },
);
export type DocumentVersionBody = Static<typeof DocumentVersionBody>;

export const DocumentVersionParams = Type.Object({ id: Uuid, versionId: Uuid });
export type DocumentVersionParams = Static<typeof DocumentVersionParams>;

export const DocumentFileQuery = Type.Object(
  { download: Type.Optional(Type.Boolean({ description: 'true: as a download' })) },
  { additionalProperties: false },
);

export const DocumentVersion = Type.Object({
  id: Type.String(),
  number: Type.Integer(),
  fileName: Type.String(),
  contentType: Type.String(),
  sizeBytes: Type.Integer(),
  note: Nullable(Type.String()),
  createdAt: Type.String(),
  createdBy: Nullable(Type.String()),
});
export type DocumentVersion = Static<typeof DocumentVersion>;

const Named = Type.Object({ id: Type.String(), name: Type.String() });

export const DocumentAbilities = Type.Object({
  edit: Type.Boolean(),
  delete: Type.Boolean(),
  upload: Type.Boolean(),
  track: Type.Boolean(),
  acknowledge: Type.Boolean(),
});

export const Document = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Nullable(Type.String()),
  category: Type.Enum(DOCUMENT_CATEGORIES),
  visibility: Type.Enum(DOCUMENT_VISIBILITIES),
  roles: Type.Array(Named),
  departments: Type.Array(Named),
  requiresAcknowledgement: Type.Boolean(),
  currentVersion: DocumentVersion,
  /** When the caller acknowledged the current version (null: not yet, or not required). */
  acknowledgedAt: Nullable(Type.String()),
  /** For those who track acknowledgements: how many of the audience have acknowledged the current version. */
  acknowledgedCount: Nullable(Type.Integer()),
  audienceCount: Nullable(Type.Integer()),
  version: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  abilities: DocumentAbilities,
});
export type Document = Static<typeof Document>;
export const DocumentPage = Paged(Document);
export type DocumentPage = Page<Document>;

export const DocumentDetail = Type.Object({ ...Document.properties, versions: Type.Array(DocumentVersion) });
export type DocumentDetail = Static<typeof DocumentDetail>;

/** The roles and departments a document may be shown to (the form's choices). */
export const AudienceOptions = Type.Object({
  roles: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), type: Type.String() })),
  departments: Type.Array(Named),
});
export type AudienceOptions = Static<typeof AudienceOptions>;

export const ToAcknowledgeCount = Type.Object({ count: Type.Integer({ minimum: 0 }) });
export type ToAcknowledgeCount = Static<typeof ToAcknowledgeCount>;

/** Who has and has not acknowledged one version (the current one by default). */
export const AcknowledgementQuery = Type.Object(
  {
    versionId: Type.Optional(Uuid),
    status: Type.Optional(Type.Enum(['ACKNOWLEDGED', 'PENDING'] as const)),
    ...PageQueryFields,
  },
  { additionalProperties: false },
);
export type AcknowledgementQuery = Static<typeof AcknowledgementQuery>;

export const AcknowledgementRow = Type.Object({
  userId: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  department: Nullable(Type.String()),
  acknowledgedAt: Nullable(Type.String()),
});
export const AcknowledgementPage = Type.Object({
  ...Paged(AcknowledgementRow).properties,
  versionId: Type.String(),
  versionNumber: Type.Integer(),
  acknowledgedCount: Type.Integer(),
  pendingCount: Type.Integer(),
});
export type AcknowledgementPage = Static<typeof AcknowledgementPage>;

export const ReminderResult = Type.Object({ remindedCount: Type.Integer({ minimum: 0 }) });
export type ReminderResult = Static<typeof ReminderResult>;

export const Acknowledgement = Type.Object({ versionId: Type.String(), acknowledgedAt: Type.String() });
export type Acknowledgement = Static<typeof Acknowledgement>;
