import type { ServiceContext } from './context.ts';

/**
 * Runs `work` in one database transaction with a context bound to it. Nested calls join the outer
 * transaction. Hooks queued on `ctx.afterCommit` run only after the commit: a rolled-back change
 * notifies nobody.
 */
export async function inTransaction<T>(
  ctx: ServiceContext,
  work: (tx: ServiceContext) => Promise<T>,
): Promise<T> {
  if (ctx.inTransaction) return work(ctx);
  const afterCommit: ServiceContext['afterCommit'] = [];
  const result = await ctx.db
    .transaction()
    .execute((trx) => work({ ...ctx, db: trx, afterCommit, inTransaction: true }));
  for (const hook of afterCommit) {
    try {
      await hook();
    } catch (error) {
      // The change is committed; a failed push must not turn it into an error for the caller.
      console.error('after-commit hook failed', error);
    }
  }
  return result;
}

/**
 * Throws unless `ctx` is inside `inTransaction`. For the writes one area offers another (the
 * accounts area's `updateUser`, access's `assignRole`): they join the caller's transaction, so the
 * change commits with the caller's audit event, and may not run on their own.
 */
export function requireTransaction(ctx: ServiceContext, what: string): void {
  if (!ctx.inTransaction)
    throw new Error(`${what} must run inside inTransaction(): it commits with its caller`);
}
