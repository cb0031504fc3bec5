import type { Generated } from 'kysely';
import type { DEPARTMENT_STATUSES } from '../../../shared/departments.schemas.ts';
import type { EMPLOYEE_FILE_KINDS } from '../../../shared/employees.schemas.ts';
import type { CreatedAt, Defaulted, UpdatedAt } from './columns.ts';

/** The people areas' tables (employees, departments); people themselves are `users` (accounts.ts). */

export type UserFileKind = (typeof EMPLOYEE_FILE_KINDS)[number];

export interface DepartmentsTable {
  id: Generated<string>;
  name: string;
  description: string | null;
  status: Defaulted<(typeof DEPARTMENT_STATUSES)[number]>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  created_by: string | null;
  deleted_at: Date | null;
}

export interface BanksTable {
  id: Generated<string>;
  code: string;
  short_name: string;
  name: string;
  bin: string | null;
}

/** Employee documents; the bytes live in the file storage under `storage_key`. */
export interface UserFilesTable {
  id: Generated<string>;
  user_id: string;
  kind: UserFileKind;
  storage_key: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  created_at: CreatedAt;
  created_by: string | null;
  deleted_at: Date | null;
}

export interface PeopleTables {
  departments: DepartmentsTable;
  banks: BanksTable;
  user_files: UserFilesTable;
}
