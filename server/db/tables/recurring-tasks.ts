import type { Generated } from 'kysely';
import type { ChildSource, ChildStatus, RecurrenceCycle } from '../../../shared/recurring-tasks.schemas.ts';
import type { CreatedAt, Defaulted, UpdatedAt } from './columns.ts';

/** The recurring-tasks area's tables (migrations/20261127_0100_recurring_tasks.ts). */

export interface RecurringTasksTable {
  id: Generated<string>;
  name: string;
  description: string | null;
  cycle: RecurrenceCycle;
  start_date: string;
  /** Days after an occurrence starts until it is due (0: the same day). */
  deadline_days: number;
  /** The occurrence the generator creates next. */
  next_scheduled_date: string;
  active: Defaulted<boolean>;
  version: Defaulted<number>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deleted_at: Date | null;
}

export interface RecurringTaskAssigneesTable {
  recurring_task_id: string;
  user_id: string;
  created_at: CreatedAt;
}

export interface RecurringTaskChildrenTable {
  id: Generated<string>;
  recurring_task_id: string;
  /** The occurrence it was generated for; null when added by hand. */
  occurrence_date: string | null;
  start_date: string;
  due_date: string;
  status: Defaulted<ChildStatus>;
  source: ChildSource;
  note: string | null;
  completed_at: Date | null;
  completed_by: string | null;
  cancelled_at: Date | null;
  cancelled_by: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface RecurringTasksTables {
  recurring_tasks: RecurringTasksTable;
  recurring_task_assignees: RecurringTaskAssigneesTable;
  recurring_task_children: RecurringTaskChildrenTable;
}
