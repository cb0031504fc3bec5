import type { Generated } from 'kysely';
import type { DocumentCategory, DocumentVisibility } from '../../../shared/documents.schemas.ts';
import type { ConsentKind, ConsentSource } from '../../../shared/privacy.schemas.ts';
import type { CreatedAt, Defaulted, UpdatedAt } from './columns.ts';

/** Document management and personal data protection (migrations 20261128_0600 and _0700). */

export interface DocumentsTable {
  id: Generated<string>;
  title: string;
  description: string | null;
  category: DocumentCategory;
  visibility: DocumentVisibility;
  requires_acknowledgement: Defaulted<boolean>;
  /** The number of the current (newest) version. */
  current_version: Defaulted<number>;
  /** Optimistic lock of the fields. */
  version: Defaulted<number>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deleted_at: Date | null;
}

export interface DocumentRolesTable {
  document_id: string;
  role_id: string;
}

export interface DocumentDepartmentsTable {
  document_id: string;
  department_id: string;
}

export interface DocumentVersionsTable {
  id: Generated<string>;
  document_id: string;
  number: number;
  storage_key: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  note: string | null;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface DocumentAcknowledgementsTable {
  version_id: string;
  user_id: string;
  acknowledged_at: CreatedAt;
  ip: string | null;
}

export interface ConsentRecordsTable {
  id: Generated<string>;
  user_id: string;
  kind: ConsentKind;
  source: ConsentSource;
  agreed_at: Date;
  ip: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
}

export interface PrivacyAnonymisationsTable {
  user_id: string;
  /** `date`: 'YYYY-MM-DD'. */
  offboard_date: string;
  retention_months: number;
  fields: string[];
  anonymised_at: CreatedAt;
  anonymised_by: string | null;
}

export interface DocumentsTables {
  documents: DocumentsTable;
  document_roles: DocumentRolesTable;
  document_departments: DocumentDepartmentsTable;
  document_versions: DocumentVersionsTable;
  document_acknowledgements: DocumentAcknowledgementsTable;
  consent_records: ConsentRecordsTable;
  privacy_anonymisations: PrivacyAnonymisationsTable;
}
