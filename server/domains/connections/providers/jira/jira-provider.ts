import type { ServiceContext } from '../../../../core/context.ts';
import type { ProviderModule } from '../provider.ts';
import {
  jiraClient,
  jiraIssues,
  jiraMyself,
  jiraProjects,
  jiraUsers,
  type JiraIssueData,
  type JiraProjectData,
  type JiraUserData,
} from './jira-client.ts';
import * as repo from './jira-sync.repository.ts';

/**
 * Jira as a connection: the test asks whom the token belongs to; a sync reads every project (lead,
 * issue count), every person's account, and the issues of the projects linked to a Backoffice
 * project (work logs name them), then writes them in bulk.
 */

interface JiraSnapshot {
  projects: JiraProjectData[];
  users: JiraUserData[];
  /** The projects whose issues were read whole (their missing issues are gone upstream). */
  issueProjectKeys: string[];
  issues: JiraIssueData[];
}

export const jiraProvider: ProviderModule<JiraSnapshot> = {
  async test(credentials, policy) {
    return { account: await jiraMyself(jiraClient(credentials, policy), policy) };
  },

  async fetch(ctx: ServiceContext, connectionId, credentials, policy) {
    const client = jiraClient(credentials, policy);
    const projects = await jiraProjects(client, policy);
    const users = await jiraUsers(client, policy);
    const upstream = new Set(projects.map((project) => project.key));
    // Issues of linked projects that still exist (a project gone upstream has none to read).
    const linked = (await repo.listLinkedProjectKeys(ctx.db, connectionId)).filter((key) =>
      upstream.has(key),
    );
    const issues = await jiraIssues(client, policy, linked);
    return { projects, users, issueProjectKeys: linked, issues };
  },

  async store(tx, connectionId, snapshot) {
    const projects = await repo.upsertProjects(tx.db, connectionId, snapshot.projects);
    const projectsRemoved = await repo.markProjectsRemoved(
      tx.db,
      connectionId,
      snapshot.projects.map((p) => p.externalId),
    );
    const accounts = await repo.upsertAccounts(tx.db, connectionId, snapshot.users);
    const accountsRemoved = await repo.markAccountsRemoved(
      tx.db,
      connectionId,
      snapshot.users.map((u) => u.accountId),
    );
    const issues = await repo.upsertIssues(tx.db, connectionId, snapshot.issues);
    const issuesRemoved = await repo.markIssuesRemoved(
      tx.db,
      connectionId,
      snapshot.issueProjectKeys,
      snapshot.issues.map((i) => i.externalId),
    );
    return {
      projects: { seen: snapshot.projects.length, ...projects, removed: projectsRemoved },
      accounts: { seen: snapshot.users.length, ...accounts, removed: accountsRemoved },
      issues: { seen: snapshot.issues.length, ...issues, removed: issuesRemoved },
    };
  },
};
