import type {
  HistoryChange,
  HistoryEvent,
  HistoryPage,
  HistoryQuery,
  PersonRoles,
} from '../../../shared/employee-profile.schemas.ts';
import { HISTORY_PAGE_SIZE } from '../../../shared/employee-profile.schemas.ts';
import type { ServiceContext } from '../../core/context.ts';
import { peoplePolicy } from './employees.policy.ts';
import { requireVisiblePerson } from './person-records.ts';
import * as profileRepo from './employee-profile.repository.ts';

/**
 * The read-only employee profile's own calls: the history of a person's changes, told from the audit
 * trail, and the roles they hold.
 */

type Kind = 'text' | 'date' | 'enum' | 'reference';
type Reference = 'department' | 'employeeRole' | 'bank' | 'lineManager';

interface FieldRule {
  field: string;
  kind: Kind;
  /** Shown only to those who see the person's private details (as on the form). */
  private?: boolean;
  /** For references: which names to look up, and the key of a name kept alongside the id. */
  reference?: Reference;
  nameKey?: string;
}

/**
 * The fields a history shows, under every key the audit trail has used for them (columns of a
 * record, or the API's names). Anything else in a record (hashes, tokens, internal flags) is never
 * shown: a history lists known fields, not whatever was stored.
 */
const RULES: Record<string, FieldRule> = {};
function rule(keys: string[], value: FieldRule) {
  for (const key of keys) RULES[key] = value;
}
rule(['first_name', 'firstName'], { field: 'firstName', kind: 'text' });
rule(['last_name', 'lastName'], { field: 'lastName', kind: 'text' });
rule(['email'], { field: 'email', kind: 'text' });
rule(['status'], { field: 'status', kind: 'enum' });
rule(['gender'], { field: 'gender', kind: 'enum' });
rule(['birthday'], { field: 'birthday', kind: 'date', private: true });
rule(['phone_number', 'phoneNumber'], { field: 'phoneNumber', kind: 'text' });
rule(['address'], { field: 'address', kind: 'text', private: true });
rule(['contract_type', 'contractType'], { field: 'contractType', kind: 'enum' });
rule(['department_id', 'departmentId'], {
  field: 'department',
  kind: 'reference',
  reference: 'department',
  nameKey: 'department_name',
});
rule(['employee_role_id', 'employeeRoleId'], {
  field: 'employeeRole',
  kind: 'reference',
  reference: 'employeeRole',
  nameKey: 'employee_role_name',
});
rule(['onboard_date', 'onboardDate'], { field: 'onboardDate', kind: 'date' });
rule(['offboard_date', 'offboardDate'], { field: 'offboardDate', kind: 'date' });
rule(['discord_account_id', 'discordAccountId'], { field: 'discordAccountId', kind: 'text' });
rule(['bank_id', 'bankId'], {
  field: 'bank',
  kind: 'reference',
  reference: 'bank',
  nameKey: 'bank_name',
  private: true,
});
rule(['bank_account_number', 'bankAccountNumber'], {
  field: 'bankAccountNumber',
  kind: 'text',
  private: true,
});
rule(['id_card_number', 'idCardNumber'], { field: 'idCardNumber', kind: 'text', private: true });
rule(['id_card_issue_date', 'idCardIssueDate'], { field: 'idCardIssueDate', kind: 'date', private: true });
rule(['id_card_issue_authority', 'idCardIssueAuthority'], {
  field: 'idCardIssueAuthority',
  kind: 'text',
  private: true,
});
rule(['social_insurance_number', 'socialInsuranceNumber'], {
  field: 'socialInsuranceNumber',
  kind: 'text',
  private: true,
});
rule(['language'], { field: 'language', kind: 'enum' });
rule(['organization'], { field: 'organization', kind: 'text' });
rule(['note'], { field: 'note', kind: 'text', private: true });
rule(['employee_code', 'employeeCode'], { field: 'employeeCode', kind: 'text' });
rule(['line_manager_id', 'lineManagerId'], {
  field: 'lineManager',
  kind: 'reference',
  reference: 'lineManager',
  nameKey: 'line_manager_name',
});

