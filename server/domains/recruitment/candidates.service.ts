import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { deleteStoredFiles } from '../../core/files/streamed-uploads.ts';
import * as repo from './applications.repository.ts';
import { recruitmentPolicy } from './recruitment.policy.ts';

/**
 * Erases a candidate: the person, every resume (rows and files), every application with its moves
 * and feedback — what a candidate may ask for under Decree 13/2023 (or GDPR), and what HR does when
 * a talent pool's retention ends. An employee already created by hiring them stays (they are staff
 * now). The audit event names the candidate by id only: the trail must not keep what was erased.
 */
export async function eraseCandidate(ctx: ServiceContext, candidateId: string): Promise<void> {
  recruitmentPolicy.authorize(ctx.actor, 'eraseCandidate', undefined);
  const keys = await inTransaction(ctx, async (tx) => {
    const candidate = await repo.findCandidate(tx.db, candidateId);
    if (!candidate) throw new AppError('NOT_FOUND');
    const keys = await repo.listResumeKeys(tx.db, candidateId);
    const applications = await repo.deleteCandidate(tx.db, candidateId);
    await recordAudit(tx, {
      action: 'candidate.erased',
      entityType: 'candidate',
      entityId: candidateId,
      before: { id: candidateId, applications, resumes: keys.length },
    });
    return keys;
  });
  // Files go once the rows are gone for good: a rolled-back erasure keeps its resumes.
  await deleteStoredFiles(ctx.config, keys);
}
