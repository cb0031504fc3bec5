import type { ColumnType, Generated } from 'kysely';
import type {
  CloudRole,
  CloudService,
  ConnectionCategory,
  ConnectionKind,
  ConnectionProvider,
  OffboardingAction,
  OffboardingState,
  ProviderErrorCode,
  ServiceRoleColor,
  SyncStatus,
  SyncTrigger,
  VcsType,
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

/** migrations/20261128_0100_connection_accounts.ts: every other provider's accounts, one table. */
export interface ProviderAccountsTable {
  id: Generated<string>;
  connection_id: string;
  external_id: string;
  username: string;
  display_name: string;
  email: string | null;
  /** The provider's word for the account's standing (admin, member, owner, guest). */
  role: string | null;
  active: Defaulted<boolean>;
  note: string | null;
  removed_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ProviderAccountAssigneesTable {
  provider_account_id: string;
  user_id: string;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface GitRepositoriesTable {
  id: Generated<string>;
  connection_id: string;
  external_id: string;
  vcs_type: VcsType;
  name: string;
  full_name: string;
  url: string;
  description: string | null;
  owner: string;
  upstream_created_at: Date | null;
  /** provider_accounts.external_id of those with access. */
  collaborators: ColumnType<string[], string | undefined, string>;
  removed_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface DiscordChannelsTable {
  id: Generated<string>;
  connection_id: string;
  external_id: string;
  name: string;
  channel_type: number;
  position: Defaulted<number>;
  removed_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ProjectGitRepositoriesTable {
  id: Generated<string>;
  project_id: string;
  git_repository_id: string;
  status: Defaulted<ActiveStatus>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ServiceRolesTable {
  id: Generated<string>;
  name: string;
  color: ServiceRoleColor;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deleted_at: Date | null;
}

export interface CloudAccountsTable {
  id: Generated<string>;
  service: CloudService;
  account_id: string;
  name: string;
  note: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ProjectCloudAccountsTable {
  id: Generated<string>;
  project_id: string;
  cloud_account_id: string;
  role: CloudRole;
  service_role_id: string | null;
  note: string | null;
  status: Defaulted<ActiveStatus>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface OffboardingItemsTable {
  id: Generated<string>;
  user_id: string;
  provider_account_id: string | null;
  jira_account_id: string | null;
  connection_id: string | null;
  provider: ConnectionProvider;
  account_label: string;
  action: OffboardingAction;
  state: Defaulted<OffboardingState>;
  result_code: string | null;
  result_detail: string | null;
  attempted_at: Date | null;
  closed_at: Date | null;
  closed_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
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
  provider_accounts: ProviderAccountsTable;
  provider_account_assignees: ProviderAccountAssigneesTable;
  git_repositories: GitRepositoriesTable;
  discord_channels: DiscordChannelsTable;
  project_git_repositories: ProjectGitRepositoriesTable;
  service_roles: ServiceRolesTable;
  cloud_accounts: CloudAccountsTable;
  project_cloud_accounts: ProjectCloudAccountsTable;
  offboarding_items: OffboardingItemsTable;
}
