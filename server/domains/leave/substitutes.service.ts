import type { Substitute, SubstituteBody } from '../../../shared/leave.schemas.ts';
import type { FieldProblem } from '../../../shared/errors.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError, validationError } from '../../core/errors.ts';
import { isPerson } from '../../core/policy.ts';
import { inTransaction } from '../../core/transaction.ts';
import { leaveSettingsPolicy } from './leave.policy.ts';
import { approverProblems } from './leave-rules.ts';
import * as settings from './leave-settings.repository.ts';
import { routeToSubstitutes } from './substitute-routing.ts';
import * as repo from './leave-requests.repository.ts';

/**
 * Substitute approvers: a person who approves leave names who decides for them while they are on
 * approved leave. Their waiting approvals move to the substitute (at once for a request filed while
 * they are away, otherwise by the daily job `leave.route-to-substitutes`), and both are told.
 */

function requireApprover(ctx: ServiceContext): string {
  leaveSettingsPolicy.authorize(ctx.actor, 'approve', undefined);
  if (!isPerson(ctx.actor)) throw new AppError('FORBIDDEN');
  return ctx.actor.id;
}

async function toSubstitute(ctx: ServiceContext, substituteId: string | null): Promise<Substitute> {
  if (!substituteId) return { substitute: null };
  const [person] = await repo.listPeople(ctx.db, [substituteId]);
  return {
    substitute: person
      ? {
          id: person.id,
          firstName: person.first_name,
          lastName: person.last_name,
          email: person.email,
          avatarUrl: person.avatar_url,
        }
      : null,
  };
}

/** Who decides for the caller while they are away. */
export async function getMySubstitute(ctx: ServiceContext): Promise<Substitute> {
  const me = requireApprover(ctx);
  return toSubstitute(ctx, await settings.findSubstituteId(ctx.db, me));
}

/** Names (or clears) the caller's substitute: an active person who may approve leave. */
export async function setMySubstitute(ctx: ServiceContext, input: SubstituteBody): Promise<Substitute> {
  const me = requireApprover(ctx);
  if (input.substituteId) {
    const problems: FieldProblem[] = [];
    if (input.substituteId === me) problems.push({ field: 'substituteId', code: 'substituteSelf' });
    else await approverProblems(ctx, me, [input.substituteId], problems, 'substituteId');
    if (problems.length > 0) throw validationError(problems);
  }
  return inTransaction(ctx, async (tx) => {
    const before = await settings.findSubstituteId(tx.db, me);
    await settings.setSubstitute(tx.db, me, input.substituteId);
    await recordAudit(tx, {
      action: 'leave_substitute.updated',
      entityType: 'leave_substitute',
      entityId: me,
      before: { substituteId: before },
      after: { substituteId: input.substituteId },
    });
    return toSubstitute(tx, input.substituteId);
  });
}

/** The daily job: route every waiting approval of approvers away today. */
export async function routeAllToSubstitutes(ctx: ServiceContext, day: string): Promise<{ routed: number }> {
  leaveSettingsPolicy.authorize(ctx.actor, 'runJobs', undefined);
  return inTransaction(ctx, async (tx) => ({ routed: await routeToSubstitutes(tx, day) }));
}
