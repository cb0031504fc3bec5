import type { Generated } from 'kysely';
import type {
  AuditFrequency,
  AuditRunResult,
  AuditRunTrigger,
} from '../../../shared/security-audits.schemas.ts';
import type { CreatedAt, Defaulted, Json, UpdatedAt } from './columns.ts';

/** The security audits' tables (migrations/20261129_0200_security_audits.ts). */

export interface SecurityAuditSchedulesTable {
  /** A check of the registry (server/domains/security-audits/audit-checks.ts). */
  check: string;
  frequency: AuditFrequency;
  active: Defaulted<boolean>;
  /** When the schedule last started a run: the next is due a period later. */
  last_started_at: Date | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SecurityAuditRunsTable {
  id: Generated<string>;
  check: string;
  trigger: AuditRunTrigger;
  result: AuditRunResult;
  finding_count: Defaulted<number>;
  error: string | null;
  started_by: string | null;
  started_at: Date;
  finished_at: Defaulted<Date>;
}

export interface SecurityAuditFindingsTable {
  id: Generated<string>;
  run_id: string;
  position: number;
  user_id: string | null;
  summary: string;
  data: Json;
}

export interface SecurityAuditsTables {
  security_audit_schedules: SecurityAuditSchedulesTable;
  security_audit_runs: SecurityAuditRunsTable;
  security_audit_findings: SecurityAuditFindingsTable;
}
