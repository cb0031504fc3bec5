import type { Insertable, Selectable, Updateable } from 'kysely';
import type { AccessTables, RolesTable } from './tables/access.ts';
import type { AccountsTables, SessionsTable, UsersTable } from './tables/accounts.ts';
import type { ConnectionsTables } from './tables/connections.ts';
import type { DocumentsTables } from './tables/documents.ts';
import type { InvoicesTables } from './tables/invoices.ts';
import type { AssetsTables } from './tables/assets.ts';
import type { BackupsTables } from './tables/backups.ts';
import type { DevicesTables } from './tables/devices.ts';
import type { LeaveTables } from './tables/leave.ts';
import type { LegalTables } from './tables/legal.ts';
import type { NotificationsTables } from './tables/notifications.ts';
import type { OvertimeTables } from './tables/overtime.ts';
import type { PeopleTables } from './tables/people.ts';
import type { PlatformTables } from './tables/platform.ts';
import type { ProjectsTables } from './tables/projects.ts';
import type { RecurringTasksTables } from './tables/recurring-tasks.ts';
import type { RecruitmentTables } from './tables/recruitment.ts';
import type { RisksTables } from './tables/risks.ts';
import type { SsoTables } from './tables/sso.ts';
import type { SecretsTables } from './tables/secrets.ts';
import type { SecurityAuditsTables } from './tables/security-audits.ts';
import type { WorkLogsTables } from './tables/worklogs.ts';

/**
 * The database as Kysely sees it: each area declares its tables in `server/db/tables/<area>.ts`
 * (matching the migrations in `migrations/`), and this file puts them together. Column enums are
 * the shared ones (`shared/*.schemas.ts`), so the API, the UI and the database cannot drift apart.
 * A new area adds its file and one line here.
 */
export interface Database
  extends
    AccountsTables,
    AccessTables,
    PeopleTables,
    PlatformTables,
    NotificationsTables,
    ProjectsTables,
    LegalTables,
    LeaveTables,
    OvertimeTables,
    WorkLogsTables,
    RecurringTasksTables,
    ConnectionsTables,
    InvoicesTables,
    AssetsTables,
    RisksTables,
    DocumentsTables,
    SsoTables,
    SecretsTables,
    RecruitmentTables,
    BackupsTables,
    SecurityAuditsTables,
    DevicesTables {}

export type * from './tables/access.ts';
export type * from './tables/accounts.ts';
export type * from './tables/assets.ts';
export type * from './tables/backups.ts';
export type * from './tables/connections.ts';
export type * from './tables/devices.ts';
export type * from './tables/documents.ts';
export type * from './tables/invoices.ts';
export type * from './tables/leave.ts';
export type * from './tables/legal.ts';
export type * from './tables/notifications.ts';
export type * from './tables/overtime.ts';
export type * from './tables/people.ts';
export type * from './tables/platform.ts';
export type * from './tables/projects.ts';
export type * from './tables/recurring-tasks.ts';
export type * from './tables/recruitment.ts';
export type * from './tables/risks.ts';
export type * from './tables/sso.ts';
export type * from './tables/secrets.ts';
export type * from './tables/security-audits.ts';
export type * from './tables/worklogs.ts';

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type RoleRow = Selectable<RolesTable>;
