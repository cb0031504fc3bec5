import { ANNEX_A_COUNTS, type RiskBody } from '../../../shared/risks.schemas.ts';
import type { FieldProblem } from '../../../shared/errors.ts';
import type { ServiceContext } from '../../core/context.ts';
import * as repo from './risks.repository.ts';

/** The rules of a risk's fields (not use cases): the services and the transitions call them. */

/** Whether a text is an ISO/IEC 27001:2022 Annex A control (A.5.1-A.5.37, A.6.1-A.6.8, A.7.1-A.7.14, A.8.1-A.8.34). */
export function isAnnexAControl(text: string): boolean {
  const match = /^A\.([5-8])\.(\d{1,2})$/.exec(text.trim());
  if (!match) return false;
  const number = Number(match[2]);
  return number >= 1 && number <= ANNEX_A_COUNTS[Number(match[1])]!;
}

/** Problems the schema cannot see: the asset, the owner, the Annex A control. */
export async function riskProblems(
  ctx: ServiceContext,
  input: Pick<RiskBody, 'assetId' | 'riskOwnerId' | 'referenceClause'>,
): Promise<{ problems: FieldProblem[]; asset: Awaited<ReturnType<typeof repo.findAssetValue>> }> {
  const problems: FieldProblem[] = [];
  const asset = await repo.findAssetValue(ctx.db, input.assetId);
  if (!asset) problems.push({ field: 'assetId', code: 'unknownAsset' });
  problems.push(...(await ownerProblems(ctx, input.riskOwnerId, 'riskOwnerId')));
  if (input.referenceClause?.trim() && !isAnnexAControl(input.referenceClause))
    problems.push({ field: 'referenceClause', code: 'annexAControl' });
  return { problems, asset };
}

export async function ownerProblems(
  ctx: ServiceContext,
  ownerId: string | null | undefined,
  field: string,
): Promise<FieldProblem[]> {
  if (!ownerId) return [];
  const owner = await repo.findPerson(ctx.db, ownerId);
  if (!owner || owner.deleted_at) return [{ field, code: 'unknownPerson' }];
  if (owner.status !== 'ACTIVE') return [{ field, code: 'personInactive' }];
  return [];
}
