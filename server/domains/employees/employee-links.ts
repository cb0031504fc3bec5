import type { ServiceContext } from '../../core/context.ts';
import type { Problem } from './employee-input.ts';
import * as repo from './employees.repository.ts';

/**
 * Rules of the fields that point at other people or must be unique among them: the employee code and
 * the line manager. Used by the creation, the edit and the import, so every way in checks the same.
 */
export interface LinkChange {
  /** The person being changed; null for a creation. */
  selfId: string | null;
  employeeCode?: string | null;
  lineManagerId?: string | null;
  /** The manager before the change: keeping one who has since left is allowed, choosing one is not. */
  currentLineManagerId?: string | null;
}

/** Whether another live person already has this code (codes compare without regard to case). */
export async function employeeCodeTaken(
  ctx: ServiceContext,
  code: string,
  selfId: string | null,
): Promise<boolean> {
  return repo.employeeCodeHeld(ctx.db, code, selfId);
}

/**
 * True when making `managerId` the manager of `selfId` would close a loop: walking up from the new
 * manager through their managers reaches the person. The walk stops at 100 levels (no real company
 * is that deep; a longer chain could only come from bad data, and it must not hang the request).
 */
async function wouldCycle(ctx: ServiceContext, selfId: string, managerId: string): Promise<boolean> {
  // Two edits at once (A reports to B, B reports to A) would each see no loop: within a transaction,
  // manager changes take turns.
  if (ctx.inTransaction) await repo.lockLineManagerChanges(ctx.db);
  return repo.managerChainReaches(ctx.db, managerId, selfId);
}

/** Every problem of a change's employee code and line manager, as field errors. */
export async function linkProblems(ctx: ServiceContext, change: LinkChange): Promise<Problem[]> {
  const problems: Problem[] = [];
  const code = change.employeeCode?.trim();
  if (code && (await employeeCodeTaken(ctx, code, change.selfId))) {
    problems.push({ field: 'employeeCode', code: 'employeeCodeTaken' });
  }
  const managerId = change.lineManagerId;
  if (!managerId) return problems;
  if (managerId === change.selfId) {
    problems.push({ field: 'lineManagerId', code: 'lineManagerSelf' });
    return problems;
  }
  const manager = await repo.findLivePersonKind(ctx.db, managerId);
  if (!manager || manager.user_type !== 'EMPLOYEE') {
    problems.push({ field: 'lineManagerId', code: 'unknownLineManager' });
  } else if (manager.status !== 'ACTIVE' && manager.id !== change.currentLineManagerId) {
    problems.push({ field: 'lineManagerId', code: 'inactiveLineManager' });
  } else if (change.selfId && (await wouldCycle(ctx, change.selfId, managerId))) {
    problems.push({ field: 'lineManagerId', code: 'lineManagerCycle' });
  }
  return problems;
}

/**
 * The employee codes of an import, checked in one query however many rows: a code used twice in the
 * file, or by someone other than the row's person, is reported on each row that has it.
 */
export async function importCodeProblems(
  ctx: ServiceContext,
  rows: ReadonlyArray<{ number: number; code: string | undefined; selfId: string | null }>,
): Promise<Problem[][]> {
  const key = (code: string) => code.trim().toLowerCase();
  const codes = [...new Set(rows.flatMap((r) => (r.code?.trim() ? [key(r.code)] : [])))];
  const holders = new Map<string, string>();
  if (codes.length > 0) {
    for (const row of await repo.findEmployeeCodeHolders(ctx.db, codes)) holders.set(row.code, row.id);
  }
  const rowsByCode = new Map<string, number[]>();
  for (const row of rows) {
    if (row.code?.trim())
      rowsByCode.set(key(row.code), [...(rowsByCode.get(key(row.code)) ?? []), row.number]);
  }
  return rows.map((row) => {
    if (!row.code?.trim()) return [];
    const same = rowsByCode.get(key(row.code))!;
    if (same.length > 1) {
      return [{ field: 'employeeCode', code: 'duplicateInFile', params: { rows: same.join(', ') } }];
    }
    const holder = holders.get(key(row.code));
    return holder && holder !== row.selfId ? [{ field: 'employeeCode', code: 'employeeCodeTaken' }] : [];
  });
}