interface Value {
  rule: FieldRule;
  value: string | null;
  name?: string | null;
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function text(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  return typeof value === 'string' ? value : String(value);
}

/** The known fields of one side of an event, by field name. */
function knownFields(record: Record<string, unknown> | null): Map<string, Value> {
  const fields = new Map<string, Value>();
  if (!record) return fields;
  for (const [key, raw] of Object.entries(record)) {
    const found = RULES[key];
    if (!found) continue;
    const value = text(raw);
    const name = found.nameKey ? text(record[found.nameKey]) : undefined;
    fields.set(found.field, {
      rule: found,
      value: found.kind === 'date' && value ? value.slice(0, 10) : value,
      name,
    });
  }
  return fields;
}

interface PendingChange {
  rule: FieldRule;
  before: Value | undefined;
  after: Value | undefined;
}

/** The fields an event changed: those on both sides that differ, or on one side of a partial record. */
function changedFields(before: unknown, after: unknown): PendingChange[] {
  const b = asRecord(before);
  const a = asRecord(after);
  // A creation or a deletion records the whole person: the event's name says it all.
  if (!b || !a) return [];
  const beforeFields = knownFields(b);
  const afterFields = knownFields(a);
  const changes: PendingChange[] = [];
  for (const [field, next] of afterFields) {
    const previous = beforeFields.get(field);
    if ((previous?.value ?? null) === next.value) continue;
    changes.push({ rule: next.rule, before: previous, after: next });
  }
  return changes;
}

function detailsOf(row: profileRepo.HistoryRow): HistoryEvent['details'] {
  const after = asRecord(row.after) ?? {};
  const details: HistoryEvent['details'] = {};
  if (row.role_name) details.roleName = row.role_name;
  if (typeof after.kind === 'string') details.fileKind = after.kind;
  if (typeof after.fileName === 'string') details.fileName = after.fileName;
  if (typeof after.source === 'string') details.source = after.source;
  if (typeof after.expiresAt === 'string') details.expiresAt = after.expiresAt;
  return details;
}

function actorOf(row: profileRepo.HistoryRow): HistoryEvent['actor'] {
  if (row.actor_id && row.actor_email) {
    const name = [row.actor_last_name, row.actor_first_name].filter(Boolean).join(' ');
    return { id: row.actor_id, name: name || row.actor_email, email: row.actor_email, system: false };
  }
  // A person since deleted keeps the email they had; the system (CLI, jobs) has no person.
  const system = row.actor_label === 'system';
  return { id: null, name: row.actor_label, email: system ? null : row.actor_label, system };
}

/**
 * The history of a person's changes, newest first, from the audit trail: who did what and when, and
 * for edits which fields changed from what to what. Needs the view permission of the kind of person;
 * private details appear only to those who may see them, and nothing that is not a known field (hashes,
 * tokens, links) ever does.
 */
export async function getPersonHistory(
  ctx: ServiceContext,
  id: string,
  query: HistoryQuery,
): Promise<HistoryPage> {
  const person = await requireVisiblePerson(ctx, id);
  peoplePolicy.authorize(ctx.actor, 'viewHistory', person);
  const showPrivate = peoplePolicy.can(ctx.actor, 'viewPrivate', person);
  const perPage = query.perPage ?? HISTORY_PAGE_SIZE;
  const currentPage = query.page ?? 1;
  const { rows, total } = await profileRepo.listPersonHistory(ctx.db, id, {
    offset: (currentPage - 1) * perPage,
    limit: perPage,
  });

  const pending = rows.map((row) => ({ row, changes: changedFields(row.before, row.after) }));
  // Records written without names (the import keeps only ids) get them from today's records.
  const missing = { department: [], employeeRole: [], bank: [], lineManager: [] } as Record<
    Reference,
    string[]
  >;
  for (const { changes } of pending) {
    for (const change of changes) {
      if (!change.rule.reference) continue;
      for (const side of [change.before, change.after]) {
        if (side?.value && !side.name) missing[change.rule.reference].push(side.value);
      }
    }
  }
  const names = await profileRepo.namesByIds(ctx.db, missing);
  const shown = (change: PendingChange, side: Value | undefined): string | null => {
    if (!side?.value) return null;
    if (!change.rule.reference) return side.value;
    return side.name ?? names[change.rule.reference].get(side.value) ?? null;
  };

  const items: HistoryEvent[] = pending.map(({ row, changes }) => ({
    id: row.id,
    occurredAt: row.occurred_at.toISOString(),
    actor: actorOf(row),
    action: row.action,
    changes: changes.map((change): HistoryChange => {
      if (change.rule.private && !showPrivate) {
        return { field: change.rule.field, kind: 'hidden', before: null, after: null };
      }
      return {
        field: change.rule.field,
        kind: change.rule.kind,
        before: shown(change, change.before),
        after: shown(change, change.after),
      };
    }),
    details: detailsOf(row),
  }));
  return { items, total, currentPage, lastPage: Math.max(1, Math.ceil(total / perPage)), perPage };
}

/**
 * The roles a person holds. Their job title is on every profile; which access and project roles they
 * hold is for those who see roles or manage the person, and for the person.
 */
export async function getPersonRoles(ctx: ServiceContext, id: string): Promise<PersonRoles> {
  const person = await requireVisiblePerson(ctx, id);
  peoplePolicy.authorize(ctx.actor, 'viewRoles', person);
  const rows = await profileRepo.listPersonRoles(ctx.db, id);
  return {
    employeeRole:
      person.employee_role_id && person.employee_role_name
        ? { id: person.employee_role_id, name: person.employee_role_name }
        : null,
    accessRoles: rows
      .filter((r) => r.type === 'ACCESS')
      .map((r) => ({ id: r.id, name: r.name, status: r.status, builtIn: r.built_in_key !== null })),
    projectRoles: rows
      .filter((r) => r.type === 'PROJECT' && r.project_id)
      .map((r) => ({ id: r.id, name: r.name, projectId: r.project_id! })),
  };
}
