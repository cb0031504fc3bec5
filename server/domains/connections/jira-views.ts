import type { JiraAccount, JiraProject, LinkedJiraProject } from '../../../shared/connections.schemas.ts';
import type { Actor } from '../../core/context.ts';
import { syncState } from './connection-views.ts';
import { jiraAccountPolicy, jiraLinkPolicy } from './connections.policy.ts';
import type { AccountRow, listAssignees } from './jira-accounts.repository.ts';
import type { JiraProjectRow, LinkRow } from './jira.repository.ts';

/** Synced Jira records as the API sends them. */

export function toJiraProject(row: JiraProjectRow): JiraProject {
  return {
    id: row.id,
    managementTool: 'JIRA',
    key: row.key,
    name: row.name,
    connection: {
      id: row.connection_id,
      name: row.connection_name,
      syncState: syncState(row.last_succeeded_at, row.last_run_status ?? null),
    },
    totalIssues: row.total_issues,
    lead: row.lead_name,
    removedAt: row.removed_at?.toISOString() ?? null,
  };
}

export function toLinkedJiraProject(actor: Actor, row: LinkRow): LinkedJiraProject {
  const abilities = jiraLinkPolicy.abilities(actor, { projectId: row.project_id });
  return {
    ...toJiraProject(row),
    status: row.link_status,
    linkedAt: row.linked_at.toISOString(),
    abilities: { changeStatus: abilities.changeStatus, delete: abilities.unlink },
  };
}

type AssigneeRow = Awaited<ReturnType<typeof listAssignees>>[number];

export function toJiraAccount(actor: Actor, row: AccountRow, assignees: readonly AssigneeRow[]): JiraAccount {
  return {
    id: row.id,
    accountId: row.account_id,
    displayName: row.display_name,
    email: row.email,
    active: row.active,
    connection: { id: row.connection_id, name: row.connection_name },
    note: row.note,
    assignees: assignees
      .filter((a) => a.jira_account_id === row.id)
      .map((a) => ({ id: a.id, firstName: a.first_name, lastName: a.last_name, email: a.email })),
    removedAt: row.removed_at?.toISOString() ?? null,
    abilities: { edit: jiraAccountPolicy.can(actor, 'edit', { projectIds: row.project_ids }) },
  };
}
