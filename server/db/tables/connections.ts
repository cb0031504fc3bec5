import type { Generated } from 'kysely';
import type {
  ConnectionCategory,
  ConnectionKind,
  ConnectionProvider,
  ProviderErrorCode,
  SyncStatus,
  SyncTrigger,
} from '../../../shared/connections.schemas.ts';
import type { ActiveStatus } from '../../../shared/projects.schemas.ts';
import type { CreatedAt, Defaulted, Json, UpdatedAt } from './columns.ts';

/** The connections area's tables (migrations/20261127_0200_connections.ts). */

export interface ConnectionsTable {
  id: Generated<string>;
  name: string;
  provider: ConnectionProvider;
  category: ConnectionCategory;
  kind: ConnectionKind;
  /** Normalised: lower-case scheme and host, no trailing slash. */
  base_url: string;
  path: Defaulted<string>;
  account_email: string | null;
  /** AES-256-GCM (token-crypto.ts); never sent out, never logged. Empty once removed. */
  token_ciphertext: string;
  token_last4: string;
  status: Defaulted<ActiveStatus>;
  connected_at: Defaulted<Date>;
  last_succeeded_at: Date | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deleted_at: Date | null;
}

export interface ConnectionSyncRunsTable {
  id: Generated<string>;
  connection_id: string;
  trigger: SyncTrigger;
  status: Defaulted<SyncStatus>;
  started_at: Defaulted<Date>;
  finished_at: Date | null;
  started_by: string | null;
  started_by_label: string;
  counts: Json;
  error_code: ProviderErrorCode | null;
  error_detail: string | null;
}

export interface JiraProjectsTable {
  id: Generated<string>;
  connection_id: string;
  external_id: string;
  key: string;
  name: string;
  lead_account_id: string | null;
  lead_name: string | null;
  total_issues: Defaulted<number>;
  removed_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface JiraAccountsTable {
  id: Generated<string>;
  connection_id: string;
  account_id: string;
  display_name: string;
  email: string | null;
  active: Defaulted<boolean>;
  note: string | null;
  removed_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface JiraAccountAssigneesTable {
  jira_account_id: string;
  user_id: string;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface JiraIssuesTable {
  id: Generated<string>;
  connection_id: string;
  jira_project_id: string;
  external_id: string;
  key: string;
  summary: string;
  status: string;
  issue_updated_at: Date | null;
  removed_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ProjectJiraProjectsTable {
  id: Generated<string>;
  project_id: string;
  jira_project_id: string;
  status: Defaulted<ActiveStatus>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** Written by the work-logs area (worklog-jira.repository.ts): a log's push to one Jira issue. */
export interface WorkLogJiraPushesTable {
  id: Generated<string>;
  work_log_id: string;
  issue_key: string;
  connection_id: string | null;
  state: 'PENDING' | 'PUSHED' | 'FAILED';
  jira_worklog_id: string | null;
  seconds: number | null;
  work_log_version: number;
  pushed_at: Date | null;
  attempted_at: Defaulted<Date>;
  error_code: ProviderErrorCode | null;
  error_detail: string | null;
}

export interface ConnectionsTables {
  connections: ConnectionsTable;
  connection_sync_runs: ConnectionSyncRunsTable;
  jira_projects: JiraProjectsTable;
  jira_accounts: JiraAccountsTable;
  jira_account_assignees: JiraAccountAssigneesTable;
  jira_issues: JiraIssuesTable;
  project_jira_projects: ProjectJiraProjectsTable;
  work_log_jira_pushes: WorkLogJiraPushesTable;
}
