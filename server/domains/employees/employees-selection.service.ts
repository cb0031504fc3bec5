import type { ExportFormat } from '../../../shared/employees.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { validationError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import type { Problem } from './employee-input.ts';
import type { PreparedExport } from '../../core/files/download.ts';
import { prepareEmployeeExport } from './employees-export.service.ts';
import * as repo from './employees.repository.ts';
import { peoplePolicy } from './employees.policy.ts';
import { resendUserInvitation, setUserStatus } from './employees.service.ts';

/**
 * The bulk actions of the employee list, on the people a person ticked: invite, deactivate, export.
 * Like the CLI's, they change all or none: one person who cannot take the action stops the whole
 * action, and the error names each such person by their place in the selection.
 */

/** The selected employees, each checked; any unknown or external one is reported and nothing happens. */
async function requireSelection(ctx: ServiceContext, ids: readonly string[]) {
  const rows = await repo.listPeopleRows(
    ctx.db,
    { ids },
    { sortField: 'name', sortOrder: 'asc', offset: 0, limit: ids.length },
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const people = ids.map((id) => byId.get(id));
  const problems: Problem[] = [];
  people.forEach((person, index) => {
    if (!person || person.user_type !== 'EMPLOYEE')
      problems.push({ field: `ids.${index}`, code: 'unknownPerson' });
  });
  if (problems.length > 0) throw validationError(problems);
  return people as repo.EmployeeRecord[];
}

/** Sends each selected PENDING person a fresh invitation; earlier links stop working. */
export async function inviteSelected(
  ctx: ServiceContext,
  ids: readonly string[],
): Promise<{ count: number }> {
  peoplePolicy.authorize(ctx.actor, 'bulk', null);
  const people = await requireSelection(ctx, ids);
  const problems = people.flatMap((person, index) =>
    person.status === 'PENDING'
      ? []
      : [{ field: `ids.${index}`, code: 'invitationNotPending' as const, params: { email: person.email } }],
  );
  if (problems.length > 0) throw validationError(problems);
  await inTransaction(ctx, async (tx) => {
    // Each person as the single action checks them (nobody above the caller): one refusal stops all.
    for (const person of people) await resendUserInvitation(tx, person.id);
    await recordAudit(tx, {
      action: 'employees.bulk_invited',
      entityType: 'user',
      after: { ids: people.map((p) => p.id), count: people.length },
    });
  });
  return { count: people.length };
}

/**
 * Deactivates the selected people and signs them out everywhere. Someone already inactive stays so;
 * the caller's own account cannot be in the selection.
 */
export async function deactivateSelected(
  ctx: ServiceContext,
  ids: readonly string[],
): Promise<{ count: number }> {
  peoplePolicy.authorize(ctx.actor, 'bulk', null);
  const people = await requireSelection(ctx, ids);
  const problems = people.flatMap((person, index) =>
    person.id === ctx.actor.id ? [{ field: `ids.${index}`, code: 'ownAccount' as const }] : [],
  );
  if (problems.length > 0) throw validationError(problems);
  const changing = people.filter((person) => person.status !== 'INACTIVE');
  await inTransaction(ctx, async (tx) => {
    for (const person of changing) await setUserStatus(tx, person.id, { status: 'INACTIVE' });
    await recordAudit(tx, {
      action: 'employees.bulk_deactivated',
      entityType: 'user',
      after: {
        ids: changing.map((p) => p.id),
        count: changing.length,
        alreadyInactive: people.length - changing.length,
      },
    });
  });
  return { count: changing.length };
}

/** The selected employees as a spreadsheet, in the list's default order; audited as any export. */
export async function prepareSelectionExport(
  ctx: ServiceContext,
  ids: readonly string[],
  format: ExportFormat = 'xlsx',
): Promise<PreparedExport> {
  peoplePolicy.authorize(ctx.actor, 'export', null);
  await requireSelection(ctx, ids);
  return prepareEmployeeExport(ctx, { format, ids });
}
