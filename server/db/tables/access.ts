import type { Generated } from 'kysely';
import type { ACCESS_REQUEST_STATUSES } from '../../../shared/account.schemas.ts';
import type { RoleType } from '../../../shared/permissions.ts';
import type { ActiveStatus } from '../../../shared/projects.schemas.ts';
import type { CreatedAt, Defaulted, UpdatedAt } from './columns.ts';

/** The access area's tables: permissions, roles, who holds them, and requests for access. */

export type RoleStatus = ActiveStatus;
export type AccessRequestStatus = (typeof ACCESS_REQUEST_STATUSES)[number];

export interface PermissionsTable {
  key: string;
  area: string;
  role_types: string[];
}

export interface RolesTable {
  id: Generated<string>;
  name: string;
  description: string | null;
  type: RoleType;
  status: Defaulted<RoleStatus>;
  built_in_key: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  created_by: string | null;
  deleted_at: Date | null;
}

export interface RolePermissionsTable {
  role_id: string;
  permission_key: string;
}

export interface UserRolesTable {
  id: Generated<string>;
  user_id: string;
  role_id: string;
  /** Set for PROJECT roles: the project the role applies to. */
  project_id: string | null;
  /** Set when the grant comes from a project membership (the projects area keeps these in step). */
  project_member_id: Defaulted<string | null>;
  created_at: CreatedAt;
  created_by: string | null;
}

export interface AccessRequestsTable {
  id: Generated<string>;
  requester_id: string;
  path: string;
  permission: string | null;
  reason: string | null;
  status: Defaulted<AccessRequestStatus>;
  granted_role_id: string | null;
  review_note: string | null;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  created_by: string | null;
}

export interface AccessTables {
  permissions: PermissionsTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  user_roles: UserRolesTable;
  access_requests: AccessRequestsTable;
}
