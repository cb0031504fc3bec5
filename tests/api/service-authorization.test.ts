import { globSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import t from 'tap';
import type { ErrorCode } from '../../shared/errors.ts';
import { PERMISSION_KEYS, type Permission } from '../../shared/permissions.ts';
import { createContext, SYSTEM_ACTOR, type Actor, type ServiceContext } from '../../server/core/context.ts';
import { AppError } from '../../server/core/errors.ts';
import { testConfig } from '../helpers/build-app.ts';
import { createRole, createUser, DEFAULT_PASSWORD, type UserOptions } from '../helpers/factories.ts';
import { addMember, createClient, createProject } from '../helpers/project-factories.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import { absenceTypeId, workWeek } from '../helpers/leave-factories.ts';
import { pastWeek } from '../helpers/worklog-factories.ts';
import {
  createChild as insertRecurringChild,
  createRecurringTask as insertRecurringTask,
} from '../helpers/recurring-task-factories.ts';
import { createVendor, days, insertInvoice } from '../helpers/invoice-factories.ts';
import { fileStorage } from '../../server/core/files/file-storage.ts';
import { linkedJiraProject } from '../helpers/connection-factories.ts';
import { startJiraTestServer } from '../helpers/jira-test-server.ts';
import { qrPng } from '../../server/domains/assets/qr-code.ts';
import { createAsset as insertAsset, createRisk as insertRisk } from '../helpers/asset-factories.ts';
import {
  createVault,
  deriveRecoveryKeys,
  derivePasscodeKeys,
  newItemKey,
  rewrapForPasscode,
  sealJson,
  wrapItemKey,
} from '../../shared/crypto/vault-crypto.ts';
import { encryptForLink, verifierOf } from '../../shared/crypto/secure-share-crypto.ts';
import {
  insertApplication as insertHiringApplication,
  insertCampaign as insertHiringCampaign,
} from '../helpers/recruitment-factories.ts';
import { writeFileSync as writeFile, mkdirSync as makeFolder } from 'node:fs';
import { connectDatabase } from '../../server/db/connect.ts';
import { emptyDatabase } from '../helpers/backup-fixtures.ts';

/**
 * Authorization tested at the service (issue 8, item 2; Immich does the same): every exported
 * function of every `server/domains/**\/*.service.ts` has a row below saying how to call it and
 * who may. Each row is called as nobody (an anonymous actor), as a person lacking the permission
 * (holding every other one), and as one holding it: the first two are refused (FORBIDDEN or
 * UNAUTHENTICATED, NOT_FOUND where the rule is to hide), the holder gets through. A new service
 * function, or a new service file, without a row fails this file.
 *
 * Rows are keyed by function name, so moving a function between files means changing MODULES only.
 */
const MODULES = {
  roles: 'server/domains/access/roles.service.ts',
  actor: 'server/domains/access/actor.service.ts',
  accessRequests: 'server/domains/access-requests/access-requests.service.ts',
  roleMembers: 'server/domains/access-requests/role-members.service.ts',
  departments: 'server/domains/departments/departments.service.ts',
  employees: 'server/domains/employees/employees.service.ts',
  employeeFiles: 'server/domains/employees/employee-files.service.ts',
  employeesBulk: 'server/domains/employees/employees-bulk.service.ts',
  employeesExport: 'server/domains/employees/employees-export.service.ts',
  employeesImport: 'server/domains/employees/employees-import.service.ts',
  externalUsers: 'server/domains/employees/external-users.service.ts',
  notifications: 'server/domains/notifications/notifications.service.ts',
  announcements: 'server/domains/notifications/announcements.service.ts',
  realtime: 'server/domains/notifications/realtime.service.ts',
  health: 'server/domains/health/health.service.ts',
  mail: 'server/domains/mail/mail.service.ts',
  roleAssignments: 'server/domains/access/role-assignments.service.ts',
  permissionHolders: 'server/domains/access/permission-holders.service.ts',
  departmentLookup: 'server/domains/departments/department-lookup.service.ts',
  // The accounts area: one file per use case.
  accounts: 'server/domains/accounts/accounts.service.ts',
  administrators: 'server/domains/accounts/administrators.service.ts',
  changePassword: 'server/domains/accounts/change-password.service.ts',
  forgotPassword: 'server/domains/accounts/forgot-password.service.ts',
  invitations: 'server/domains/accounts/invite.service.ts',
  passwordExpiry: 'server/domains/accounts/password-expiry.service.ts',
  passwordPolicy: 'server/domains/accounts/password-policy.service.ts',
  passwordReminders: 'server/domains/accounts/password-reminders.service.ts',
  profile: 'server/domains/accounts/profile.service.ts',
  resetPassword: 'server/domains/accounts/reset-password.service.ts',
  sessions: 'server/domains/accounts/sessions.service.ts',
  signIn: 'server/domains/accounts/sign-in.service.ts',
  signUp: 'server/domains/accounts/sign-up.service.ts',
  twoFactorReset: 'server/domains/accounts/two-factor-reset.service.ts',
  twoFactor: 'server/domains/accounts/two-factor-setup.service.ts',
  twoFactorSignIn: 'server/domains/accounts/two-factor-sign-in.service.ts',
  // Clients and projects.
  clients: 'server/domains/projects/clients.service.ts',
  projects: 'server/domains/projects/projects.service.ts',
  projectMembers: 'server/domains/projects/members.service.ts',
  projectsExport: 'server/domains/projects/projects-export.service.ts',
  projectsImport: 'server/domains/projects/projects-import.service.ts',
  // The employee profile, bulk actions, invitation links and legal pages (issue 9).
  employeeProfile: 'server/domains/employees/employee-profile.service.ts',
  employeesSelection: 'server/domains/employees/employees-selection.service.ts',
  invitationLinks: 'server/domains/accounts/invitation-link.service.ts',
  legalPages: 'server/domains/legal/legal-pages.service.ts',
  // Leave (issue 11).
  absenceTypes: 'server/domains/leave/absence-types.service.ts',
  holidays: 'server/domains/leave/holidays.service.ts',
  leaveRequests: 'server/domains/leave/leave-requests.service.ts',
  leaveApprovals: 'server/domains/leave/approvals.service.ts',
  leaveBalances: 'server/domains/leave/balances.service.ts',
  leaveReports: 'server/domains/leave/leave-reports.service.ts',
  leaveJobs: 'server/domains/leave/leave-jobs.service.ts',
  leaveSubstitutes: 'server/domains/leave/substitutes.service.ts',
  teamCalendar: 'server/domains/leave/team-calendar.service.ts',
  // Overtime (issue 12).
  overtimeSettings: 'server/domains/overtime/overtime-settings.service.ts',
  overtimeRequests: 'server/domains/overtime/overtime-requests.service.ts',
  overtimeReports: 'server/domains/overtime/overtime-reports.service.ts',
  // Work logs (issue 18).
  workLogs: 'server/domains/worklogs/worklogs.service.ts',
  workWeek: 'server/domains/worklogs/work-week.service.ts',
  workLogLocks: 'server/domains/worklogs/worklog-locks.service.ts',
  workLogReports: 'server/domains/worklogs/worklog-reports.service.ts',
  // Recurring tasks (issue 18).
  recurringTasks: 'server/domains/recurring-tasks/recurring-tasks.service.ts',
  recurringTaskChildren: 'server/domains/recurring-tasks/recurring-task-children.service.ts',
  recurringTaskJobs: 'server/domains/recurring-tasks/recurring-task-jobs.service.ts',
  workLogJira: 'server/domains/worklogs/worklog-jira.service.ts',
  // Connections (issue 13).
  connections: 'server/domains/connections/connections.service.ts',
  connectionSync: 'server/domains/connections/connection-sync.service.ts',
  connectionData: 'server/domains/connections/connection-data.service.ts',
  projectJira: 'server/domains/connections/project-jira.service.ts',
  jiraAccounts: 'server/domains/connections/jira-accounts.service.ts',
  jiraLookup: 'server/domains/connections/jira-lookup.service.ts',
  projectGit: 'server/domains/connections/project-git.service.ts',
  providerAccounts: 'server/domains/connections/provider-accounts.service.ts',
  cloudAccounts: 'server/domains/connections/cloud-accounts.service.ts',
  serviceRoles: 'server/domains/connections/service-roles.service.ts',
  offboarding: 'server/domains/connections/offboarding.service.ts',
  accountBoard: 'server/domains/connections/account-board.service.ts',
  offboardingReminder: 'server/domains/connections/offboarding-reminder.service.ts',
  // Invoices and vendors (issue 17).
  invoices: 'server/domains/invoices/invoices.service.ts',
  invoiceStatus: 'server/domains/invoices/invoice-status.service.ts',
  invoiceFiles: 'server/domains/invoices/invoice-files.service.ts',
  invoiceReports: 'server/domains/invoices/invoice-reports.service.ts',
  invoiceExport: 'server/domains/invoices/invoice-export.service.ts',
  vendors: 'server/domains/invoices/vendors.service.ts',
  invoiceFileSweep: 'server/domains/invoices/invoice-file-sweep.service.ts',
  // Assets and risks (issue 16).
  assets: 'server/domains/assets/assets.service.ts',
  assetAssignments: 'server/domains/assets/asset-assignments.service.ts',
  assetQr: 'server/domains/assets/asset-qr.service.ts',
  assetsExport: 'server/domains/assets/assets-export.service.ts',
  assetsImport: 'server/domains/assets/assets-import.service.ts',
  assetAudits: 'server/domains/assets/asset-audits.service.ts',
  // Secrets and secure share (issue 15).
  secretVault: 'server/domains/secrets/vault.service.ts',
  secrets: 'server/domains/secrets/secrets.service.ts',
  secretMembers: 'server/domains/secrets/secret-members.service.ts',
  secureShare: 'server/domains/secure-share/secure-share.service.ts',
  risks: 'server/domains/risks/risks.service.ts',
  riskTransitions: 'server/domains/risks/risk-transitions.service.ts',
  riskExport: 'server/domains/risks/risk-export.service.ts',
  riskJobs: 'server/domains/risks/risk-jobs.service.ts',
  // Documents and personal data (issue 21).
  documents: 'server/domains/documents/documents.service.ts',
  documentVersions: 'server/domains/documents/document-versions.service.ts',
  documentAcknowledgements: 'server/domains/documents/document-acknowledgements.service.ts',
  consents: 'server/domains/privacy/consents.service.ts',
  dataExport: 'server/domains/privacy/data-export.service.ts',
  retention: 'server/domains/privacy/retention.service.ts',
  // Single sign-on (issue 14).
  ssoConnections: 'server/domains/sso/sso-connections.service.ts',
  ssoRequests: 'server/domains/sso/sso-requests.service.ts',
  ssoKeys: 'server/domains/sso/sso-keys.service.ts',
  oidcAuth: 'server/domains/sso/oidc-auth.service.ts',
  // Recruitment (issue 21).
  recruitmentCampaigns: 'server/domains/recruitment/campaigns.service.ts',
  recruitmentApplications: 'server/domains/recruitment/applications.service.ts',
  recruitmentFeedback: 'server/domains/recruitment/feedback.service.ts',
  recruitmentHire: 'server/domains/recruitment/hire.service.ts',
  recruitmentResumes: 'server/domains/recruitment/resumes.service.ts',
  recruitmentFeedbackReminders: 'server/domains/recruitment/feedback-reminders.service.ts',
  recruitmentCandidates: 'server/domains/recruitment/candidates.service.ts',
  backupConfigurations: 'server/domains/backups/backup-configurations.service.ts',
  backupRuns: 'server/domains/backups/backup-runs.service.ts',
  backupArchives: 'server/domains/backups/backup-archives.service.ts',
  // Platform settings and security audits (issue 19, part B).
  passwordExpiryRoster: 'server/domains/accounts/password-expiry-roster.service.ts',
  utilitySettings: 'server/domains/platform-settings/utility-settings.service.ts',
  auditSchedules: 'server/domains/security-audits/audit-schedules.service.ts',
  auditRuns: 'server/domains/security-audits/audit-runs.service.ts',
  workDevices: 'server/domains/devices/devices.service.ts',
  deviceUpdates: 'server/domains/devices/device-updates.service.ts',
  deviceCompliance: 'server/domains/devices/compliance.service.ts',
  securityExemptions: 'server/domains/devices/exemptions.service.ts',
  discordCheck: 'server/domains/devices/discord-check.service.ts',
  discordLookup: 'server/domains/connections/discord-lookup.service.ts',
} as const;

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFunction = (...args: any[]) => any;
type Modules = { [K in keyof typeof MODULES]: Record<string, AnyFunction> };
const svc = Object.fromEntries(
  await Promise.all(
    Object.entries(MODULES).map(async ([name, file]) => [
      name,
      await import(pathToFileURL(path.join(ROOT, file)).href),
    ]),
  ),
) as Modules;

const database = await createTestDatabase();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-service-authz-'));
t.teardown(async () => {
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});
const db = database.db;
const config = testConfig({ DATA_DIR: dataDir });
// The local Jira the connection rows test, sync and push against (nothing leaves the machine).
const jiraServer = await startJiraTestServer();
jiraServer.seed({ projects: 1, users: 1, issuesPerProject: 1 });
t.teardown(() => jiraServer.close());

// Actors.

const ANONYMOUS: Actor = {
  kind: 'user',
  id: null,
  label: 'anonymous',
  permissions: new Set(),
  projectPermissions: new Map(),
};
let sequence = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++sequence}`;

/** A signed-in person (a real account and session) whose actor holds exactly `permissions`. */
async function person(permissions: Iterable<Permission>): Promise<Actor> {
  const user = await createUser(db, { email: `${unique('actor')}@example.com` });
  const session = await db
    .insertInto('sessions')
    .values({
      user_id: user.id,
      token_hash: unique('token'),
      expires_at: new Date(Date.now() + 3600_000),
      user_agent: null,
      ip: null,
      last_used_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    kind: 'user',
    id: user.id,
    label: user.email,
    sessionId: session.id,
    permissions: new Set(permissions),
    projectPermissions: new Map(),
  };
}

const contextOf = (actor: Actor): ServiceContext => createContext({ db, config }, actor);
const system = contextOf(SYSTEM_ACTOR);

// Fixtures: each call makes its own, so a holder's change never spoils the next call.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

/** A stored upload as the streamed form hands it to a use case (the file really is in the storage). */
async function storedPdf() {
  const key = `documents/test/${unique('doc')}.pdf`;
  await fileStorage(config).put(key, PDF, 'application/pdf');
  return {
    field: 'file',
    fileName: 'policy.pdf',
    key,
    contentType: 'application/pdf' as const,
    sizeBytes: PDF.length,
    sha256: 'x'.repeat(64),
  };
}
// One archive of this database for the verify and restore rows (each makes its own throw-away target).
let backupArchive: Promise<{ location: string }> | null = null;
const backupArchiveOnce = () =>
  (backupArchive ??= svc.backupArchives.runBackupArchive!(system, {
    to: path.join(dataDir, 'shared-archives'),
  }) as Promise<{ location: string }>);

const fx = {
  /** A document for everyone that requires acknowledgement, with its stored first version. */
  async document() {
    const created = (await svc.documents.createDocument!(
      system,
      { title: unique('Policy'), category: 'POLICY', visibility: 'EVERYONE', requiresAcknowledgement: true },
      [await storedPdf()],
    )) as { id: string; currentVersion: { id: string } };
    return created;
  },
  person: (options: UserOptions = {}) =>
    createUser(db, { email: `${unique('person')}@example.com`, ...options }),
  async department() {
    return svc.departments.createDepartment!(system, { name: unique('Department') }) as Promise<{
      id: string;
      name: string;
    }>;
  },
  role: (permissions: Permission[] = []) => createRole(db, { name: unique('Role'), permissions }),
  async roleWithMember() {
    const role = await fx.role();
    const member = await fx.person();
    await db
      .insertInto('user_roles')
      .values({ user_id: member.id, role_id: role.id, project_id: null })
      .execute();
    return { role, member };
  },
  async accessRequest() {
    const requester = await fx.person();
    return db
      .insertInto('access_requests')
      .values({ requester_id: requester.id, path: `/${unique('page')}`, permission: null })
      .returning('id')
      .executeTakeFirstOrThrow();
  },
  async notificationFor(userId: string): Promise<string> {
    const [id] = (await svc.notifications.notify!(system, [userId], 'ANNOUNCEMENT', {
      actor: null,
      message: 'hello',
    })) as string[];
    return id!;
  },
  async withTwoFactor() {
    const user = await fx.person();
    await db
      .insertInto('user_two_factor')
      .values({ user_id: user.id, secret: 'JBSWY3DPEHPK3PXP', enabled_at: new Date() })
      .execute();
    return user;
  },
  async employeeWithFile() {
    const user = await fx.person();
    await svc.employeeFiles.uploadEmployeeFile!(system, user.id, {
      kind: 'NDA_FILE',
      field: 'file',
      fileName: 'nda.pdf',
      data: PDF,
    });
    return user;
  },
  client: () => createClient(db, { name: unique('Client') }),
  async project() {
    return createProject(db, (await fx.client()).id, { name: unique('Project') });
  },
  projectRole: () =>
    createRole(db, { name: unique('Project role'), type: 'PROJECT', permissions: ['projects.view'] }),
  /** An active member of a project, with an active project role. */
  async projectMember() {
    const project = await fx.project();
    const member = await addMember(db, project.id, (await fx.person()).id, (await fx.projectRole()).id);
    return { project, member };
  },
  /** A leave request of `userId` (written directly: the actors here hold no roles in the database). */
  async leaveRequest(
    userId: string,
    options: { status?: 'WAITING FOR APPROVAL' | 'APPROVED'; approverId?: string } = {},
  ) {
    const week = workWeek(3);
    const type = await absenceTypeId(db, 'Vacation');
    const request = await db
      .insertInto('leave_requests')
      .values({
        user_id: userId,
        absence_type_id: type,
        start_date: week.monday,
        start_part: 'MORNING',
        end_date: week.monday,
        end_part: 'AFTERNOON',
        duration: 1,
        year: Number(week.monday.slice(0, 4)),
        status: options.status ?? 'WAITING FOR APPROVAL',
        attachment_key: null,
      })
      .returning(['id', 'version'])
      .executeTakeFirstOrThrow();
    await db
      .insertInto('leave_days')
      .values({ leave_request_id: request.id, user_id: userId, day: week.monday, amount: 1 })
      .execute();
    const approverId = options.approverId ?? (await fx.person()).id;
    const approval = await db
      .insertInto('leave_request_approvers')
      .values({
        leave_request_id: request.id,
        approver_id: approverId,
        status: options.status ?? 'WAITING FOR APPROVAL',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ...request, approvalId: approval.id, week, type };
  },
  /** Someone the database knows may approve leave (a role holding leave.approve). */
  leaveApprover: () =>
    createUser(db, { email: `${unique('approver')}@example.com`, permissions: ['leave.approve'] }),
  /** A waiting overtime request of `userId`, written directly, naming `approverId` (a stranger by default). */
  async otRequest(userId: string, approverId?: string) {
    const week = workWeek(3);
    const request = await db
      .insertInto('ot_requests')
      .values({
        user_id: userId,
        work_date: week.monday,
        start_time: '18:00',
        end_time: '19:00',
        minutes: 60,
        reason: null,
        project_id: null,
      })
      .returning(['id', 'version'])
      .executeTakeFirstOrThrow();
    await db
      .insertInto('ot_segments')
      .values({
        ot_request_id: request.id,
        user_id: userId,
        day: week.monday,
        minutes: 60,
        night_minutes: 0,
        day_type: 'WORKDAY',
      })
      .execute();
    await db
      .insertInto('ot_request_approvers')
      .values({ ot_request_id: request.id, approver_id: approverId ?? (await fx.person()).id })
      .execute();
    return { ...request, week };
  },
  /** A project with the caller (when they are someone) as an active member: somewhere to log. */
  async loggableProject(ctx: ServiceContext): Promise<string> {
    const project = await fx.project();
    if (ctx.actor.id) await addMember(db, project.id, ctx.actor.id, (await fx.projectRole()).id);
    return project.id;
  },
  /** A log of `userId` on a project they are a member of, written directly. */
  async workLog(userId: string) {
    const project = await fx.project();
    await addMember(db, project.id, userId, (await fx.projectRole()).id);
    return db
      .insertInto('work_logs')
      .values({
        user_id: userId,
        project_id: project.id,
        work_date: pastWeek().monday,
        minutes: 60,
        description: 'Review',
        created_by: userId,
      })
      .returning(['id', 'project_id', 'work_date'])
      .executeTakeFirstOrThrow();
  },
  otApprover: () =>
    createUser(db, { email: `${unique('ot-approver')}@example.com`, permissions: ['overtime.approve'] }),
  /** A recurring task assigned to the caller (when they are someone) and to an employee who may see it. */
  async recurringTask(ctx: ServiceContext) {
    const employee = await createUser(db, {
      email: `${unique('assignee')}@example.com`,
      builtInRoles: ['user'],
    });
    return insertRecurringTask(db, {
      startDate: '2030-01-01',
      assigneeIds: [employee.id, ...(ctx.actor.id ? [ctx.actor.id] : [])],
    });
  },
  /** A child of such a task, in `status`. */
  async recurringChild(ctx: ServiceContext, status: 'INCOMPLETE' | 'COMPLETED' | 'CANCELLED' = 'INCOMPLETE') {
    const task = await fx.recurringTask(ctx);
    return insertRecurringChild(db, task.id, { date: '2030-01-01', status });
  },
  /** A Jira connection to the local Jira, made through the service (tested, token encrypted). */
  async connection(): Promise<{ id: string }> {
    return svc.connections.createConnection!(system, {
      name: unique('Jira'),
      provider: 'JIRA',
      baseUrl: jiraServer.url,
      path: unique('site'),
      email: jiraServer.email,
      apiToken: jiraServer.token,
    });
  },
  /** A project linked to a synced Jira project (rows written directly). */
  async jiraLink() {
    const project = await fx.project();
    return { project, ...(await linkedJiraProject(db, project.id)) };
  },
  async jiraAccount(): Promise<string> {
    const { connectionId } = await fx.jiraLink();
    const row = await db
      .insertInto('jira_accounts')
      .values({ connection_id: connectionId, account_id: unique('account'), display_name: 'Jira person' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },
  /** A project linked to a synced git repository with one collaborator account (rows written directly). */
  async gitLink() {
    const project = await fx.project();
    const { connectionId } = await linkedJiraProject(db, project.id);
    const account = await db
      .insertInto('provider_accounts')
      .values({
        connection_id: connectionId,
        external_id: unique('gh'),
        username: 'dev',
        display_name: 'Dev',
      })
      .returning(['id', 'external_id'])
      .executeTakeFirstOrThrow();
    const repository = await db
      .insertInto('git_repositories')
      .values({
        connection_id: connectionId,
        external_id: unique('repo'),
        vcs_type: 'GITHUB',
        name: 'api',
        full_name: 'acme/api',
        url: 'https://github.com/acme/api',
        owner: 'acme',
        collaborators: JSON.stringify([account.external_id]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('project_git_repositories')
      .values({ project_id: project.id, git_repository_id: repository.id })
      .execute();
    return { project, repositoryId: repository.id, accountId: account.id };
  },
  /** An open offboarding item (manual: no provider is asked) of a person. */
  async offboardingItem(): Promise<string> {
    const person = await fx.person();
    // A GitHub connection whose token does not decrypt: Perform records TOKEN_UNREADABLE, asks nobody.
    const connection = await db
      .insertInto('connections')
      .values({
        name: unique('GitHub'),
        provider: 'GITHUB',
        category: 'VERSION_CONTROL',
        kind: 'THIRD_PARTY_CONNECTIONS',
        base_url: `http://127.0.0.1:9/${unique('gh')}`,
        path: 'acme',
        token_ciphertext: 'not-a-real-token',
        token_last4: '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const account = await db
      .insertInto('provider_accounts')
      .values({ connection_id: connection.id, external_id: '1', username: 'lan', display_name: 'Lan' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await db
      .insertInto('offboarding_items')
      .values({
        user_id: person.id,
        provider_account_id: account.id,
        connection_id: connection.id,
        provider: 'GITHUB',
        account_label: 'Lan',
        action: 'REMOVE_VIA_API',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },
  /** A service role (written directly). */
  async serviceRole() {
    const row = await db
      .insertInto('service_roles')
      .values({ name: `Role ${Math.random().toString(36).slice(2)}`, color: 'BLUE' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },
  /** A project using an AWS account (rows written directly). */
  async cloudLink() {
    const project = await fx.project();
    const account = await db
      .insertInto('cloud_accounts')
      .values({
        service: 'AWS',
        account_id: String(100_000_000_000 + Math.floor(Math.random() * 1e11)),
        name: 'Prod',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const link = await db
      .insertInto('project_cloud_accounts')
      .values({ project_id: project.id, cloud_account_id: account.id, role: 'VIEWER' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { project, cloudAccountId: account.id, linkId: link.id };
  },
  /** A log of `userId` naming P1-1, a synced issue of a connection to the local Jira. */
  async pushableLog(userId: string): Promise<string> {
    const connection = await fx.connection();
    const project = await fx.project();
    await addMember(db, project.id, userId, (await fx.projectRole()).id);
    const jiraProject = await db
      .insertInto('jira_projects')
      .values({ connection_id: connection.id, external_id: '10001', key: 'P1', name: 'Project 1' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('jira_issues')
      .values({
        connection_id: connection.id,
        jira_project_id: jiraProject.id,
        external_id: '1000100001',
        key: 'P1-1',
        summary: 'Task 1',
        status: 'To Do',
      })
      .execute();
    await db
      .insertInto('project_jira_projects')
      .values({ project_id: project.id, jira_project_id: jiraProject.id })
      .execute();
    const log = await db
      .insertInto('work_logs')
      .values({
        user_id: userId,
        project_id: project.id,
        work_date: pastWeek().monday,
        minutes: 60,
        description: 'Review',
        jira_task_keys: ['P1-1'],
        created_by: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return log.id;
  },
  /** An invoice of `userId` (pending unless told), written directly. */
  invoice: (userId: string, status: 'PENDING' | 'PAID' | 'REJECTED' = 'PENDING') =>
    insertInvoice(db, { userId, status }),
  /** An invoice of `userId` with one stored PDF attachment. */
  async invoiceWithAttachment(userId: string) {
    const invoice = await insertInvoice(db, { userId });
    const key = `invoices/authz/${unique('file')}.pdf`;
    await fileStorage(config).put(key, PDF, 'application/pdf');
    const attachment = await db
      .insertInto('invoice_attachments')
      .values({
        invoice_id: invoice.id,
        storage_key: key,
        file_name: 'invoice.pdf',
        content_type: 'application/pdf',
        size_bytes: PDF.length,
        sha256: 'x',
        created_by: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { invoice, attachmentId: attachment.id };
  },
  vendor: () => createVendor(db, { name: unique('Vendor') }),
  /** An asset held by the caller (when they are someone): visible to a MY_ASSET reader too. */
  asset: (ctx: ServiceContext) =>
    insertAsset(db, { assigneeId: ctx.actor.id ?? null, serialNumber: unique('SN') }),
  /** A risk in `state`, submitted by someone else when it awaits review. */
  async risk(state: 'IDENTIFICATION_IN_PROGRESS' | 'IDENTIFICATION_REVIEW' = 'IDENTIFICATION_IN_PROGRESS') {
    const asset = await insertAsset(db, { serialNumber: unique('SN') });
    const submitter = state.endsWith('_REVIEW') ? await fx.person() : null;
    return insertRisk(db, {
      assetId: asset.id,
      state,
      submittedBy: submitter?.id ?? null,
      riskOwnerId: (await fx.person()).id,
    });
  },
  /** A declared work device of a person (issue 19). */
  async workDevice(userId: string): Promise<string> {
    const row = await db
      .insertInto('work_devices')
      .values({
        user_id: userId,
        name: 'Laptop',
        firewall: true,
        disk_encryption: true,
        auto_lock_minutes: 5,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },
  /** The caller's own id, or a stranger's for the anonymous caller (who has none). */
  async ownerOf(ctx: ServiceContext): Promise<string> {
    return ctx.actor.id ?? (await fx.person()).id;
  },
  /** A LOCAL backup configuration (archives in the data folder). */
  backupConfiguration: () =>
    svc.backupConfigurations.createBackupConfiguration!(system, {
      name: unique('Backup'),
      destination: 'LOCAL',
      url: path.join(dataDir, 'backup-archives'),
      frequency: 'MONTHLY',
      retention: 3,
    }) as Promise<{ id: string; url: string }>,
  /** A finished run whose archive is in its folder (what a download streams). */
  async backupLog() {
    const configuration = await fx.backupConfiguration();
    const name = `backoffice-20260101T000000000Z-${Math.random().toString(16).slice(2, 8).padEnd(6, '0')}.tar.gz`;
    makeFolder(configuration.url, { recursive: true });
    writeFile(path.join(configuration.url, name), 'archive');
    return db
      .insertInto('backup_logs')
      .values({
        configuration_id: configuration.id,
        status: 'SUCCEED',
        trigger: 'MANUAL',
        archive_name: name,
        size_bytes: 7,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  },
};

/** An app registered through the service (single sign-on rows). */
const ssoAppBody = () => ({
  name: unique('SSO app'),
  url: 'https://app.example.com/',
  callbackUrl: 'https://app.example.com/callback',
  redirectUris: ['https://app.example.com/callback'],
  postLogoutRedirectUris: [],
  clientType: 'CONFIDENTIAL' as const,
  responseTypes: ['code' as const],
  grantTypes: ['authorization_code' as const, 'refresh_token' as const],
  groups: [],
  memberIds: [],
});
const ssoApp = () => svc.ssoConnections.createSsoConnection!(system, ssoAppBody());
/** A login this caller's browser did not start: the flow refuses it after the authorization check. */
const NO_LOGIN = { provider: undefined as never, boundInteractionId: null };

// The table.

type Call = (ctx: ServiceContext) => Promise<unknown>;
type Row =
  /** Needs every one of `permission`. */
  | { permission: Permission | readonly Permission[]; hides?: true; call: Call }
  /** Needs any one of `anyOf`. */
  | { anyOf: readonly Permission[]; hides?: true; call: Call }
  /** Any signed-in person, on their own things; `others` (another person's thing) is refused or hidden. */
  | { signedIn: string; call: Call; holderGets?: ErrorCode; others?: Call }
  /** Anyone, signed in or not: the reason says why that is safe. */
  | { public: string; call: Call }
  /** Only the server itself (worker, start-up, live push). */
  | { system: string; call: Call }
  /** Not an entry point: no route, job or command calls it before its own caller's checks. */
  | { internal: string };

const ALL = PERMISSION_KEYS;
const LEAVE_READERS = ['leave.request', 'leave.approve', 'leave.manage', 'leave.report'] as const;
const OT_READERS = ['overtime.request', 'overtime.approve', 'overtime.manage', 'overtime.report'] as const;
const RT_READERS = ['recurring-tasks.view', 'recurring-tasks.manage'] as const;
const ASSET_READERS = ['assets.view-own', 'assets.view', 'assets.manage'] as const;
const RECRUITERS = ['recruitment.view', 'recruitment.manage'] as const;
/** A candidate known by email with a stored resume, applied to a campaign (the resume is reused). */
async function hiringFixture() {
  const campaign = await insertHiringCampaign(db);
  const application = await insertHiringApplication(db, campaign, `${unique('cand')}@example.com`);
  const key = `resumes/authz/${unique('cv')}.pdf`;
  await fileStorage(config).put(key, PDF, 'application/pdf');
  const resume = await db
    .insertInto('candidate_resumes')
    .values({
      candidate_id: application.candidateId,
      storage_key: key,
      file_name: 'cv.pdf',
      size_bytes: PDF.length,
      sha256: 'x',
      text: 'Go developer',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('hiring_applications')
    .set({ resume_id: resume.id })
    .where('id', '=', application.id)
    .execute();
  return { campaign, application, resumeId: resume.id };
}
const RISK_READERS = ['risks.view', 'risks.manage', 'risks.review'] as const;

const DOCUMENT_READERS = ['documents.view', 'documents.manage'] as const;
/** Secrets: the caller's vault (set up through the service, so a refused caller stops there). */
async function vaultFor(ctx: ServiceContext) {
  const vault = await createVault('123456', 1_000);
  await svc.secretVault.setUpVault!(ctx, vault.material);
  return vault;
}
/** A secret the caller owns (their vault first, unless they have one). */
async function ownedSecret(ctx: ServiceContext, existing?: Awaited<ReturnType<typeof vaultFor>>) {
  const vault = existing ?? (await vaultFor(ctx));
  const itemKey = newItemKey();
  const secret = (await svc.secrets.createSecret!(ctx, {
    name: unique('Secret'),
    type: 'SECURE_NOTE',
    content: await sealJson(itemKey, { longText: 'x' }, 'content'),
    wrappedKey: await wrapItemKey(itemKey, vault.keys.publicKey),
  })) as { id: string; version: number };
  return { vault, itemKey, secret };
}
/** Someone else with a vault: a recipient. */
async function vaultHolder() {
  const actor = await person(['secrets.use']);
  return { actor, vault: await vaultFor(contextOf(actor)) };
}
/** A secret owned by someone else and shared with a third person (a manager removes that access). */
async function othersSharedSecret() {
  const owner = await vaultHolder();
  const { secret, itemKey } = await ownedSecret(contextOf(owner.actor), owner.vault);
  const member = await vaultHolder();
  await svc.secretMembers.shareSecret!(contextOf(owner.actor), secret.id, member.actor.id!, {
    role: 'VIEWER',
    wrappedKey: await wrapItemKey(itemKey, member.vault.keys.publicKey),
  });
  return { secret, member };
}
async function secureLink() {
  const creator = await person(['secure-share.create']);
  const link = await encryptForLink('x');
  const created = (await svc.secureShare.createSecureShare!(contextOf(creator), {
    content: link.content,
    verifierHash: link.verifierHash,
    accessLimit: 10,
    expirationHours: 1,
  })) as { id: string };
  return { id: created.id, verifier: (await verifierOf(link.linkKey))! };
}

/** A recorded security audit run, for the run-log rows. */
async function auditRunId(): Promise<string> {
  const row = await db
    .insertInto('security_audit_runs')
    .values({
      check: 'STALE_ACCESS_REQUESTS',
      trigger: 'MANUAL',
      result: 'SUCCEED',
      finding_count: 0,
      error: null,
      started_by: null,
      started_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const ROWS: Record<string, Row> = {
  // Documents (issue 21).
  listDocuments: { anyOf: DOCUMENT_READERS, call: (ctx) => svc.documents.listDocuments!(ctx, {}) },
  getDocument: {
    anyOf: DOCUMENT_READERS,
    call: async (ctx) => svc.documents.getDocument!(ctx, (await fx.document()).id),
  },
  createDocument: {
    permission: 'documents.manage',
    call: async (ctx) =>
      svc.documents.createDocument!(
        ctx,
        { title: unique('New policy'), category: 'GUIDE', visibility: 'EVERYONE' },
        [await storedPdf()],
      ),
  },
  updateDocument: {
    permission: 'documents.manage',
    call: async (ctx) =>
      svc.documents.updateDocument!(ctx, (await fx.document()).id, { title: unique('Renamed'), version: 1 }),
  },
  deleteDocument: {
    permission: 'documents.manage',
    call: async (ctx) => svc.documents.deleteDocument!(ctx, (await fx.document()).id),
  },
  uploadDocumentVersion: {
    permission: 'documents.manage',
    call: async (ctx) =>
      svc.documentVersions.uploadDocumentVersion!(ctx, (await fx.document()).id, {}, [await storedPdf()]),
  },
  openDocumentFile: {
    anyOf: DOCUMENT_READERS,
    call: async (ctx) => {
      const file = (await svc.documentVersions.openDocumentFile!(ctx, (await fx.document()).id)) as {
        stream: { destroy(): void };
      };
      file.stream.destroy();
    },
  },
  countMyDocumentsToAcknowledge: {
    anyOf: DOCUMENT_READERS,
    call: (ctx) => svc.documentAcknowledgements.countMyDocumentsToAcknowledge!(ctx),
  },
  acknowledgeDocument: {
    anyOf: DOCUMENT_READERS,
    call: async (ctx) => svc.documentAcknowledgements.acknowledgeDocument!(ctx, (await fx.document()).id),
  },
  listAcknowledgements: {
    permission: 'documents.manage',
    call: async (ctx) =>
      svc.documentAcknowledgements.listAcknowledgements!(ctx, (await fx.document()).id, {}),
  },
  remindPendingReaders: {
    permission: 'documents.manage',
    call: async (ctx) => svc.documentAcknowledgements.remindPendingReaders!(ctx, (await fx.document()).id),
  },
  listAudienceOptions: {
    permission: 'documents.manage',
    call: (ctx) => svc.documents.listAudienceOptions!(ctx),
  },
  // Personal data (issue 21).
  listMyConsents: {
    signedIn: 'one’s own consent records',
    call: (ctx) => svc.consents.listMyConsents!(ctx, {}),
  },
  listPersonConsents: {
    permission: 'employees.manage',
    call: async (ctx) => svc.consents.listPersonConsents!(ctx, (await fx.person()).id, {}),
  },
  prepareDataExport: {
    // Another person's data needs employees.manage: the next row proves the refusal without it.
    signedIn: 'one’s own data (Decree 13 art. 14)',
    call: async (ctx) => svc.dataExport.prepareDataExport!(ctx, await fx.ownerOf(ctx)),
  },
  'prepareDataExport of another person': {
    permission: 'employees.manage',
    call: async (ctx) => svc.dataExport.prepareDataExport!(ctx, (await fx.person()).id),
  },
  prepareDataExportByEmail: {
    permission: 'employees.manage',
    call: async (ctx) => svc.dataExport.prepareDataExportByEmail!(ctx, (await fx.person()).email),
  },
  getPrivacySettings: {
    permission: 'employees.manage',
    call: (ctx) => svc.retention.getPrivacySettings!(ctx),
  },
  updatePrivacySettings: {
    permission: 'employees.manage',
    call: (ctx) => svc.retention.updatePrivacySettings!(ctx, { retentionMonths: 24 }),
  },
  previewRetention: { permission: 'employees.manage', call: (ctx) => svc.retention.previewRetention!(ctx) },
  runRetention: { permission: 'employees.manage', call: (ctx) => svc.retention.runRetention!(ctx) },
  deleteUserAvatar: {
    internal: 'deletes a person’s avatar inside the caller’s authorized, audited anonymisation',
  },

  // Roles (access).
  listRoles: { permission: 'roles.view', call: (ctx) => svc.roles.listRoles!(ctx) },
  createRole: {
    permission: 'roles.manage',
    call: (ctx) => svc.roles.createRole!(ctx, { name: unique('New role'), type: 'ACCESS', permissions: [] }),
  },
  updateRole: {
    permission: 'roles.manage',
    call: async (ctx) => svc.roles.updateRole!(ctx, (await fx.role()).id, { name: unique('Renamed') }),
  },
  setRoleStatus: {
    permission: 'roles.manage',
    call: async (ctx) => svc.roles.setRoleStatus!(ctx, (await fx.role()).id, { status: 'INACTIVE' }),
  },
  deleteRole: {
    permission: 'roles.manage',
    call: async (ctx) => svc.roles.deleteRole!(ctx, (await fx.role()).id),
  },
  listPermissions: { permission: 'roles.view', call: async (ctx) => svc.roles.listPermissions!(ctx) },
  loadUserActor: { internal: 'builds the actor of a verified session; the auth plugin and --as call it' },
  loadRequestActor: {
    internal: 'builds the actor of an API call from its token’s session; the auth plugin calls it',
  },
  getMyRoles: { signedIn: 'one’s own roles and permissions', call: (ctx) => svc.actor.getMyRoles!(ctx) },

  // Access requests and role members.
  requestAccess: {
    signedIn: 'anyone may ask for access to a page',
    call: (ctx) => svc.accessRequests.requestAccess!(ctx, { path: `/${unique('page')}` }),
  },
  listMyAccessRequests: {
    signedIn: 'one’s own requests',
    call: (ctx) => svc.accessRequests.listMyAccessRequests!(ctx),
  },
  listAccessRequests: {
    permission: 'access-requests.review',
    call: (ctx) => svc.accessRequests.listAccessRequests!(ctx),
  },
  grantAccessRequest: {
    permission: 'access-requests.review',
    call: async (ctx) =>
      svc.accessRequests.grantAccessRequest!(ctx, (await fx.accessRequest()).id, {
        roleId: (await fx.role()).id,
      }),
  },
  denyAccessRequest: {
    permission: 'access-requests.review',
    call: async (ctx) => svc.accessRequests.denyAccessRequest!(ctx, (await fx.accessRequest()).id, {}),
  },
  listRoleMembers: {
    permission: 'roles.view',
    call: async (ctx) => svc.roleMembers.listRoleMembers!(ctx, (await fx.roleWithMember()).role.id),
  },
  listRoleCandidates: {
    permission: 'roles.manage',
    call: async (ctx) => svc.roleMembers.listRoleCandidates!(ctx, (await fx.role()).id, 'a'),
  },
  addRoleMember: {
    permission: 'roles.manage',
    call: async (ctx) => svc.roleMembers.addRoleMember!(ctx, (await fx.role()).id, (await fx.person()).id),
  },
  removeRoleMember: {
    permission: 'roles.manage',
    call: async (ctx) => {
      const { role, member } = await fx.roleWithMember();
      return svc.roleMembers.removeRoleMember!(ctx, role.id, member.id);
    },
  },

  // Departments.
  listDepartments: {
    permission: 'departments.view',
    call: (ctx) => svc.departments.listDepartments!(ctx, {}),
  },
  getDepartment: {
    permission: 'departments.view',
    call: async (ctx) => svc.departments.getDepartment!(ctx, (await fx.department()).id),
  },
  createDepartment: {
    permission: 'departments.manage',
    call: (ctx) => svc.departments.createDepartment!(ctx, { name: unique('Department') }),
  },
  updateDepartment: {
    permission: 'departments.manage',
    call: async (ctx) =>
      svc.departments.updateDepartment!(ctx, (await fx.department()).id, { description: 'Renamed' }),
  },
  setDepartmentStatus: {
    permission: 'departments.manage',
    call: async (ctx) =>
      svc.departments.setDepartmentStatus!(ctx, (await fx.department()).id, { status: 'INACTIVE' }),
  },
  deleteDepartment: {
    permission: 'departments.manage',
    call: async (ctx) => svc.departments.deleteDepartment!(ctx, (await fx.department()).id),
  },

  // People.
  listEmployees: { permission: 'employees.view', call: (ctx) => svc.employees.listEmployees!(ctx, {}) },
  listUsers: { permission: 'employees.view', call: (ctx) => svc.employees.listUsers!(ctx, {}) },
  aggregateEmployees: {
    permission: 'employees.view',
    call: (ctx) => svc.employees.aggregateEmployees!(ctx, {}),
  },
  getUser: {
    anyOf: ['employees.view', 'employees.manage'],
    hides: true,
    call: async (ctx) => svc.employees.getUser!(ctx, (await fx.person()).id),
  },
  getEmployee: {
    permission: 'employees.manage',
    hides: true,
    call: async (ctx) => svc.employees.getEmployee!(ctx, (await fx.person()).id),
  },
  createEmployee: {
    permission: 'employees.manage',
    call: (ctx) =>
      svc.employees.createEmployee!(ctx, {
        firstName: 'Lan',
        lastName: 'Nguyen',
        email: `${unique('new')}@example.com`,
      }),
  },
  updateEmployee: {
    permission: 'employees.manage',
    hides: true,
    call: async (ctx) => svc.employees.updateEmployee!(ctx, (await fx.person()).id, { note: 'Updated' }),
  },
  setUserStatus: {
    permission: 'employees.manage',
    hides: true,
    call: async (ctx) => svc.employees.setUserStatus!(ctx, (await fx.person()).id, { status: 'INACTIVE' }),
  },
  deleteUser: {
    permission: 'employees.manage',
    hides: true,
    call: async (ctx) => svc.employees.deleteUser!(ctx, (await fx.person()).id),
  },
  resendUserInvitation: {
    permission: 'employees.manage',
    hides: true,
    call: async (ctx) =>
      svc.employees.resendUserInvitation!(ctx, (await fx.person({ status: 'PENDING' })).id),
  },
  listEmployeeRoleOptions: {
    permission: 'employees.view',
    call: (ctx) => svc.employees.listEmployeeRoleOptions!(ctx),
  },
  listBanks: {
    signedIn: 'the bank list of Viet Nam, for any form',
    call: (ctx) => svc.employees.listBanks!(ctx),
  },
  lookupPeople: {
    signedIn: 'names, emails and avatars, shown across the product',
    call: (ctx) => svc.employees.lookupPeople!(ctx, {}),
  },
  listPickableEmployees: {
    signedIn: 'the employee picker of other screens',
    call: (ctx) => svc.employees.listPickableEmployees!(ctx, {}),
  },
  listExternalUsers: {
    permission: 'external-users.view',
    call: (ctx) => svc.externalUsers.listExternalUsers!(ctx, {}),
  },
  createExternalUser: {
    permission: 'external-users.manage',
    call: (ctx) =>
      svc.externalUsers.createExternalUser!(ctx, {
        firstName: 'Khoa',
        lastName: 'Tran',
        email: `${unique('external')}@example.com`,
      }),
  },
  uploadEmployeeFile: {
    permission: 'employees.manage',
    hides: true,
    call: async (ctx) =>
      svc.employeeFiles.uploadEmployeeFile!(ctx, (await fx.person()).id, {
        kind: 'CONTRACT_FILE',
        field: 'file',
        fileName: 'contract.pdf',
        data: PDF,
      }),
  },
  openEmployeeFile: {
    permission: 'employees.manage',
    hides: true,
    call: async (ctx) => {
      const file = await svc.employeeFiles.openEmployeeFile!(
        ctx,
        (await fx.employeeWithFile()).id,
        'NDA_FILE',
      );
      file.stream.destroy();
      return file;
    },
  },
  inviteByEmail: {
    permission: 'employees.manage',
    call: async (ctx) =>
      svc.employeesBulk.inviteByEmail!(ctx, [(await fx.person({ status: 'PENDING' })).email]),
  },
  deactivateByEmail: {
    permission: 'employees.manage',
    call: async (ctx) => svc.employeesBulk.deactivateByEmail!(ctx, [(await fx.person()).email]),
  },
  prepareEmployeeExport: {
    permission: 'employees.export',
    call: (ctx) => svc.employeesExport.prepareEmployeeExport!(ctx, { format: 'csv' }),
  },
  resolveNamedFilters: {
    permission: 'employees.export',
    call: async (ctx) =>
      svc.employeesExport.resolveNamedFilters!(ctx, { departments: [(await fx.department()).name] }),
  },
  importEmployees: {
    permission: 'employees.manage',
    call: (ctx) =>
      svc.employeesImport.importEmployees!(
        ctx,
        Buffer.from(`email,firstName,lastName\n${unique('imported')}@example.com,Mai,Le\n`),
        { dryRun: true },
      ),
  },

  // Notifications.
  toNotification: { internal: 'a pure mapper from a row to the API shape' },
  publishNotifications: {
    internal: 'queues the live push of rows its caller inserted in its own transaction',
  },
  notify: { internal: 'writes notifications inside the transaction of a change its caller authorized' },
  notifyEach: { internal: 'writes a scheduler run’s notifications inside the transaction it authorized' },
  listMyNotifications: {
    signedIn: 'one’s own notifications',
    call: (ctx) => svc.notifications.listMyNotifications!(ctx, { page: 1, perPage: 20 }),
  },
  getMyNotificationStats: {
    signedIn: 'one’s own unread count',
    call: (ctx) => svc.notifications.getMyNotificationStats!(ctx),
  },
  setMyNotificationRead: {
    signedIn: 'one’s own notifications only; another person’s looks like none',
    call: async (ctx) =>
      svc.notifications.setMyNotificationRead!(ctx, await fx.notificationFor(await fx.ownerOf(ctx)), {
        isRead: true,
      }),
    others: async (ctx) =>
      svc.notifications.setMyNotificationRead!(ctx, await fx.notificationFor((await fx.person()).id), {
        isRead: true,
      }),
  },
  markAllMyNotificationsRead: {
    signedIn: 'one’s own notifications',
    call: (ctx) => svc.notifications.markAllMyNotificationsRead!(ctx),
  },
  loadNotificationsForPush: {
    system: 'reads anyone’s notifications to push them to their open pages',
    call: async (ctx) =>
      svc.notifications.loadNotificationsForPush!(ctx, [await fx.notificationFor((await fx.person()).id)]),
  },
  purgeReadNotifications: {
    permission: 'platform-settings.manage',
    call: (ctx) => svc.notifications.purgeReadNotifications!(ctx),
  },
  announce: {
    permission: 'notifications.announce',
    call: async (ctx) =>
      svc.announcements.announce!(ctx, { message: 'Hello', userIds: [(await fx.person()).id] }),
  },
  pushToUsers: { internal: 'publishes a live event its caller decided to send' },
  pushToRoom: { internal: 'publishes a live event its caller decided to send' },
  pushDiscordStatus: { internal: 'publishes a live event its caller decided to send' },

  // Platform.
  checkReadiness: {
    public: 'the readiness probe: says only whether the database answers',
    call: (ctx) => svc.health.checkReadiness!(ctx.db),
  },
  queueMail: { internal: 'the outbox writer, inside the transaction of an authorized change' },
  listOutbox: { permission: 'platform-settings.manage', call: (ctx) => svc.mail.listOutbox!(ctx) },
  deliverQueuedMail: { internal: 'a worker job, run by the system; no route or command reaches it' },

  // Accounts: sign-in, invitations, passwords, two-factor, profile, administrators.
  signIn: {
    public: 'the credentials are the check',
    call: (ctx) => svc.signIn.signIn!(ctx, 'nobody-here@example.com', 'Wr0ng!password'),
  },
  signInWithSecondFactor: {
    public: 'the challenge and the code are the check',
    call: (ctx) => svc.signIn.signInWithSecondFactor!(ctx, { challenge: 'x'.repeat(43), code: '000000' }),
  },
  refreshSession: {
    public: 'the refresh token is the check',
    call: (ctx) => svc.sessions.refreshSession!(ctx, 'not-a-token'),
  },
  signOut: { signedIn: 'ends one’s own session', call: (ctx) => svc.sessions.signOut!(ctx) },
  checkPasswordStrength: {
    public: 'a pure check of a candidate password',
    call: async () => svc.passwordPolicy.checkPasswordStrength!('short'),
  },
  purgeExpiredSessions: { internal: 'a worker job, run by the system; no route or command reaches it' },
  findPageSession: {
    public: 'the refresh cookie is the check (server-side rendering)',
    call: (ctx) => svc.sessions.findPageSession!(ctx, 'not-a-token'),
  },
  issueInvitation: {
    permission: 'employees.manage',
    call: async (ctx) => svc.invitations.issueInvitation!(ctx, await fx.person({ status: 'PENDING' })),
  },
  resendInvitation: {
    permission: 'employees.manage',
    hides: true,
    call: async (ctx) => svc.invitations.resendInvitation!(ctx, (await fx.person({ status: 'PENDING' })).id),
  },
  checkSignUpToken: {
    public: 'the invitation link is the check',
    call: (ctx) => svc.signUp.checkSignUpToken!(ctx, 'x'.repeat(43)),
  },
  signUp: {
    public: 'the invitation link is the check',
    call: (ctx) =>
      svc.signUp.signUp!(ctx, {
        token: 'x'.repeat(43),
        password: 'N3w!password',
        confirmPassword: 'N3w!password',
        agreeToTerms: true,
      }),
  },
  requestPasswordReset: {
    public: 'answers alike for every address; the link goes to the account’s own mailbox',
    call: (ctx) => svc.forgotPassword.requestPasswordReset!(ctx, 'nobody-here@example.com'),
  },
  checkResetToken: {
    public: 'the reset link is the check',
    call: (ctx) => svc.resetPassword.checkResetToken!(ctx, 'x'.repeat(43)),
  },
  resetPassword: {
    public: 'the reset link is the check',
    call: (ctx) =>
      svc.resetPassword.resetPassword!(ctx, {
        token: 'x'.repeat(43),
        password: 'N3w!password',
        confirmPassword: 'N3w!password',
      }),
  },
  validatePasswordChange: {
    signedIn: 'one’s own password',
    call: (ctx) =>
      svc.changePassword.validatePasswordChange!(ctx, {
        currentPassword: DEFAULT_PASSWORD,
        password: 'N3w!password',
        confirmPassword: 'N3w!password',
      }),
  },
  changePassword: {
    signedIn: 'one’s own password',
    call: (ctx) =>
      svc.changePassword.changePassword!(ctx, {
        currentPassword: DEFAULT_PASSWORD,
        password: 'N3w!password',
        confirmPassword: 'N3w!password',
      }),
  },
  getPasswordExpiry: {
    signedIn: 'one’s own password',
    call: (ctx) => svc.passwordExpiry.getPasswordExpiry!(ctx),
  },
  markExpiryNotified: {
    signedIn: 'one’s own password',
    call: (ctx) => svc.passwordExpiry.markExpiryNotified!(ctx),
  },
  getPasswordPolicy: {
    permission: 'password-policy.manage',
    call: (ctx) => svc.passwordPolicy.getPasswordPolicy!(ctx),
  },
  updatePasswordPolicy: {
    permission: 'password-policy.manage',
    call: (ctx) => svc.passwordPolicy.updatePasswordPolicy!(ctx, { maxAgeDays: 90, reminderDays: 7 }),
  },
  sendPasswordExpiryReminders: {
    internal: 'a worker job, run by the system; no route or command reaches it',
  },
  updateOwnProfile: {
    signedIn: 'one’s own profile',
    call: (ctx) =>
      svc.profile.updateOwnProfile!(ctx, { firstName: 'Lan', lastName: 'Nguyen', language: 'en' }),
  },
  sniffImageType: { internal: 'a pure check of an image’s first bytes' },
  setOwnAvatar: { signedIn: 'one’s own avatar', call: (ctx) => svc.profile.setOwnAvatar!(ctx, PNG) },
  removeOwnAvatar: { signedIn: 'one’s own avatar', call: (ctx) => svc.profile.removeOwnAvatar!(ctx) },
  getAvatar: {
    public: 'avatar ids are random and change with every upload; pictures show on shared screens',
    call: (ctx) => svc.profile.getAvatar!(ctx, '00000000-0000-4000-8000-000000000000'),
  },
  getTwoFactorStatus: {
    signedIn: 'one’s own second factor',
    call: (ctx) => svc.twoFactor.getTwoFactorStatus!(ctx),
  },
  'getTwoFactorStatus for another person': {
    permission: 'employees.manage',
    call: async (ctx) => svc.twoFactor.getTwoFactorStatus!(ctx, (await fx.person()).id),
  },
  startTwoFactorSetup: {
    signedIn: 'one’s own second factor',
    call: (ctx) => svc.twoFactor.startTwoFactorSetup!(ctx),
  },
  enableTwoFactor: {
    signedIn: 'one’s own second factor',
    holderGets: 'VALIDATION_FAILED',
    call: (ctx) => svc.twoFactor.enableTwoFactor!(ctx, '000000'),
  },
  disableTwoFactor: {
    signedIn: 'one’s own second factor, confirmed by one’s password',
    holderGets: 'VALIDATION_FAILED',
    call: (ctx) => svc.twoFactor.disableTwoFactor!(ctx, DEFAULT_PASSWORD),
  },
  regenerateRecoveryCodes: {
    signedIn: 'one’s own second factor, confirmed by one’s password',
    holderGets: 'VALIDATION_FAILED',
    call: (ctx) => svc.twoFactor.regenerateRecoveryCodes!(ctx, DEFAULT_PASSWORD),
  },
  resetTwoFactor: {
    permission: 'employees.manage',
    hides: true,
    call: async (ctx) => svc.twoFactorReset.resetTwoFactor!(ctx, (await fx.withTwoFactor()).id),
  },
  requireSecondFactor: { internal: 'the second step of signIn, after the password was checked' },
  consumeTwoFactorChallenge: {
    public: 'the challenge and the code are the check',
    call: (ctx) =>
      svc.twoFactorSignIn.consumeTwoFactorChallenge!(ctx, { challenge: 'x'.repeat(43), code: '000000' }),
  },
  purgeOldChallenges: { internal: 'a worker job, run by the system; no route or command reaches it' },
  // The accounts area's API for other areas: building blocks of their use cases, which authorize
  // and audit; these neither authorize nor audit by themselves (writes refuse to run outside a transaction).
  findUserById: { internal: 'a lookup inside another area’s authorized use case' },
  findUserByEmail: { internal: 'a lookup inside another area’s authorized use case' },
  insertUser: { internal: 'the one writer of users, inside the caller’s authorized, audited transaction' },
  insertUsers: { internal: 'the one writer of users, inside the caller’s authorized, audited transaction' },
  updateUser: { internal: 'the one writer of users, inside the caller’s authorized, audited transaction' },
  setDepartmentMembers: { internal: 'moves people between departments for the departments use cases' },
  revokeUserSessions: { internal: 'ends a person’s sessions inside the caller’s authorized change' },
  findLiveSession: { internal: 'reads the session of a presented token for the auth plugin' },
  passwordExpiryOf: { internal: 'a pure rule: when a password expires under the policy' },
  refreshExpiry: { internal: 'a pure rule: when a refresh token issued now expires' },
  // The access and departments areas' lookups for other areas.
  findRole: { internal: 'a lookup inside another area’s authorized use case' },
  lockRole: { internal: 'a row lock inside another area’s authorized use case' },
  findBuiltInRole: { internal: 'a lookup inside another area’s authorized use case' },
  countUsersWithBuiltInRole: { internal: 'a count for the last-administrator rule' },
  assignRole: { internal: 'grants a role inside a use case that checked the role policy’s assign' },
  findDepartmentsByIds: { internal: 'a lookup for the people forms and imports' },
  findDepartmentsByNames: { internal: 'a lookup for the people imports and exports' },
  createAdministrator: {
    // Handing out Admin needs every permission there is.
    permission: ALL,
    call: (ctx) =>
      svc.administrators.createAdministrator!(ctx, {
        email: `${unique('admin')}@example.com`,
        password: 'Str0ng!password',
      }),
  },
  ensureFirstAdministrator: {
    internal:
      'start-up, as the system; does nothing once an administrator exists, else calls createAdministrator',
  },
  generatePassword: { internal: 'a pure random password' },
  getOwnProfile: { signedIn: 'one’s own profile', call: (ctx) => svc.profile.getOwnProfile!(ctx) },
  setOwnLanguage: {
    signedIn: 'one’s own language',
    call: (ctx) => svc.profile.setOwnLanguage!(ctx, 'vi'),
  },

  // Clients and projects. Project rules are project-scoped: a company-wide holder passes everywhere,
  // a project role only in its project (tests/api/projects.test.ts covers the scoped side).
  listClients: { permission: 'clients.view', call: (ctx) => svc.clients.listClients!(ctx, {}) },
  getClient: {
    permission: 'clients.view',
    call: async (ctx) => svc.clients.getClient!(ctx, (await fx.client()).id),
  },
  createClient: {
    permission: 'clients.manage',
    call: (ctx) => svc.clients.createClient!(ctx, { name: unique('New client') }),
  },
  updateClient: {
    permission: 'clients.manage',
    call: async (ctx) => svc.clients.updateClient!(ctx, (await fx.client()).id, { description: 'Changed' }),
  },
  setClientStatus: {
    permission: 'clients.manage',
    call: async (ctx) => svc.clients.setClientStatus!(ctx, (await fx.client()).id, { status: 'INACTIVE' }),
  },
  deleteClient: {
    permission: 'clients.manage',
    call: async (ctx) => svc.clients.deleteClient!(ctx, (await fx.client()).id),
  },
  resolveClients: {
    anyOf: ['clients.view', 'projects.view', 'projects.manage', 'projects.members.manage', 'projects.export'],
    call: async (ctx) => svc.clients.resolveClients!(ctx, [(await fx.client()).name]),
  },
  requireVisibleProject: {
    anyOf: ['projects.view', 'projects.manage', 'projects.members.manage', 'projects.export'],
    hides: true,
    call: async (ctx) => svc.projects.requireVisibleProject!(ctx, (await fx.project()).id),
  },
  recordStage: { internal: 'writes a stage change inside an authorized, audited project change' },
  listProjects: {
    anyOf: ['projects.view', 'projects.manage', 'projects.members.manage', 'projects.export'],
    call: (ctx) => svc.projects.listProjects!(ctx, {}),
  },
  getProject: {
    anyOf: ['projects.view', 'projects.manage', 'projects.members.manage', 'projects.export'],
    hides: true,
    call: async (ctx) => svc.projects.getProject!(ctx, (await fx.project()).id),
  },
  createProject: {
    permission: 'projects.manage',
    call: async (ctx) =>
      svc.projects.createProject!(ctx, (await fx.client()).id, { name: unique('New project') }),
  },
  updateProject: {
    permission: 'projects.manage',
    hides: true,
    call: async (ctx) => svc.projects.updateProject!(ctx, (await fx.project()).id, { stage: 'DEVELOPMENT' }),
  },
  setProjectStatus: {
    permission: 'projects.manage',
    hides: true,
    call: async (ctx) => svc.projects.setProjectStatus!(ctx, (await fx.project()).id, { status: 'INACTIVE' }),
  },
  deleteProject: {
    permission: 'projects.manage',
    hides: true,
    call: async (ctx) => svc.projects.deleteProject!(ctx, (await fx.project()).id),
  },
  roleProblems: { internal: 'a pure rule: whether a role may be given to a project member' },
  listProjectMembers: {
    anyOf: ['projects.view', 'projects.manage', 'projects.members.manage', 'projects.export'],
    hides: true,
    call: async (ctx) => svc.projectMembers.listProjectMembers!(ctx, (await fx.project()).id),
  },
  addProjectMember: {
    permission: 'projects.members.manage',
    hides: true,
    call: async (ctx) =>
      svc.projectMembers.addProjectMember!(ctx, (await fx.project()).id, {
        userId: (await fx.person()).id,
        roleId: (await fx.projectRole()).id,
      }),
  },
  updateProjectMember: {
    permission: 'projects.members.manage',
    hides: true,
    call: async (ctx) => {
      const { project, member } = await fx.projectMember();
      return svc.projectMembers.updateProjectMember!(ctx, project.id, member.id, { note: 'Changed' });
    },
  },
  setProjectMemberNote: {
    permission: 'projects.members.manage',
    hides: true,
    call: async (ctx) => {
      const { project, member } = await fx.projectMember();
      return svc.projectMembers.setProjectMemberNote!(ctx, project.id, member.id, { note: 'A note' });
    },
  },
  setProjectMemberStatus: {
    permission: 'projects.members.manage',
    hides: true,
    call: async (ctx) => {
      const { project, member } = await fx.projectMember();
      return svc.projectMembers.setProjectMemberStatus!(ctx, project.id, member.id, { status: 'INACTIVE' });
    },
  },
  removeProjectMember: {
    permission: 'projects.members.manage',
    hides: true,
    call: async (ctx) => {
      const { project, member } = await fx.projectMember();
      return svc.projectMembers.removeProjectMember!(ctx, project.id, member.id);
    },
  },
  listUserProjects: {
    signedIn: 'one’s own projects',
    call: async (ctx) => svc.projectMembers.listUserProjects!(ctx, await fx.ownerOf(ctx)),
  },
  'listUserProjects of another person': {
    anyOf: ['projects.view', 'projects.manage', 'projects.members.manage', 'projects.export'],
    call: async (ctx) => svc.projectMembers.listUserProjects!(ctx, (await fx.person()).id),
  },
  listProjectRoleOptions: {
    anyOf: ['projects.view', 'projects.manage', 'projects.members.manage', 'projects.export'],
    call: (ctx) => svc.projectMembers.listProjectRoleOptions!(ctx),
  },
  prepareClientExport: {
    permission: 'clients.view',
    call: (ctx) => svc.projectsExport.prepareClientExport!(ctx, {}),
  },
  prepareProjectExport: {
    permission: 'projects.export',
    hides: true,
    call: async (ctx) => svc.projectsExport.prepareProjectExport!(ctx, (await fx.project()).id),
  },
  prepareProjectsExport: {
    permission: 'projects.export',
    call: (ctx) => svc.projectsExport.prepareProjectsExport!(ctx, {}),
  },
  importProjects: {
    permission: ['projects.manage', 'projects.members.manage'],
    call: (ctx) => svc.projectsImport.importProjects!(ctx, Buffer.alloc(0), { dryRun: true }),
  },
  databaseProbe: {
    internal: 'builds the liveness probe at start-up (select 1); it reads nothing and takes no input',
  },

  // The employee profile, bulk actions, invitation links and legal pages.
  getPersonHistory: {
    anyOf: ['employees.view', 'employees.manage'],
    hides: true,
    call: async (ctx) => svc.employeeProfile.getPersonHistory!(ctx, (await fx.person()).id, {}),
  },
  // The person themselves too (an API test in employee-profile.test.ts).
  getPersonRoles: {
    permission: 'employees.manage',
    hides: true,
    call: async (ctx) => svc.employeeProfile.getPersonRoles!(ctx, (await fx.person()).id),
  },
  inviteSelected: {
    permission: 'employees.manage',
    call: async (ctx) =>
      svc.employeesSelection.inviteSelected!(ctx, [(await fx.person({ status: 'PENDING' })).id]),
  },
  deactivateSelected: {
    permission: 'employees.manage',
    call: async (ctx) => svc.employeesSelection.deactivateSelected!(ctx, [(await fx.person()).id]),
  },
  prepareSelectionExport: {
    permission: 'employees.export',
    call: async (ctx) => svc.employeesSelection.prepareSelectionExport!(ctx, [(await fx.person()).id]),
  },
  getInvitationState: {
    permission: 'employees.manage',
    hides: true,
    call: async (ctx) =>
      svc.invitationLinks.getInvitationState!(ctx, (await fx.person({ status: 'PENDING' })).id),
  },
  issueInvitationLink: {
    permission: 'employees.manage',
    hides: true,
    call: async (ctx) =>
      svc.invitationLinks.issueInvitationLink!(ctx, (await fx.person({ status: 'PENDING' })).id),
  },
  getLegalPage: {
    public: 'the terms and the privacy policy are linked from the sign-up page, before any account',
    call: (ctx) => svc.legalPages.getLegalPage!(ctx, 'terms', 'en'),
  },
  listLegalPages: {
    permission: 'platform-settings.manage',
    call: (ctx) => svc.legalPages.listLegalPages!(ctx),
  },
  updateLegalPage: {
    permission: 'platform-settings.manage',
    call: (ctx) => svc.legalPages.updateLegalPage!(ctx, 'privacy', 'vi', { content: 'Chính sách mới' }),
  },
  createInvitationLink: { internal: 'stores a new invitation link inside an authorized, audited use case' },

  // Leave: settings.
  listAbsenceTypes: { anyOf: LEAVE_READERS, call: (ctx) => svc.absenceTypes.listAbsenceTypes!(ctx) },
  replaceAbsenceTypes: {
    permission: 'leave.manage',
    call: async (ctx) => {
      const { items } = (await svc.absenceTypes.listAbsenceTypes!(system)) as {
        items: Array<Record<string, unknown>>;
      };
      return svc.absenceTypes.replaceAbsenceTypes!(ctx, {
        items: items.map(({ inUse: _inUse, ...type }) => type),
      });
    },
  },
  getAbsenceRules: { anyOf: LEAVE_READERS, call: (ctx) => svc.absenceTypes.getAbsenceRules!(ctx) },
  updateAbsenceRules: {
    permission: 'leave.manage',
    call: async (ctx) =>
      svc.absenceTypes.updateAbsenceRules!(ctx, await svc.absenceTypes.getAbsenceRules!(system)),
  },
  listHolidays: { anyOf: LEAVE_READERS, call: (ctx) => svc.holidays.listHolidays!(ctx, {}) },
  createHoliday: {
    permission: 'leave.manage',
    call: (ctx) =>
      svc.holidays.createHoliday!(ctx, {
        name: unique('Holiday'),
        startDate: '2020-01-01',
        endDate: '2020-01-01',
      }),
  },
  updateHoliday: {
    permission: 'leave.manage',
    call: async (ctx) => {
      const holiday = (await svc.holidays.createHoliday!(system, {
        name: unique('Holiday'),
        startDate: '2020-01-01',
        endDate: '2020-01-01',
      })) as { id: string };
      return svc.holidays.updateHoliday!(ctx, holiday.id, {
        name: unique('Renamed'),
        startDate: '2020-01-02',
        endDate: '2020-01-02',
      });
    },
  },
  deleteHoliday: {
    permission: 'leave.manage',
    call: async (ctx) => {
      const holiday = (await svc.holidays.createHoliday!(system, {
        name: unique('Holiday'),
        startDate: '2020-01-01',
        endDate: '2020-01-01',
      })) as { id: string };
      return svc.holidays.deleteHoliday!(ctx, holiday.id);
    },
  },

  // Leave: requests (the caller's own; HR's leave.manage reaches everyone's).
  createLeaveRequest: {
    anyOf: ['leave.request', 'leave.manage'],
    call: async (ctx) => {
      const week = workWeek(3);
      return svc.leaveRequests.createLeaveRequest!(ctx, {
        absenceTypeId: await absenceTypeId(db, 'Without pay'),
        startDate: week.monday,
        startPart: 'MORNING',
        endDate: week.monday,
        endPart: 'AFTERNOON',
        approverIds: [(await fx.leaveApprover()).id],
      });
    },
  },
  getLeaveRequest: {
    // Strangers get 404 (tests/api/leave.test.ts); HR (leave.manage) sees every request.
    signedIn: 'one’s own request (approvers and HR see theirs too)',
    call: async (ctx) =>
      svc.leaveRequests.getLeaveRequest!(ctx, (await fx.leaveRequest(await fx.ownerOf(ctx))).id),
  },
  updateLeaveRequest: {
    anyOf: ['leave.request', 'leave.manage'],
    hides: true,
    call: async (ctx) => {
      const request = await fx.leaveRequest(await fx.ownerOf(ctx));
      return svc.leaveRequests.updateLeaveRequest!(ctx, request.id, {
        absenceTypeId: await absenceTypeId(db, 'Without pay'),
        startDate: request.week.tuesday,
        startPart: 'MORNING',
        endDate: request.week.tuesday,
        endPart: 'AFTERNOON',
        approverIds: [(await fx.leaveApprover()).id],
        version: request.version,
      });
    },
  },
  deleteLeaveRequest: {
    anyOf: ['leave.request', 'leave.manage'],
    hides: true,
    call: async (ctx) =>
      svc.leaveRequests.deleteLeaveRequest!(ctx, (await fx.leaveRequest(await fx.ownerOf(ctx))).id),
  },
  cancelLeaveRequest: {
    anyOf: ['leave.request', 'leave.manage'],
    hides: true,
    call: async (ctx) =>
      svc.leaveRequests.cancelLeaveRequest!(
        ctx,
        (await fx.leaveRequest(await fx.ownerOf(ctx), { status: 'APPROVED' })).id,
      ),
  },
  listMyLeaveRequests: {
    anyOf: ['leave.request', 'leave.manage'],
    call: (ctx) => svc.leaveRequests.listMyLeaveRequests!(ctx, {}),
  },
  listLeaveRequests: {
    permission: 'leave.manage',
    call: (ctx) => svc.leaveRequests.listLeaveRequests!(ctx, {}),
  },
  previewLeaveRequest: {
    anyOf: ['leave.request', 'leave.manage'],
    call: async (ctx) => {
      const week = workWeek(3);
      return svc.leaveRequests.previewLeaveRequest!(ctx, {
        absenceTypeId: await absenceTypeId(db, 'Vacation'),
        startDate: week.monday,
        startPart: 'MORNING',
        endDate: week.tuesday,
        endPart: 'AFTERNOON',
      });
    },
  },
  listApproverCandidates: {
    anyOf: LEAVE_READERS,
    call: (ctx) => svc.leaveRequests.listApproverCandidates!(ctx, {}),
  },
  openLeaveAttachment: {
    signedIn: 'the attachment of one’s own request',
    call: async (ctx) => {
      const request = await fx.leaveRequest(await fx.ownerOf(ctx));
      const key = `leave/${request.id}/${unique('file')}.pdf`;
      await fileStorage(config).put(key, PDF, 'application/pdf');
      await db
        .updateTable('leave_requests')
        .set({
          attachment_key: key,
          attachment_name: 'a.pdf',
          attachment_type: 'application/pdf',
          attachment_size: PDF.length,
        })
        .where('id', '=', request.id)
        .execute();
      const file = (await svc.leaveRequests.openLeaveAttachment!(ctx, request.id)) as {
        stream: { destroy(): void };
      };
      file.stream.destroy();
      return file;
    },
  },

  // Leave: approvals.
  listMyApprovals: {
    anyOf: ['leave.approve', 'leave.manage'],
    call: (ctx) => svc.leaveApprovals.listMyApprovals!(ctx, {}),
  },
  countMyApprovals: {
    signedIn: 'how many requests wait for oneself',
    call: (ctx) => svc.leaveApprovals.countMyApprovals!(ctx),
  },
  actOnApproval: {
    anyOf: ['leave.approve', 'leave.manage'],
    hides: true,
    call: async (ctx) => {
      const request = await fx.leaveRequest((await fx.person()).id, { approverId: await fx.ownerOf(ctx) });
      return svc.leaveApprovals.actOnApproval!(ctx, request.approvalId, { status: 'APPROVED' });
    },
  },

  // Leave: balances and reports.
  getBalances: {
    anyOf: ['leave.request', 'leave.manage', 'leave.report'],
    call: (ctx) => svc.leaveBalances.getBalances!(ctx, {}),
  },
  listTeamBalances: {
    anyOf: ['leave.report', 'leave.manage'],
    call: (ctx) => svc.leaveBalances.listTeamBalances!(ctx, {}, () => undefined),
  },
  getLeaveReport: {
    anyOf: ['leave.report', 'leave.manage'],
    call: (ctx) => svc.leaveReports.getLeaveReport!(ctx, {}),
  },
  getFullLeaveReport: {
    anyOf: ['leave.report', 'leave.manage'],
    call: (ctx) => svc.leaveReports.getFullLeaveReport!(ctx, {}),
  },
  prepareLeaveExport: {
    anyOf: ['leave.report', 'leave.manage'],
    call: (ctx) => svc.leaveReports.prepareLeaveExport!(ctx, {}),
  },

  // Leave: the worker's jobs.
  accrueLeave: {
    system: 'the monthly accrual, run by the worker',
    call: (ctx) => svc.leaveJobs.accrueLeave!(ctx),
  },
  carryForwardLeave: {
    system: 'the year-end carry-forward, run by the worker',
    call: (ctx) => svc.leaveJobs.carryForwardLeave!(ctx),
  },
  expireCarriedLeave: {
    system: 'the expiry of carried days, run by the worker',
    call: (ctx) => svc.leaveJobs.expireCarriedLeave!(ctx),
  },
  remindApprovers: {
    system: 'the reminder of waiting approvals, run by the worker',
    call: (ctx) => svc.leaveJobs.remindApprovers!(ctx),
  },
  routeAllToSubstitutes: {
    system: 'hands approvals of people away to their substitutes, run by the worker',
    call: (ctx) => svc.leaveSubstitutes.routeAllToSubstitutes!(ctx, '2020-01-01'),
  },

  // Leave: substitutes, the team calendar and feeds.
  getMySubstitute: {
    anyOf: ['leave.approve', 'leave.manage'],
    call: (ctx) => svc.leaveSubstitutes.getMySubstitute!(ctx),
  },
  setMySubstitute: {
    anyOf: ['leave.approve', 'leave.manage'],
    call: (ctx) => svc.leaveSubstitutes.setMySubstitute!(ctx, { substituteId: null }),
  },
  getTeamCalendar: {
    anyOf: LEAVE_READERS,
    call: (ctx) => svc.teamCalendar.getTeamCalendar!(ctx, { from: '2026-01-01', to: '2026-01-31' }),
  },
  listMyCalendarFeeds: { anyOf: LEAVE_READERS, call: (ctx) => svc.teamCalendar.listMyCalendarFeeds!(ctx) },
  createCalendarFeed: {
    anyOf: ['leave.request', 'leave.manage'],
    call: (ctx) => svc.teamCalendar.createCalendarFeed!(ctx, { scope: 'PERSON' }),
  },
  revokeCalendarFeed: {
    anyOf: LEAVE_READERS,
    hides: true,
    call: async (ctx) => {
      const feed = await db
        .insertInto('leave_calendar_feeds')
        .values({
          owner_id: await fx.ownerOf(ctx),
          scope: 'PERSON',
          department_id: null,
          token_hash: unique('hash'),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return svc.teamCalendar.revokeCalendarFeed!(ctx, feed.id);
    },
  },
  // Overtime.
  readRegulations: {
    internal: 'reads the regulations for a use case that checked the actor (summaries, requests)',
  },
  getRegulations: { anyOf: OT_READERS, call: (ctx) => svc.overtimeSettings.getRegulations!(ctx) },
  updateRegulations: {
    permission: 'overtime.manage',
    call: async (ctx) =>
      svc.overtimeSettings.updateRegulations!(ctx, await svc.overtimeSettings.getRegulations!(system)),
  },
  getLimits: { anyOf: OT_READERS, call: (ctx) => svc.overtimeSettings.getLimits!(ctx) },
  updateLimits: {
    permission: 'overtime.manage',
    call: (ctx) =>
      svc.overtimeSettings.updateLimits!(ctx, { dailyHours: 4, monthlyHours: 40, yearlyHours: 200 }),
  },
  createOvertimeRequest: {
    anyOf: ['overtime.request', 'overtime.manage'],
    call: async (ctx) =>
      svc.overtimeRequests.createOvertimeRequest!(ctx, {
        workDate: workWeek(3).tuesday,
        startTime: '18:00',
        endTime: '19:00',
        approverIds: [(await fx.otApprover()).id],
      }),
  },
  getOvertimeRequest: {
    // Strangers get 404 (tests/api/overtime.test.ts); managers see every request.
    signedIn: 'one’s own request (approvers and managers see theirs too)',
    call: async (ctx) =>
      svc.overtimeRequests.getOvertimeRequest!(ctx, (await fx.otRequest(await fx.ownerOf(ctx))).id),
  },
  updateOvertimeRequest: {
    anyOf: ['overtime.request', 'overtime.manage'],
    hides: true,
    call: async (ctx) => {
      const request = await fx.otRequest(await fx.ownerOf(ctx));
      return svc.overtimeRequests.updateOvertimeRequest!(ctx, request.id, {
        workDate: request.week.monday,
        startTime: '18:00',
        endTime: '19:30',
        approverIds: [(await fx.otApprover()).id],
        version: request.version,
      });
    },
  },
  deleteOvertimeRequest: {
    anyOf: ['overtime.request', 'overtime.manage'],
    hides: true,
    call: async (ctx) =>
      svc.overtimeRequests.deleteOvertimeRequest!(ctx, (await fx.otRequest(await fx.ownerOf(ctx))).id),
  },
  decideOvertimeRequest: {
    anyOf: ['overtime.approve', 'overtime.manage'],
    hides: true,
    call: async (ctx) => {
      const request = await fx.otRequest((await fx.person()).id, await fx.ownerOf(ctx));
      return svc.overtimeRequests.decideOvertimeRequest!(ctx, request.id, { status: 'APPROVED' });
    },
  },
  listOvertimeApproverCandidates: {
    anyOf: OT_READERS,
    call: (ctx) => svc.overtimeRequests.listOvertimeApproverCandidates!(ctx, {}),
  },
  listMyOvertimeRequests: {
    anyOf: ['overtime.request', 'overtime.manage'],
    call: (ctx) => svc.overtimeRequests.listMyOvertimeRequests!(ctx, {}),
  },
  listOvertimeRequests: {
    anyOf: ['overtime.approve', 'overtime.manage'],
    call: (ctx) => svc.overtimeRequests.listOvertimeRequests!(ctx, {}),
  },
  countOvertimeRequests: {
    anyOf: ['overtime.approve', 'overtime.manage'],
    call: (ctx) => svc.overtimeRequests.countOvertimeRequests!(ctx, {}),
  },
  getRemainingOvertime: {
    anyOf: ['overtime.request', 'overtime.manage'],
    call: (ctx) => svc.overtimeRequests.getRemainingOvertime!(ctx, {}),
  },
  listOvertimeSummaries: {
    anyOf: ['overtime.report', 'overtime.manage', 'overtime.request'],
    call: (ctx) => svc.overtimeReports.listOvertimeSummaries!(ctx, {}),
  },
  getOvertimeReport: {
    anyOf: ['overtime.report', 'overtime.manage'],
    call: (ctx) => svc.overtimeReports.getOvertimeReport!(ctx, {}),
  },
  getFullOvertimeReport: {
    anyOf: ['overtime.report', 'overtime.manage'],
    call: (ctx) => svc.overtimeReports.getFullOvertimeReport!(ctx, {}),
  },
  prepareOvertimeExport: {
    anyOf: ['overtime.report', 'overtime.manage'],
    call: (ctx) => svc.overtimeReports.prepareOvertimeExport!(ctx, {}),
  },
  renderCalendarFeed: {
    public: 'calendar apps send no session: the unguessable address is the credential',
    call: (ctx) =>
      svc.teamCalendar.renderCalendarFeed!(ctx, 'an-unknown-token-of-some-length.ics').catch(
        (error: unknown) => {
          if (error instanceof AppError && error.code === 'NOT_FOUND') return 'not found';
          throw error;
        },
      ),
  },
  // Work logs (issue 18).
  listWorkLogs: { signedIn: "a person's own logs", call: (ctx) => svc.workLogs.listWorkLogs!(ctx, {}) },
  'listWorkLogs managed': {
    permission: 'worklogs.manage',
    call: (ctx) => svc.workLogs.listWorkLogs!(ctx, { scope: 'managed' }),
  },
  getWorkLog: {
    signedIn: "their own log (others' are hidden: tests/api/worklogs.test.ts)",
    call: async (ctx) => svc.workLogs.getWorkLog!(ctx, (await fx.workLog(await fx.ownerOf(ctx))).id),
  },
  listLoggableProjects: {
    permission: 'worklogs.log',
    call: (ctx) => svc.workLogs.listLoggableProjects!(ctx),
  },
  createWorkLog: {
    permission: 'worklogs.log',
    call: async (ctx) =>
      svc.workLogs.createWorkLog!(ctx, {
        projectId: await fx.loggableProject(ctx),
        workDate: pastWeek().monday,
        hours: 1,
        description: 'Review',
      }),
  },
  updateWorkLog: {
    permission: 'worklogs.log',
    call: async (ctx) => {
      const log = await fx.workLog(await fx.ownerOf(ctx));
      return svc.workLogs.updateWorkLog!(ctx, log.id, {
        projectId: log.project_id,
        workDate: log.work_date,
        hours: 2,
        description: 'Review',
        version: 1,
      });
    },
  },
  deleteWorkLog: {
    permission: 'worklogs.log',
    call: async (ctx) => svc.workLogs.deleteWorkLog!(ctx, (await fx.workLog(await fx.ownerOf(ctx))).id),
  },
  toWorkLogs: { internal: 'shapes rows for a use case that has checked the actor' },
  getWorkWeek: { permission: 'worklogs.log', call: (ctx) => svc.workWeek.getWorkWeek!(ctx, {}) },
  saveWorkWeek: {
    permission: 'worklogs.log',
    call: (ctx) => svc.workWeek.saveWorkWeek!(ctx, { start: pastWeek().monday, rows: [] }),
  },
  listWorkLogLocks: {
    permission: 'worklogs.manage',
    call: (ctx) => svc.workLogLocks.listWorkLogLocks!(ctx, {}),
  },
  createWorkLogLock: {
    permission: 'worklogs.manage',
    call: (ctx) =>
      svc.workLogLocks.createWorkLogLock!(ctx, { startsOn: pastWeek().monday, endsOn: pastWeek().sunday }),
  },
  liftWorkLogLock: {
    permission: 'worklogs.manage',
    call: async (ctx) => {
      const lock = await db
        .insertInto('work_log_locks')
        .values({
          project_id: null,
          starts_on: '2001-01-01',
          ends_on: '2001-01-31',
          note: null,
          locked_by: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return svc.workLogLocks.liftWorkLogLock!(ctx, lock.id);
    },
  },
  getWorkLogReport: {
    permission: 'worklogs.report',
    call: (ctx) => svc.workLogReports.getWorkLogReport!(ctx, {}),
  },
  getFullWorkLogReport: {
    permission: 'worklogs.report',
    call: (ctx) => svc.workLogReports.getFullWorkLogReport!(ctx, {}),
  },
  prepareWorkLogExport: {
    permission: 'worklogs.report',
    call: (ctx) => svc.workLogReports.prepareWorkLogExport!(ctx, {}),
  },
  getWorkLogReconciliation: {
    permission: 'worklogs.report',
    call: (ctx) => svc.workLogReports.getWorkLogReconciliation!(ctx, {}),
  },
  // Recurring tasks (issue 18).
  listRecurringTasks: {
    anyOf: RT_READERS,
    call: (ctx) => svc.recurringTasks.listRecurringTasks!(ctx, {}),
  },
  getRecurringTask: {
    anyOf: RT_READERS,
    hides: true,
    call: async (ctx) => svc.recurringTasks.getRecurringTask!(ctx, (await fx.recurringTask(ctx)).id),
  },
  createRecurringTask: {
    permission: 'recurring-tasks.manage',
    call: async (ctx) =>
      svc.recurringTasks.createRecurringTask!(ctx, {
        name: unique('Recurring'),
        cycle: 'MONTHLY',
        startDate: '2030-01-31',
        deadlineDays: 3,
        assigneeIds: [(await fx.person({ builtInRoles: ['user'] })).id],
      }),
  },
  updateRecurringTask: {
    permission: 'recurring-tasks.manage',
    call: async (ctx) => {
      const task = await fx.recurringTask(ctx);
      return svc.recurringTasks.updateRecurringTask!(ctx, task.id, {
        name: unique('Renamed'),
        cycle: 'WEEKLY',
        startDate: '2030-01-07',
        deadlineDays: 1,
        assigneeIds: [(await fx.person({ builtInRoles: ['user'] })).id],
        version: 1,
      });
    },
  },
  setRecurringTaskStatus: {
    permission: 'recurring-tasks.manage',
    call: async (ctx) =>
      svc.recurringTasks.setRecurringTaskStatus!(ctx, (await fx.recurringTask(ctx)).id, {
        active: false,
        version: 1,
      }),
  },
  deleteRecurringTask: {
    permission: 'recurring-tasks.manage',
    call: async (ctx) => svc.recurringTasks.deleteRecurringTask!(ctx, (await fx.recurringTask(ctx)).id),
  },
  listAssigneeCandidates: {
    permission: 'recurring-tasks.manage',
    call: (ctx) => svc.recurringTasks.listAssigneeCandidates!(ctx, {}),
  },
  listRecurringTaskChildren: {
    anyOf: RT_READERS,
    call: (ctx) => svc.recurringTaskChildren.listRecurringTaskChildren!(ctx, { status: 'OPEN' }),
  },
  'listRecurringTaskChildren all': {
    permission: 'recurring-tasks.manage',
    call: (ctx) => svc.recurringTaskChildren.listRecurringTaskChildren!(ctx, { scope: 'all' }),
  },
  listTaskChildren: {
    anyOf: RT_READERS,
    hides: true,
    call: async (ctx) =>
      svc.recurringTaskChildren.listTaskChildren!(ctx, (await fx.recurringTask(ctx)).id, {}),
  },
  addRecurringTaskChild: {
    permission: 'recurring-tasks.manage',
    call: async (ctx) =>
      svc.recurringTaskChildren.addRecurringTaskChild!(ctx, (await fx.recurringTask(ctx)).id, {
        startDate: '2030-02-01',
      }),
  },
  completeRecurringTaskChild: {
    anyOf: RT_READERS,
    hides: true,
    call: async (ctx) =>
      svc.recurringTaskChildren.completeRecurringTaskChild!(ctx, (await fx.recurringChild(ctx)).id),
  },
  reopenRecurringTaskChild: {
    anyOf: RT_READERS,
    hides: true,
    call: async (ctx) =>
      svc.recurringTaskChildren.reopenRecurringTaskChild!(
        ctx,
        (await fx.recurringChild(ctx, 'COMPLETED')).id,
      ),
  },
  cancelRecurringTaskChild: {
    permission: 'recurring-tasks.manage',
    call: async (ctx) =>
      svc.recurringTaskChildren.cancelRecurringTaskChild!(ctx, (await fx.recurringChild(ctx)).id),
  },
  uncancelRecurringTaskChild: {
    permission: 'recurring-tasks.manage',
    call: async (ctx) =>
      svc.recurringTaskChildren.uncancelRecurringTaskChild!(
        ctx,
        (await fx.recurringChild(ctx, 'CANCELLED')).id,
      ),
  },
  setRecurringTaskChildNote: {
    anyOf: RT_READERS,
    hides: true,
    call: async (ctx) =>
      svc.recurringTaskChildren.setRecurringTaskChildNote!(ctx, (await fx.recurringChild(ctx)).id, {
        note: 'Done',
      }),
  },
  generateDueChildren: {
    system: 'the hourly generation of child tasks, run by the worker (or the CLI as the system)',
    call: (ctx) => svc.recurringTaskJobs.generateDueChildren!(ctx, { today: '2020-01-01' }),
  },
  markOverdueChildren: {
    system: 'the hourly overdue sweep, run by the worker (or the CLI as the system)',
    call: (ctx) => svc.recurringTaskJobs.markOverdueChildren!(ctx, { today: '2020-01-01' }),
  },
  searchJiraIssuesForLogging: {
    permission: 'worklogs.log',
    call: async (ctx) => {
      const projectId = await fx.loggableProject(ctx);
      await linkedJiraProject(db, projectId);
      return svc.workLogJira.searchJiraIssuesForLogging!(ctx, { projectId, search: 'ATL' });
    },
  },
  pushWorkLogsToJira: {
    permission: 'worklogs.log',
    call: async (ctx) =>
      svc.workLogJira.pushWorkLogsToJira!(ctx, { workLogIds: [await fx.pushableLog(await fx.ownerOf(ctx))] }),
  },
  // Connections (issue 13).
  listConnections: {
    permission: 'connections.manage',
    call: (ctx) => svc.connections.listConnections!(ctx, {}),
  },
  getConnection: {
    permission: 'connections.manage',
    call: async (ctx) => svc.connections.getConnection!(ctx, (await fx.connection()).id),
  },
  testConnectionCredentials: {
    permission: 'connections.manage',
    call: (ctx) =>
      svc.connections.testConnectionCredentials!(ctx, {
        provider: 'JIRA',
        baseUrl: jiraServer.url,
        email: jiraServer.email,
        apiToken: jiraServer.token,
      }),
  },
  testConnection: {
    permission: 'connections.manage',
    call: async (ctx) => svc.connections.testConnection!(ctx, (await fx.connection()).id),
  },
  createConnection: {
    permission: 'connections.manage',
    call: (ctx) =>
      svc.connections.createConnection!(ctx, {
        name: unique('Jira'),
        provider: 'JIRA',
        baseUrl: jiraServer.url,
        path: unique('site'),
        email: jiraServer.email,
        apiToken: jiraServer.token,
      }),
  },
  updateConnection: {
    permission: 'connections.manage',
    call: async (ctx) =>
      svc.connections.updateConnection!(ctx, (await fx.connection()).id, { name: unique('Renamed') }),
  },
  setConnectionStatus: {
    permission: 'connections.manage',
    call: async (ctx) =>
      svc.connections.setConnectionStatus!(ctx, (await fx.connection()).id, { status: 'INACTIVE' }),
  },
  deleteConnection: {
    permission: 'connections.manage',
    call: async (ctx) => svc.connections.deleteConnection!(ctx, (await fx.connection()).id),
  },
  syncConnection: {
    permission: 'connections.manage',
    call: async (ctx) => svc.connectionSync.syncConnection!(ctx, (await fx.connection()).id),
  },
  syncDueConnections: {
    system: 'the hourly sync of every connection, run by the worker',
    call: (ctx) => svc.connectionSync.syncDueConnections!(ctx),
  },
  listSyncRuns: {
    permission: 'connections.manage',
    call: async (ctx) => svc.connectionSync.listSyncRuns!(ctx, (await fx.connection()).id, {}),
  },
  listConnectionJiraProjects: {
    permission: 'connections.manage',
    call: async (ctx) =>
      svc.connectionData.listConnectionJiraProjects!(ctx, (await fx.jiraLink()).connectionId, {}),
  },
  listConnectionJiraAccounts: {
    permission: 'connections.manage',
    call: async (ctx) =>
      svc.connectionData.listConnectionJiraAccounts!(ctx, (await fx.jiraLink()).connectionId, {}),
  },
  listProjectJiraProjects: {
    anyOf: ['projects.view', 'projects.manage', 'projects.members.manage', 'projects.export'],
    hides: true,
    call: async (ctx) => svc.projectJira.listProjectJiraProjects!(ctx, (await fx.jiraLink()).project.id),
  },
  listJiraProjectsByConnections: {
    permission: 'projects.manage',
    hides: true,
    call: async (ctx) => svc.projectJira.listJiraProjectsByConnections!(ctx, (await fx.project()).id, {}),
  },
  linkJiraProjects: {
    permission: 'projects.manage',
    hides: true,
    call: async (ctx) => {
      const { jiraProjectId } = await fx.jiraLink();
      return svc.projectJira.linkJiraProjects!(ctx, (await fx.project()).id, {
        jiraProjectIds: [jiraProjectId],
      });
    },
  },
  setJiraProjectLinkStatus: {
    permission: 'projects.manage',
    hides: true,
    call: async (ctx) => {
      const { project, jiraProjectId } = await fx.jiraLink();
      return svc.projectJira.setJiraProjectLinkStatus!(ctx, project.id, jiraProjectId, {
        status: 'INACTIVE',
      });
    },
  },
  unlinkJiraProject: {
    permission: 'projects.manage',
    hides: true,
    call: async (ctx) => {
      const { project, jiraProjectId } = await fx.jiraLink();
      return svc.projectJira.unlinkJiraProject!(ctx, project.id, jiraProjectId);
    },
  },
  listProjectJiraAccounts: {
    permission: 'accounts.view',
    call: async (ctx) => svc.jiraAccounts.listProjectJiraAccounts!(ctx, (await fx.jiraLink()).project.id, {}),
  },
  updateJiraAccountNote: {
    permission: 'accounts.manage',
    call: async (ctx) => svc.jiraAccounts.updateJiraAccountNote!(ctx, await fx.jiraAccount(), { note: 'QA' }),
  },
  setJiraAccountAssignees: {
    permission: 'accounts.manage',
    call: async (ctx) =>
      svc.jiraAccounts.setJiraAccountAssignees!(ctx, await fx.jiraAccount(), {
        userIds: [(await fx.person()).id],
      }),
  },
  listProjectGitRepositories: {
    anyOf: ['projects.view', 'projects.manage', 'projects.members.manage', 'projects.export'],
    hides: true,
    call: async (ctx) => svc.projectGit.listProjectGitRepositories!(ctx, (await fx.gitLink()).project.id),
  },
  listGitRepositoriesOfConnections: {
    permission: 'projects.manage',
    hides: true,
    call: async (ctx) => svc.projectGit.listGitRepositoriesOfConnections!(ctx, (await fx.project()).id, {}),
  },
  linkGitRepositories: {
    permission: 'projects.manage',
    hides: true,
    call: async (ctx) => {
      const { repositoryId } = await fx.gitLink();
      return svc.projectGit.linkGitRepositories!(ctx, (await fx.project()).id, {
        gitRepositoryIds: [repositoryId],
      });
    },
  },
  setGitRepositoryLinkStatus: {
    permission: 'projects.manage',
    hides: true,
    call: async (ctx) => {
      const { project, repositoryId } = await fx.gitLink();
      return svc.projectGit.setGitRepositoryLinkStatus!(ctx, project.id, repositoryId, {
        status: 'INACTIVE',
      });
    },
  },
  unlinkGitRepository: {
    permission: 'projects.manage',
    hides: true,
    call: async (ctx) => {
      const { project, repositoryId } = await fx.gitLink();
      return svc.projectGit.unlinkGitRepository!(ctx, project.id, repositoryId);
    },
  },
  listProjectGitAccounts: {
    permission: 'accounts.view',
    call: async (ctx) =>
      svc.providerAccounts.listProjectGitAccounts!(ctx, (await fx.gitLink()).project.id, {}),
  },
  listProjectFigmaMembers: {
    permission: 'accounts.view',
    call: async (ctx) => svc.providerAccounts.listProjectFigmaMembers!(ctx, (await fx.project()).id, {}),
  },
  listDiscordChannels: {
    permission: 'accounts.view',
    call: (ctx) => svc.providerAccounts.listDiscordChannels!(ctx),
  },
  updateProviderAccountNote: {
    permission: 'accounts.manage',
    call: async (ctx) =>
      svc.providerAccounts.updateProviderAccountNote!(ctx, (await fx.gitLink()).accountId, { note: 'QA' }),
  },
  setProviderAccountAssignees: {
    permission: 'accounts.manage',
    call: async (ctx) =>
      svc.providerAccounts.setProviderAccountAssignees!(ctx, (await fx.gitLink()).accountId, {
        userIds: [(await fx.person()).id],
      }),
  },
  listProjectCloudAccounts: {
    anyOf: ['projects.view', 'projects.manage', 'projects.members.manage', 'projects.export'],
    hides: true,
    call: async (ctx) => svc.cloudAccounts.listProjectCloudAccounts!(ctx, (await fx.cloudLink()).project.id),
  },
  addProjectCloudAccount: {
    permission: 'projects.manage',
    hides: true,
    call: async (ctx) =>
      svc.cloudAccounts.addProjectCloudAccount!(ctx, (await fx.project()).id, {
        service: 'AWS',
        accountId: '123456789012',
        name: 'Prod',
        role: 'VIEWER',
      }),
  },
  listSelectableCloudAccounts: {
    permission: 'projects.manage',
    hides: true,
    call: async (ctx) => svc.cloudAccounts.listSelectableCloudAccounts!(ctx, (await fx.project()).id),
  },
  selectProjectCloudAccounts: {
    permission: 'projects.manage',
    hides: true,
    call: async (ctx) => {
      const { cloudAccountId } = await fx.cloudLink();
      return svc.cloudAccounts.selectProjectCloudAccounts!(ctx, (await fx.project()).id, {
        cloudAccountIds: [cloudAccountId],
        role: 'VIEWER',
      });
    },
  },
  updateCloudAccount: {
    permission: 'projects.manage',
    hides: true,
    call: async (ctx) =>
      svc.cloudAccounts.updateCloudAccount!(ctx, (await fx.cloudLink()).linkId, { note: 'x' }),
  },
  setCloudAccountStatus: {
    permission: 'projects.manage',
    hides: true,
    call: async (ctx) => {
      const { project, cloudAccountId } = await fx.cloudLink();
      return svc.cloudAccounts.setCloudAccountStatus!(ctx, project.id, cloudAccountId, {
        status: 'INACTIVE',
      });
    },
  },
  removeProjectCloudAccount: {
    permission: 'projects.manage',
    hides: true,
    call: async (ctx) => {
      const { project, cloudAccountId } = await fx.cloudLink();
      return svc.cloudAccounts.removeProjectCloudAccount!(ctx, project.id, cloudAccountId);
    },
  },
  listServiceRoles: {
    anyOf: ['accounts.view', 'accounts.manage', 'projects.manage'],
    call: (ctx) => svc.serviceRoles.listServiceRoles!(ctx),
  },
  createServiceRole: {
    permission: 'accounts.manage',
    call: (ctx) =>
      svc.serviceRoles.createServiceRole!(ctx, {
        name: `R ${Math.random().toString(36).slice(2)}`,
        color: 'RED',
      }),
  },
  updateServiceRole: {
    permission: 'accounts.manage',
    call: async (ctx) => svc.serviceRoles.updateServiceRole!(ctx, await fx.serviceRole(), { color: 'GREEN' }),
  },
  deleteServiceRole: {
    permission: 'accounts.manage',
    call: async (ctx) => svc.serviceRoles.deleteServiceRole!(ctx, await fx.serviceRole()),
  },
  getOffboardingChecklist: {
    permission: 'accounts.view',
    call: async (ctx) => svc.offboarding.getOffboardingChecklist!(ctx, (await fx.person()).id),
  },
  performOffboardingItem: {
    permission: 'accounts.manage',
    call: async (ctx) => svc.offboarding.performOffboardingItem!(ctx, await fx.offboardingItem()),
  },
  closeOffboardingItem: {
    permission: 'accounts.manage',
    call: async (ctx) => svc.offboarding.closeOffboardingItem!(ctx, await fx.offboardingItem()),
  },
  listAccountBoard: {
    permission: 'accounts.view',
    call: (ctx) => svc.accountBoard.listAccountBoard!(ctx, {}),
  },
  listOpenOffboardings: {
    permission: 'accounts.view',
    call: (ctx) => svc.accountBoard.listOpenOffboardings!(ctx, {}),
  },
  listMyConnectedAccounts: {
    signedIn: 'one’s own linked accounts',
    call: (ctx) => svc.accountBoard.listMyConnectedAccounts!(ctx),
  },
  remindOpenOffboardings: {
    permission: 'accounts.manage',
    call: (ctx) => svc.offboardingReminder.remindOpenOffboardings!(ctx),
  },
  projectsWithJira: { internal: 'tells the work-log rules which projects have Jira, for a checked use case' },
  findProjectIssues: {
    internal: 'checks task keys against synced issues for a work-log use case that checked the actor',
  },
  searchProjectIssues: {
    internal: 'searches synced issues for the work-log search, which checked the actor',
  },
  saveJiraWorklog: { internal: 'calls Jira for the work-log push, which checked the actor and audits' },
  deleteJiraWorklog: { internal: 'calls Jira for the work-log push, which checked the actor and audits' },
  // Invoices and vendors (issue 17).
  createInvoice: {
    permission: 'invoices.submit',
    call: (ctx) =>
      svc.invoices.createInvoice!(ctx, {
        name: 'Printer paper',
        date: days().lastWeek,
        amount: '1.250.000',
        category: 'OFFICE_SUPPLIES',
        kind: 'PERSONAL',
      }),
  },
  getInvoice: {
    anyOf: ['invoices.submit', 'invoices.manage', 'invoices.pay'],
    hides: true,
    call: async (ctx) => svc.invoices.getInvoice!(ctx, (await fx.invoice(await fx.ownerOf(ctx))).id),
  },
  updateInvoice: {
    anyOf: ['invoices.submit', 'invoices.manage'],
    hides: true,
    call: async (ctx) =>
      svc.invoices.updateInvoice!(ctx, (await fx.invoice(await fx.ownerOf(ctx))).id, {
        name: 'Printer paper and toner',
        date: days().lastWeek,
        amount: 2_500_000,
        category: 'OFFICE_SUPPLIES',
        kind: 'PERSONAL',
        version: 1,
      }),
  },
  deleteInvoice: {
    anyOf: ['invoices.submit', 'invoices.manage'],
    hides: true,
    call: async (ctx) => svc.invoices.deleteInvoice!(ctx, (await fx.invoice(await fx.ownerOf(ctx))).id),
  },
  listMyInvoices: {
    permission: 'invoices.submit',
    call: (ctx) => svc.invoices.listMyInvoices!(ctx, {}),
  },
  listInvoices: {
    anyOf: ['invoices.manage', 'invoices.pay'],
    call: (ctx) => svc.invoices.listInvoices!(ctx, { status: 'PENDING', sort: 'oldest' }),
  },
  countInvoices: {
    anyOf: ['invoices.manage', 'invoices.pay'],
    call: (ctx) => svc.invoices.countInvoices!(ctx),
  },
  'changeInvoiceStatus paid': {
    permission: 'invoices.pay',
    hides: true,
    call: async (ctx) =>
      svc.invoiceStatus.changeInvoiceStatus!(ctx, (await fx.invoice((await fx.person()).id)).id, {
        status: 'PAID',
        version: 1,
        paymentDate: days().today,
      }),
  },
  'changeInvoiceStatus rejected': {
    permission: 'invoices.pay',
    hides: true,
    call: async (ctx) =>
      svc.invoiceStatus.changeInvoiceStatus!(ctx, (await fx.invoice((await fx.person()).id)).id, {
        status: 'REJECTED',
        version: 1,
        reason: 'No receipt',
      }),
  },
  'changeInvoiceStatus reopened': {
    // The submitter sends their own rejected invoice back; a payer reopens someone else's.
    anyOf: ['invoices.submit', 'invoices.pay'],
    hides: true,
    call: async (ctx) => {
      const owner = ctx.actor.permissions.has('invoices.pay')
        ? (await fx.person()).id
        : await fx.ownerOf(ctx);
      return svc.invoiceStatus.changeInvoiceStatus!(ctx, (await fx.invoice(owner, 'REJECTED')).id, {
        status: 'PENDING',
        version: 1,
      });
    },
  },
  bulkChangeInvoiceStatus: {
    permission: 'invoices.pay',
    call: async (ctx) =>
      svc.invoiceStatus.bulkChangeInvoiceStatus!(ctx, {
        status: 'REJECTED',
        reason: 'Duplicate',
        items: [{ id: (await fx.invoice((await fx.person()).id)).id, version: 1 }],
      }),
  },
  openInvoiceAttachment: {
    anyOf: ['invoices.submit', 'invoices.manage', 'invoices.pay'],
    hides: true,
    call: async (ctx) => {
      const { invoice, attachmentId } = await fx.invoiceWithAttachment(await fx.ownerOf(ctx));
      const file = await svc.invoiceFiles.openInvoiceAttachment!(ctx, invoice.id, attachmentId);
      (file as { stream: { destroy(): void } }).stream.destroy();
      return file;
    },
  },
  getInvoiceReport: {
    permission: 'invoices.report',
    call: (ctx) => svc.invoiceReports.getInvoiceReport!(ctx, {}),
  },
  getFullInvoiceReport: {
    permission: 'invoices.report',
    call: (ctx) => svc.invoiceReports.getFullInvoiceReport!(ctx, { groupBy: 'vendor' }),
  },
  prepareInvoiceReportExport: {
    permission: 'invoices.report',
    call: (ctx) => svc.invoiceReports.prepareInvoiceReportExport!(ctx, { format: 'csv' }),
  },
  prepareInvoiceExport: {
    anyOf: ['invoices.manage', 'invoices.pay', 'invoices.report'],
    call: (ctx) => svc.invoiceExport.prepareInvoiceExport!(ctx, { format: 'csv' }),
  },
  listVendors: {
    anyOf: ['invoices.submit', 'invoices.manage', 'invoices.pay', 'invoices.report', 'vendors.manage'],
    call: (ctx) => svc.vendors.listVendors!(ctx, {}),
  },
  getVendor: {
    anyOf: ['invoices.submit', 'invoices.manage', 'invoices.pay', 'invoices.report', 'vendors.manage'],
    call: async (ctx) => svc.vendors.getVendor!(ctx, (await fx.vendor()).id),
  },
  createVendor: {
    permission: 'vendors.manage',
    call: (ctx) => svc.vendors.createVendor!(ctx, { name: unique('Vendor'), taxCode: null }),
  },
  updateVendor: {
    permission: 'vendors.manage',
    call: async (ctx) =>
      svc.vendors.updateVendor!(ctx, (await fx.vendor()).id, { name: unique('Renamed'), version: 1 }),
  },
  setVendorStatus: {
    permission: 'vendors.manage',
    call: async (ctx) =>
      svc.vendors.setVendorStatus!(ctx, (await fx.vendor()).id, { status: 'INACTIVE', version: 1 }),
  },
  sweepOrphanAttachmentFiles: {
    system: 'the daily sweep of attachment files no invoice names, run by the worker',
    call: (ctx) => svc.invoiceFileSweep.sweepOrphanAttachmentFiles!(ctx),
  },
  deleteVendor: {
    permission: 'vendors.manage',
    call: async (ctx) => svc.vendors.deleteVendor!(ctx, (await fx.vendor()).id),
  },
  findPermissionHolders: { internal: 'tells a use case that checked the actor which people may approve' },
  listPermissionHolders: { internal: 'lists approver choices for a use case that checked the actor' },
  findNewestMailState: { internal: 'reads a mail’s delivery state for a use case that checked the actor' },
  // Assets (issue 16).
  listAssets: {
    anyOf: ['assets.view', 'assets.manage'],
    call: (ctx) => svc.assets.listAssets!(ctx, { tab: 'COMPANY_ASSET' }),
  },
  'listAssets MY_ASSET': {
    anyOf: ASSET_READERS,
    call: (ctx) => svc.assets.listAssets!(ctx, { tab: 'MY_ASSET' }),
  },
  getAsset: {
    anyOf: ASSET_READERS,
    hides: true,
    call: async (ctx) => svc.assets.getAsset!(ctx, (await fx.asset(ctx)).id),
  },
  createAsset: {
    permission: 'assets.manage',
    call: (ctx) =>
      svc.assets.createAsset!(ctx, {
        name: unique('Laptop'),
        type: 'HARDWARE',
        serialNumber: unique('SN'),
        quantity: 1,
        priority: 'LOW',
        kind: 'ASSIGNMENT',
        confidentiality: 'PUBLIC',
        integrity: 'PUBLIC',
        availability: 'PUBLIC',
      }),
  },
  updateAsset: {
    permission: 'assets.manage',
    call: async (ctx) => {
      const asset = await fx.asset(ctx);
      return svc.assets.updateAsset!(ctx, asset.id, {
        name: unique('Renamed'),
        type: 'HARDWARE',
        serialNumber: asset.serial_number,
        quantity: 2,
        priority: 'HIGH',
        kind: 'ASSIGNMENT',
        confidentiality: 'SECRET',
        integrity: 'PUBLIC',
        availability: 'PUBLIC',
        version: 1,
      });
    },
  },
  deleteAsset: {
    permission: 'assets.manage',
    call: async (ctx) => svc.assets.deleteAsset!(ctx, (await fx.asset(ctx)).id),
  },
  listAssetPeople: { permission: 'assets.manage', call: (ctx) => svc.assets.listAssetPeople!(ctx, {}) },
  assignAsset: {
    permission: 'assets.manage',
    call: async (ctx) =>
      svc.assetAssignments.assignAsset!(ctx, (await fx.asset(ctx)).id, {
        assigneeId: (await fx.person()).id,
      }),
  },
  checkInAsset: {
    permission: 'assets.manage',
    call: async (ctx) =>
      svc.assetAssignments.checkInAsset!(
        ctx,
        (await insertAsset(db, { assigneeId: (await fx.person()).id, serialNumber: unique('SN') })).id,
      ),
  },
  setAssetStatus: {
    permission: 'assets.manage',
    call: async (ctx) =>
      svc.assetAssignments.setAssetStatus!(ctx, (await fx.asset(ctx)).id, { status: 'DAMAGED' }),
  },
  bulkAssetAction: {
    permission: 'assets.manage',
    call: async (ctx) =>
      svc.assetAssignments.bulkAssetAction!(ctx, {
        action: 'setStatus',
        ids: [(await fx.asset(ctx)).id],
        status: 'DAMAGED',
      }),
  },
  getAssetQrPng: {
    anyOf: ASSET_READERS,
    hides: true,
    call: async (ctx) => svc.assetQr.getAssetQrPng!(ctx, (await fx.asset(ctx)).id),
  },
  listAssetQrCodes: {
    anyOf: ASSET_READERS,
    call: async (ctx) => svc.assetQr.listAssetQrCodes!(ctx, { ids: [(await fx.asset(ctx)).id] }),
  },
  scanAssetQr: {
    anyOf: ASSET_READERS,
    call: async (ctx) => {
      const asset = await fx.asset(ctx);
      const data = await qrPng(`${config.publicUrl}/asset-management/${asset.id}`);
      return svc.assetQr.scanAssetQr!(ctx, { field: 'image', data });
    },
  },
  prepareAssetExport: {
    anyOf: ['assets.view', 'assets.manage'],
    call: (ctx) => svc.assetsExport.prepareAssetExport!(ctx, {}),
  },
  importAssets: {
    permission: 'assets.manage',
    call: (ctx) =>
      svc.assetsImport.importAssets!(
        ctx,
        Buffer.from(
          `Name,Type,Quantity,Priority,Kind,Confidentiality,Integrity,Availability\n${unique('Desk')},ZONE,1,LOW,INFORMATION,PUBLIC,PUBLIC,PUBLIC\n`,
        ),
        { dryRun: true },
      ),
  },
  listAssetAudits: {
    anyOf: ['assets.view', 'assets.manage'],
    call: (ctx) => svc.assetAudits.listAssetAudits!(ctx),
  },
  getAssetAudit: {
    anyOf: ['assets.view', 'assets.manage'],
    call: async (ctx) => {
      const audit = await db
        .insertInto('asset_audits')
        .values({ name: unique('Audit') })
        .returning('id')
        .executeTakeFirstOrThrow();
      return svc.assetAudits.getAssetAudit!(ctx, audit.id);
    },
  },
  createAssetAudit: {
    permission: 'assets.manage',
    call: (ctx) => svc.assetAudits.createAssetAudit!(ctx, { name: unique('Audit') }),
  },
  confirmAuditedAsset: {
    permission: 'assets.manage',
    call: async (ctx) => {
      const audit = await db
        .insertInto('asset_audits')
        .values({ name: unique('Audit') })
        .returning('id')
        .executeTakeFirstOrThrow();
      return svc.assetAudits.confirmAuditedAsset!(ctx, audit.id, {
        assetId: (await fx.asset(ctx)).id,
        location: 'Desk 4',
      });
    },
  },
  closeAssetAudit: {
    permission: 'assets.manage',
    call: async (ctx) => {
      const audit = await db
        .insertInto('asset_audits')
        .values({ name: unique('Audit') })
        .returning('id')
        .executeTakeFirstOrThrow();
      return svc.assetAudits.closeAssetAudit!(ctx, audit.id);
    },
  },
  // Risks (issue 16).
  listRisks: { anyOf: RISK_READERS, call: (ctx) => svc.risks.listRisks!(ctx, {}) },
  getRisk: { anyOf: RISK_READERS, call: async (ctx) => svc.risks.getRisk!(ctx, (await fx.risk()).id) },
  createRisk: {
    permission: 'risks.manage',
    call: async (ctx) =>
      svc.risks.createRisk!(ctx, {
        name: unique('Risk'),
        impact: 2,
        likelihood: 3,
        assetId: (await insertAsset(db, { serialNumber: unique('SN') })).id,
      }),
  },
  updateRisk: {
    permission: 'risks.manage',
    call: async (ctx) => {
      const risk = await fx.risk();
      return svc.risks.updateRisk!(ctx, risk.id, {
        name: unique('Renamed'),
        impact: 4,
        likelihood: 4,
        assetId: risk.asset_id,
        version: 1,
      });
    },
  },
  deleteRisk: {
    permission: 'risks.manage',
    call: async (ctx) => svc.risks.deleteRisk!(ctx, (await fx.risk()).id),
  },
  getRiskHeatMap: { anyOf: RISK_READERS, call: (ctx) => svc.risks.getRiskHeatMap!(ctx) },
  listRiskOwners: { permission: 'risks.manage', call: (ctx) => svc.risks.listRiskOwners!(ctx, {}) },
  prepareRiskExport: { anyOf: RISK_READERS, call: (ctx) => svc.riskExport.prepareRiskExport!(ctx, {}) },
  'transitionRisk submit': {
    permission: 'risks.manage',
    call: async (ctx) =>
      svc.riskTransitions.transitionRisk!(ctx, (await fx.risk()).id, { action: 'submit', version: 1 }),
  },
  'transitionRisk approve': {
    permission: 'risks.review',
    call: async (ctx) =>
      svc.riskTransitions.transitionRisk!(ctx, (await fx.risk('IDENTIFICATION_REVIEW')).id, {
        action: 'approve',
        version: 1,
      }),
  },
  listBackupConfigurations: {
    permission: 'backups.manage',
    call: (ctx) => svc.backupConfigurations.listBackupConfigurations!(ctx),
  },
  createBackupConfiguration: {
    permission: 'backups.manage',
    call: (ctx) =>
      svc.backupConfigurations.createBackupConfiguration!(ctx, {
        name: unique('Backup'),
        destination: 'LOCAL',
        url: '',
        frequency: 'DAILY',
        retention: 2,
      }),
  },
  updateBackupConfiguration: {
    permission: 'backups.manage',
    call: async (ctx) =>
      svc.backupConfigurations.updateBackupConfiguration!(ctx, (await fx.backupConfiguration()).id, {
        name: unique('Backup'),
        destination: 'LOCAL',
        url: '',
        frequency: 'WEEKLY',
        retention: 2,
      }),
  },
  setBackupConfigurationActive: {
    permission: 'backups.manage',
    call: async (ctx) =>
      svc.backupConfigurations.setBackupConfigurationActive!(ctx, (await fx.backupConfiguration()).id, false),
  },
  deleteBackupConfiguration: {
    permission: 'backups.manage',
    call: async (ctx) =>
      svc.backupConfigurations.deleteBackupConfiguration!(ctx, (await fx.backupConfiguration()).id),
  },
  listBackupLogs: {
    permission: 'backups.manage',
    call: async (ctx) =>
      svc.backupConfigurations.listBackupLogs!(ctx, (await fx.backupConfiguration()).id, {
        page: 1,
        perPage: 20,
      }),
  },
  queueBackupRun: {
    permission: 'backups.manage',
    call: async (ctx) => svc.backupRuns.queueBackupRun!(ctx, (await fx.backupConfiguration()).id),
  },
  runQueuedBackups: {
    permission: 'backups.manage',
    call: (ctx) => svc.backupRuns.runQueuedBackups!(ctx),
  },
  runDueBackups: {
    permission: 'backups.manage',
    call: async (ctx) => {
      // Only this row's configuration is due: the others' are switched off meanwhile.
      await db.updateTable('backup_configurations').set({ active: false }).execute();
      await fx.backupConfiguration();
      return svc.backupRuns.runDueBackups!(ctx);
    },
  },
  runRestoreDrills: {
    permission: 'backups.manage',
    call: (ctx) => svc.backupRuns.runRestoreDrills!(ctx),
  },
  openBackupDownload: {
    permission: 'backups.manage',
    call: async (ctx) => {
      const { stream } = await svc.backupRuns.openBackupDownload!(ctx, (await fx.backupLog()).id);
      stream.destroy();
    },
  },
  runBackupArchive: {
    permission: 'backups.manage',
    call: (ctx) => svc.backupArchives.runBackupArchive!(ctx, { to: path.join(dataDir, 'cli-archives') }),
  },
  listBackupArchives: {
    permission: 'backups.manage',
    call: (ctx) => svc.backupArchives.listBackupArchives!(ctx, { to: path.join(dataDir, 'cli-archives') }),
  },
  verifyBackupArchive: {
    permission: 'backups.manage',
    call: async (ctx) => {
      const made = await backupArchiveOnce();
      return svc.backupArchives.verifyBackupArchive!(ctx, { file: made.location });
    },
  },
  restoreBackupArchive: {
    permission: 'backups.manage',
    // Into an empty database of its own: the holder's call really restores.
    call: async (ctx) => {
      const made = await backupArchiveOnce();
      const target = await emptyDatabase();
      const handle = connectDatabase(target.url, 2);
      try {
        const targetCtx = createContext(
          { db: handle.db, config: testConfig({ DATA_DIR: path.join(dataDir, unique('restored')) }) },
          ctx.actor,
        );
        return await svc.backupArchives.restoreBackupArchive!(targetCtx, { file: made.location });
      } finally {
        await handle.destroy();
        await target.drop();
      }
    },
  },
  // Work devices and forced updates (issue 19 part A).
  listMyDevices: { signedIn: 'one’s own devices', call: (ctx) => svc.workDevices.listMyDevices!(ctx) },
  getMyDeviceStatus: {
    signedIn: 'one’s own blocks and warnings',
    call: (ctx) => svc.workDevices.getMyDeviceStatus!(ctx),
  },
  declareDevice: {
    signedIn: 'a device of one’s own',
    call: (ctx) =>
      svc.workDevices.declareDevice!(ctx, {
        name: 'Laptop',
        antivirus: null,
        firewall: true,
        diskEncryption: true,
        autoLockMinutes: 5,
      }),
  },
  updateMyDevice: {
    signedIn: 'one’s own devices only; another person’s looks like none',
    call: async (ctx) =>
      svc.workDevices.updateMyDevice!(ctx, await fx.workDevice(await fx.ownerOf(ctx)), {
        name: 'Renamed',
        antivirus: 'Defender',
        firewall: true,
        diskEncryption: true,
        autoLockMinutes: 5,
      }),
    others: async (ctx) =>
      svc.workDevices.updateMyDevice!(ctx, await fx.workDevice((await fx.person()).id), {
        name: 'Renamed',
        antivirus: null,
        firewall: true,
        diskEncryption: true,
        autoLockMinutes: 5,
      }),
  },
  removeMyDevice: {
    signedIn: 'one’s own devices only; another person’s looks like none',
    call: async (ctx) => svc.workDevices.removeMyDevice!(ctx, await fx.workDevice(await fx.ownerOf(ctx))),
    others: async (ctx) => svc.workDevices.removeMyDevice!(ctx, await fx.workDevice((await fx.person()).id)),
  },
  recheckMyDevice: {
    signedIn: 'one’s own devices only; another person’s looks like none',
    call: async (ctx) =>
      svc.workDevices.recheckMyDevice!(ctx, { deviceId: await fx.workDevice(await fx.ownerOf(ctx)) }),
    others: async (ctx) =>
      svc.workDevices.recheckMyDevice!(ctx, { deviceId: await fx.workDevice((await fx.person()).id) }),
  },
  getDeviceUpdateSettings: {
    permission: 'platform-settings.manage',
    call: (ctx) => svc.deviceUpdates.getDeviceUpdateSettings!(ctx),
  },
  saveDeviceUpdateSettings: {
    permission: 'platform-settings.manage',
    call: (ctx) =>
      svc.deviceUpdates.saveDeviceUpdateSettings!(ctx, {
        gracePeriodDays: 14,
        requireDeclaration: false,
        discordCheck: false,
        requirements: [],
      }),
  },
  runDiscordCheck: {
    permission: 'platform-settings.manage',
    call: (ctx) => svc.discordCheck.runDiscordCheck!(ctx),
  },
  readDiscordServer: {
    internal: 'the connections area’s service API for the chat-account check, which authorizes',
  },
  getDeviceCompliance: {
    permission: 'platform-settings.manage',
    call: (ctx) => svc.deviceCompliance.getDeviceCompliance!(ctx, {}),
  },
  exemptPerson: {
    permission: 'platform-settings.manage',
    call: async (ctx) => svc.securityExemptions.exemptPerson!(ctx, (await fx.person()).email, 'test'),
  },
  removeExemption: {
    permission: 'platform-settings.manage',
    call: async (ctx) => svc.securityExemptions.removeExemption!(ctx, (await fx.person()).email),
  },
  flagOverdueTreatmentPlans: {
    system: 'the hourly flag of overdue treatment plans, run by the worker (or the CLI as the system)',
    call: (ctx) => svc.riskJobs.flagOverdueTreatmentPlans!(ctx, { today: '2020-01-01' }),
  },
  flagAcceptanceReviewsDue: {
    system: 'the hourly flag of acceptances due for review, run by the worker (or the CLI as the system)',
    call: (ctx) => svc.riskJobs.flagAcceptanceReviewsDue!(ctx, { today: '2020-01-01' }),
  },
  // Single sign-on (issue 14): the login-flow calls are tried with no interaction of this browser,
  // so a caller who gets through meets SSO_LOGIN_EXPIRED (the flow itself: tests/api/sso*.test.ts).
  listSsoConnections: {
    permission: 'sso.manage',
    call: (ctx) => svc.ssoConnections.listSsoConnections!(ctx, {}),
  },
  getSsoConnection: {
    permission: 'sso.manage',
    call: async (ctx) => svc.ssoConnections.getSsoConnection!(ctx, (await ssoApp()).id),
  },
  createSsoConnection: {
    permission: 'sso.manage',
    call: (ctx) => svc.ssoConnections.createSsoConnection!(ctx, ssoAppBody()),
  },
  updateSsoConnection: {
    permission: 'sso.manage',
    call: async (ctx) => svc.ssoConnections.updateSsoConnection!(ctx, (await ssoApp()).id, ssoAppBody()),
  },
  deleteSsoConnection: {
    permission: 'sso.manage',
    call: async (ctx) => svc.ssoConnections.deleteSsoConnection!(ctx, (await ssoApp()).id),
  },
  rotateSsoClientSecret: {
    permission: 'sso.manage',
    call: async (ctx) => svc.ssoConnections.rotateSsoClientSecret!(ctx, (await ssoApp()).id),
  },
  getMySsoApps: { signedIn: 'the apps one can open', call: (ctx) => svc.ssoRequests.getMySsoApps!(ctx) },
  listSsoAccessRequests: {
    permission: 'sso.manage',
    call: (ctx) => svc.ssoRequests.listSsoAccessRequests!(ctx, {}),
  },
  decideSsoAccessRequest: {
    permission: 'sso.manage',
    call: async (ctx) => {
      const app = await ssoApp();
      const requester = await fx.person();
      const row = await db
        .insertInto('sso_access_requests')
        .values({ connection_id: app.id, user_id: requester.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      return svc.ssoRequests.decideSsoAccessRequest!(ctx, row.id, { decision: 'REJECTED' });
    },
  },
  rotateSsoSigningKeys: { permission: 'sso.manage', call: (ctx) => svc.ssoKeys.rotateSsoSigningKeys!(ctx) },
  purgeExpiredOidcPayloads: {
    permission: 'sso.manage',
    call: (ctx) => svc.ssoKeys.purgeExpiredOidcPayloads!(ctx),
  },
  getOidcInteraction: {
    signedIn: 'their own login of an app',
    holderGets: 'SSO_LOGIN_EXPIRED',
    call: (ctx) => svc.oidcAuth.getOidcInteraction!(ctx, NO_LOGIN, 'elsewhere'),
  },
  signInByToken: {
    signedIn: 'their own login of an app',
    holderGets: 'SSO_LOGIN_EXPIRED',
    call: (ctx) => svc.oidcAuth.signInByToken!(ctx, NO_LOGIN, 'elsewhere'),
  },
  confirmSsoConsent: {
    signedIn: 'their own login of an app',
    holderGets: 'SSO_LOGIN_EXPIRED',
    call: (ctx) => svc.oidcAuth.confirmSsoConsent!(ctx, NO_LOGIN, 'elsewhere'),
  },
  abortSsoConsent: {
    signedIn: 'their own login of an app',
    holderGets: 'SSO_LOGIN_EXPIRED',
    call: (ctx) => svc.oidcAuth.abortSsoConsent!(ctx, NO_LOGIN, 'elsewhere'),
  },
  requestSsoAccess: {
    permission: 'sso.request',
    call: (ctx) =>
      svc.oidcAuth.requestSsoAccess!(ctx, NO_LOGIN, 'elsewhere').catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'SSO_LOGIN_EXPIRED')
          return 'got through to the login check';
        throw error;
      }),
  },
  // Secrets (issue 15): the vault, secrets, sharing; secure share links.
  getVaultStatus: { permission: 'secrets.use', call: (ctx) => svc.secretVault.getVaultStatus!(ctx) },
  setUpVault: { permission: 'secrets.use', call: (ctx) => vaultFor(ctx) },
  unlockVault: {
    permission: 'secrets.use',
    call: async (ctx) => {
      await vaultFor(ctx);
      const status = (await svc.secretVault.getVaultStatus!(ctx)) as { passcodeSalt: string };
      const { proof } = await derivePasscodeKeys('123456', status.passcodeSalt, 1_000);
      return svc.secretVault.unlockVault!(ctx, { passcodeProof: proof });
    },
  },
  recoverVault: {
    permission: 'secrets.use',
    call: async (ctx) => {
      const vault = await vaultFor(ctx);
      return svc.secretVault.recoverVault!(ctx, {
        recoveryProof: (await deriveRecoveryKeys(vault.recoveryKey)).proof,
      });
    },
  },
  resetPasscode: {
    permission: 'secrets.use',
    call: async (ctx) => {
      const vault = await vaultFor(ctx);
      const fresh = await rewrapForPasscode(vault.userKeyRaw, '654321', 1_000);
      const same = await derivePasscodeKeys('654321', vault.material.passcodeSalt, 1_000);
      return svc.secretVault.resetPasscode!(ctx, {
        recoveryProof: (await deriveRecoveryKeys(vault.recoveryKey)).proof,
        sameAsCurrentProof: same.proof,
        ...fresh,
      });
    },
  },
  listSecrets: { permission: 'secrets.use', call: (ctx) => svc.secrets.listSecrets!(ctx, {}) },
  'listSecrets inventory': {
    permission: 'secrets.manage',
    call: (ctx) => svc.secrets.listSecrets!(ctx, { scope: 'all' }),
  },
  createSecret: { permission: 'secrets.use', call: (ctx) => ownedSecret(ctx) },
  getSecret: {
    permission: 'secrets.use',
    hides: true,
    call: async (ctx) => svc.secrets.getSecret!(ctx, (await ownedSecret(ctx)).secret.id),
  },
  updateSecret: {
    permission: 'secrets.use',
    hides: true,
    call: async (ctx) => {
      const { secret, itemKey } = await ownedSecret(ctx);
      return svc.secrets.updateSecret!(ctx, secret.id, {
        name: unique('Renamed'),
        content: await sealJson(itemKey, { longText: 'y' }, 'content'),
        version: secret.version,
      });
    },
  },
  deleteSecret: {
    permission: 'secrets.use',
    hides: true,
    call: async (ctx) => svc.secrets.deleteSecret!(ctx, (await ownedSecret(ctx)).secret.id),
  },
  listRecipients: { permission: 'secrets.use', call: (ctx) => svc.secrets.listRecipients!(ctx, {}) },
  shareSecret: {
    permission: 'secrets.use',
    hides: true,
    call: async (ctx) => {
      const { secret, itemKey } = await ownedSecret(ctx);
      const recipient = await vaultHolder();
      return svc.secretMembers.shareSecret!(ctx, secret.id, recipient.actor.id!, {
        role: 'VIEWER',
        wrappedKey: await wrapItemKey(itemKey, recipient.vault.keys.publicKey),
      });
    },
  },
  removeMember: {
    permission: 'secrets.manage',
    hides: true,
    call: async (ctx) => {
      const { secret, member } = await othersSharedSecret();
      return svc.secretMembers.removeMember!(ctx, secret.id, member.actor.id!);
    },
  },
  addComment: {
    permission: 'secrets.use',
    hides: true,
    call: async (ctx) => {
      const { secret, itemKey } = await ownedSecret(ctx);
      return svc.secretMembers.addComment!(ctx, secret.id, {
        content: await sealJson(itemKey, 'c', 'comment'),
      });
    },
  },
  createSecureShare: {
    permission: 'secure-share.create',
    call: async (ctx) => {
      const link = await encryptForLink('x');
      return svc.secureShare.createSecureShare!(ctx, {
        content: link.content,
        verifierHash: link.verifierHash,
        accessLimit: 1,
        expirationHours: 1,
      });
    },
  },
  getSecureShareLimits: {
    permission: 'secure-share.create',
    call: (ctx) => svc.secureShare.getSecureShareLimits!(ctx),
  },
  // Platform settings (issue 19, part B).
  listPasswordExpiries: {
    permission: 'password-policy.manage',
    call: (ctx) => svc.passwordExpiryRoster.listPasswordExpiries!(ctx, {}),
  },
  remindPasswordExpiry: {
    permission: 'password-policy.manage',
    call: async (ctx) => svc.passwordExpiryRoster.remindPasswordExpiry!(ctx, (await person([])).id!),
  },
  remindAllExpiring: {
    permission: 'password-policy.manage',
    call: (ctx) => svc.passwordExpiryRoster.remindAllExpiring!(ctx),
  },
  getUtilitySettings: {
    permission: 'platform-settings.manage',
    call: (ctx) => svc.utilitySettings.getUtilitySettings!(ctx),
  },
  updateSecureShareSettings: {
    permission: 'platform-settings.manage',
    // The built-in values: the other rows' links stay within them.
    call: (ctx) =>
      svc.utilitySettings.updateSecureShareSettings!(ctx, {
        maxViews: 10,
        defaultViews: 1,
        maxHours: 168,
        defaultHours: 24,
      }),
  },
  listAuditChecks: {
    permission: 'platform-settings.manage',
    call: (ctx) => svc.auditSchedules.listAuditChecks!(ctx),
  },
  saveAuditSchedule: {
    permission: 'platform-settings.manage',
    call: (ctx) =>
      svc.auditSchedules.saveAuditSchedule!(ctx, 'STALE_ACCESS_REQUESTS', {
        frequency: 'DAILY',
        active: false,
      }),
  },
  removeAuditSchedule: {
    permission: 'platform-settings.manage',
    call: async (ctx) => {
      await db
        .insertInto('security_audit_schedules')
        .values({ check: 'USERS_WITHOUT_TWO_FACTOR', frequency: 'WEEKLY', active: false, created_by: null })
        .onConflict((oc) => oc.column('check').doNothing())
        .execute();
      return svc.auditSchedules.removeAuditSchedule!(ctx, 'USERS_WITHOUT_TWO_FACTOR');
    },
  },
  runAuditNow: {
    permission: 'platform-settings.manage',
    call: (ctx) => svc.auditRuns.runAuditNow!(ctx, 'STALE_ACCESS_REQUESTS'),
  },
  runDueAudits: {
    permission: 'platform-settings.manage',
    call: (ctx) => svc.auditRuns.runDueAudits!(ctx),
  },
  listAuditRuns: {
    permission: 'platform-settings.manage',
    call: (ctx) => svc.auditRuns.listAuditRuns!(ctx, {}),
  },
  getAuditRun: {
    permission: 'platform-settings.manage',
    call: async (ctx) => svc.auditRuns.getAuditRun!(ctx, await auditRunId()),
  },
  listAuditFindings: {
    permission: 'platform-settings.manage',
    call: async (ctx) => svc.auditRuns.listAuditFindings!(ctx, await auditRunId(), {}),
  },
  getSecureShareStatus: {
    public: 'the link is the capability: its id is random and the content needs the key in the fragment',
    call: async (ctx) => svc.secureShare.getSecureShareStatus!(ctx, (await secureLink()).id),
  },
  revealSecureShare: {
    public: 'whoever holds the whole link may view it: the verifier from its fragment is checked',
    call: async (ctx) => {
      const link = await secureLink();
      return svc.secureShare.revealSecureShare!(ctx, link.id, { verifier: link.verifier });
    },
  },
  // Recruitment (issue 21): a hiring team member without these permissions is tested in tests/api/recruitment.test.ts.
  listCampaigns: {
    signedIn: "every campaign with recruitment permissions, else only the caller's hiring teams' (none here)",
    call: (ctx) => svc.recruitmentCampaigns.listCampaigns!(ctx, {}),
  },
  getCampaign: {
    anyOf: RECRUITERS,
    hides: true,
    call: async (ctx) => svc.recruitmentCampaigns.getCampaign!(ctx, (await insertHiringCampaign(db)).id),
  },
  createCampaign: {
    permission: 'recruitment.manage',
    call: (ctx) =>
      svc.recruitmentCampaigns.createCampaign!(ctx, {
        position: unique('Position'),
        openings: 1,
        hiringTeamIds: [],
      }),
  },
  updateCampaign: {
    permission: 'recruitment.manage',
    hides: true,
    call: async (ctx) =>
      svc.recruitmentCampaigns.updateCampaign!(ctx, (await insertHiringCampaign(db)).id, {
        position: unique('Renamed'),
        openings: 2,
        hiringTeamIds: [],
        version: 1,
      }),
  },
  listApplications: {
    anyOf: RECRUITERS,
    hides: true,
    call: async (ctx) =>
      svc.recruitmentApplications.listApplications!(ctx, (await insertHiringCampaign(db)).id, {}),
  },
  getApplication: {
    anyOf: RECRUITERS,
    hides: true,
    call: async (ctx) =>
      svc.recruitmentApplications.getApplication!(ctx, (await hiringFixture()).application.id),
  },
  addApplication: {
    permission: 'recruitment.manage',
    hides: true,
    call: async (ctx) => {
      const { application } = await hiringFixture();
      const other = await insertHiringCampaign(db);
      return svc.recruitmentApplications.addApplication!(ctx, other.id, {
        firstName: 'An',
        lastName: 'Nguyen',
        email: application.email,
        source: 'REFERRAL',
      });
    },
  },
  moveApplication: {
    permission: 'recruitment.manage',
    hides: true,
    call: async (ctx) => {
      const { campaign, application } = await hiringFixture();
      return svc.recruitmentApplications.moveApplication!(ctx, application.id, {
        stageId: campaign.stage('SCREENING'),
        reason: 'CV fits',
        version: 1,
      });
    },
  },
  giveFeedback: {
    permission: 'recruitment.manage',
    hides: true,
    call: async (ctx) => {
      const { campaign, application } = await hiringFixture();
      return svc.recruitmentFeedback.giveFeedback!(ctx, application.id, {
        stageId: campaign.stage('INTERVIEW'),
        recommendation: 'YES',
        scores: [{ criterionId: campaign.criterionId, score: 4 }],
      });
    },
  },
  compareApplications: {
    anyOf: RECRUITERS,
    hides: true,
    call: async (ctx) => {
      const { campaign, application } = await hiringFixture();
      const second = await insertHiringApplication(db, campaign, `${unique('cand')}@example.com`);
      return svc.recruitmentFeedback.compareApplications!(ctx, campaign.id, {
        applicationIds: [application.id, second.id],
      });
    },
  },
  hireCandidate: {
    permission: ['recruitment.manage', 'employees.manage'],
    hides: true,
    call: async (ctx) => svc.recruitmentHire.hireCandidate!(ctx, (await hiringFixture()).application.id, {}),
  },
  eraseCandidate: {
    permission: 'recruitment.manage',
    call: async (ctx) =>
      svc.recruitmentCandidates.eraseCandidate!(ctx, (await hiringFixture()).application.candidateId),
  },
  remindOverdueFeedback: {
    system: 'the daily reminder of overdue interview feedback, run by the worker',
    call: (ctx) => svc.recruitmentFeedbackReminders.remindOverdueFeedback!(ctx, { today: '2020-01-01' }),
  },
  searchResumes: {
    anyOf: RECRUITERS,
    call: (ctx) => svc.recruitmentResumes.searchResumes!(ctx, { search: 'go developer' }),
  },
  openResume: {
    anyOf: RECRUITERS,
    hides: true,
    call: async (ctx) => svc.recruitmentResumes.openResume!(ctx, (await hiringFixture()).resumeId),
  },
};

// The checks.

const REFUSED: readonly ErrorCode[] = ['FORBIDDEN', 'UNAUTHENTICATED'];

/** What a call ended with: 'ok', or the AppError's code (anything else is a bug and fails the test). */
async function outcome(call: Call, ctx: ServiceContext): Promise<'ok' | ErrorCode> {
  try {
    await call(ctx);
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

const baseName = (key: string) => key.split(' ')[0]!;

t.test('every service file is in MODULES and every exported function has a row', async (t) => {
  const files = globSync('server/domains/**/*.service.ts', { cwd: ROOT }).map((f) =>
    f.split(path.sep).join('/'),
  );
  const known = new Set<string>(Object.values(MODULES));
  t.same(
    files.filter((file) => !known.has(file)).sort(),
    [],
    'service files missing from MODULES (add them, then a row per function)',
  );
  t.same(
    [...known].filter((file) => !files.includes(file)),
    [],
    'MODULES names files that are gone (moved? change the path)',
  );

  const exported = new Map<string, string[]>();
  for (const [module, exports] of Object.entries(svc)) {
    for (const [name, value] of Object.entries(exports)) {
      if (typeof value === 'function') exported.set(name, [...(exported.get(name) ?? []), module]);
    }
  }
  t.same(
    [...exported].filter(([, modules]) => modules.length > 1),
    [],
    'function names are unique across services (the rows are keyed by name)',
  );
  const rowed = new Set(Object.keys(ROWS).map(baseName));
  t.same(
    [...exported.keys()].filter((name) => !rowed.has(name)).sort(),
    [],
    'exported service functions without a row: add one saying who may call it',
  );
  t.same(
    [...rowed].filter((name) => !exported.has(name)).sort(),
    [],
    'rows for functions that no longer exist',
  );
  for (const [key, row] of Object.entries(ROWS)) {
    const reason =
      'internal' in row ? row.internal : 'public' in row ? row.public : 'system' in row ? row.system : '';
    if ('internal' in row || 'public' in row || 'system' in row)
      t.ok(reason.trim().length > 10, `${key}: a reason`);
  }
});

for (const [key, row] of Object.entries(ROWS)) {
  if ('internal' in row) continue;

  if ('permission' in row) {
    const needed = [row.permission].flat() as Permission[];
    t.test(
      `${key}: needs ${needed.length === ALL.length ? 'every permission' : needed.join(' + ')}`,
      async (t) => {
        const refusals = row.hides ? [...REFUSED, 'NOT_FOUND'] : REFUSED;
        const anonymous = await outcome(row.call, contextOf(ANONYMOUS));
        t.ok(refusals.includes(anonymous as ErrorCode), `nobody is refused (got ${anonymous})`);
        for (const missing of needed) {
          const lacking = await person(ALL.filter((p) => p !== missing));
          const answer = await outcome(row.call, contextOf(lacking));
          t.ok(
            refusals.includes(answer as ErrorCode),
            `a person with all but ${missing} is refused (got ${answer})`,
          );
        }
        const holder = await person(needed);
        t.equal(await outcome(row.call, contextOf(holder)), 'ok', 'a holder gets through');
      },
    );
  } else if ('anyOf' in row) {
    t.test(`${key}: needs one of ${row.anyOf.join(', ')}`, async (t) => {
      const refusals = row.hides ? [...REFUSED, 'NOT_FOUND'] : REFUSED;
      const anonymous = await outcome(row.call, contextOf(ANONYMOUS));
      t.ok(refusals.includes(anonymous as ErrorCode), `nobody is refused (got ${anonymous})`);
      const lacking = await person(ALL.filter((p) => !row.anyOf.includes(p)));
      const answer = await outcome(row.call, contextOf(lacking));
      t.ok(refusals.includes(answer as ErrorCode), `a person with all but those is refused (got ${answer})`);
      for (const one of row.anyOf) {
        t.equal(
          await outcome(row.call, contextOf(await person([one]))),
          'ok',
          `a holder of ${one} gets through`,
        );
      }
    });
  } else if ('signedIn' in row) {
    t.test(`${key}: any signed-in person (${row.signedIn})`, async (t) => {
      const anonymous = await outcome(row.call, contextOf(ANONYMOUS));
      t.ok(REFUSED.includes(anonymous as ErrorCode), `nobody is refused (got ${anonymous})`);
      const plain = await person([]);
      t.equal(
        await outcome(row.call, contextOf(plain)),
        row.holderGets ?? 'ok',
        'a person without permissions gets through',
      );
      if (row.others) {
        const everything = await person(ALL);
        const answer = await outcome(row.others, contextOf(everything));
        t.ok(
          [...REFUSED, 'NOT_FOUND'].includes(answer as ErrorCode),
          `another person’s, even for one who holds every permission, is refused or hidden (got ${answer})`,
        );
      }
    });
  } else if ('public' in row) {
    t.test(`${key}: public (${row.public})`, async (t) => {
      const anonymous = await outcome(row.call, contextOf(ANONYMOUS));
      t.notOk(
        REFUSED.includes(anonymous as ErrorCode),
        `nobody is not refused for who they are (got ${anonymous})`,
      );
    });
  } else {
    t.test(`${key}: the system only (${row.system})`, async (t) => {
      const anonymous = await outcome(row.call, contextOf(ANONYMOUS));
      t.ok(REFUSED.includes(anonymous as ErrorCode), `nobody is refused (got ${anonymous})`);
      const everything = await person(ALL);
      const answer = await outcome(row.call, contextOf(everything));
      t.ok(
        REFUSED.includes(answer as ErrorCode),
        `a person holding every permission is refused (got ${answer})`,
      );
      t.equal(await outcome(row.call, system), 'ok', 'the system gets through');
    });
  }
}
