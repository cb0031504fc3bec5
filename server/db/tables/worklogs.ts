import type { Generated } from 'kysely';
import type { CreatedAt, Defaulted, UpdatedAt } from './columns.ts';

/** The work logs area's tables (migrations/20261126_0100_work_logs.ts). */

export interface WorkLogsTable {
  id: Generated<string>;
  user_id: string;
  project_id: string;
  work_date: string;
  /** Half-hour steps, at most a day. */
  minutes: number;
  description: string;
  jira_task_keys: Defaulted<string[]>;
  version: Defaulted<number>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface WorkLogLocksTable {
  id: Generated<string>;
  /** Null: every project. */
  project_id: string | null;
  starts_on: string;
  ends_on: string;
  note: string | null;
  locked_by: string | null;
  created_at: CreatedAt;
  lifted_at: Date | null;
  lifted_by: string | null;
}

export interface WorkLogsTables {
  work_logs: WorkLogsTable;
  work_log_locks: WorkLogLocksTable;
}
