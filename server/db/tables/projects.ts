import type { ColumnType, Generated } from 'kysely';
import type { ActiveStatus, ClientType, ProjectStage } from '../../../shared/projects.schemas.ts';
import type { CreatedAt, Defaulted, UpdatedAt } from './columns.ts';

/** Clients and projects (migration 20261124_0100). */

export type { ActiveStatus, ClientType, ProjectStage };

export interface ClientsTable {
  id: Generated<string>;
  name: string;
  description: string | null;
  type: Defaulted<ClientType>;
  email: string | null;
  status: Defaulted<ActiveStatus>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  created_by: string | null;
  deleted_at: Date | null;
  /** Generated: name and email, lower-cased and without accents, for search. */
  search_text: ColumnType<string, never, never>;
}

export interface ProjectsTable {
  id: Generated<string>;
  client_id: string;
  name: string;
  description: string | null;
  start_date: string | null;
  end_date: string | null;
  stage: Defaulted<ProjectStage>;
  status: Defaulted<ActiveStatus>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  created_by: string | null;
  deleted_at: Date | null;
  search_text: ColumnType<string, never, never>;
}

export interface ProjectStageChangesTable {
  id: Generated<string>;
  project_id: string;
  from_stage: ProjectStage | null;
  to_stage: ProjectStage;
  changed_at: CreatedAt;
  changed_by: string | null;
  changed_by_label: string;
}

export interface ProjectMembersTable {
  id: Generated<string>;
  project_id: string;
  user_id: string;
  /** A role of type PROJECT. */
  role_id: string;
  note: string | null;
  joined_at: string | null;
  exited_at: string | null;
  status: Defaulted<ActiveStatus>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  created_by: string | null;
  deleted_at: Date | null;
}

export interface ProjectsTables {
  clients: ClientsTable;
  projects: ProjectsTable;
  project_stage_changes: ProjectStageChangesTable;
  project_members: ProjectMembersTable;
}
