import type { SecretSummary } from '../../../shared/secrets.schemas.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import * as repo from './secrets.repository.ts';
import { secretAbilities, secretPolicy } from './secrets.policy.ts';

/** Shapes shared by the secrets use cases (not a use case itself). */

export const person = (row: {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
}) => ({
  id: row.id,
  firstName: row.first_name ?? '',
  lastName: row.last_name ?? '',
  email: row.email ?? '',
});

export function toSummary(ctx: ServiceContext, row: repo.SecretRow): SecretSummary {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    folder: row.folder,
    tags: row.tags,
    myRole: row.my_role,
    owner: row.owner ? person(row.owner) : null,
    memberCount: row.member_count,
    updatedAt: row.updated_at.toISOString(),
    abilities: secretAbilities(ctx.actor, { role: row.my_role }),
  };
}

/**
 * The secret as the caller sees it; a secret they may not read is "not found" (its name is not
 * theirs to learn) unless `allowManager` lets a secrets manager act on its membership.
 */
export async function requireSecret(
  ctx: ServiceContext,
  id: string,
  options: { allowManager?: boolean } = {},
) {
  const row = await repo.findSecret(ctx.db, id, ctx.actor.id ?? '00000000-0000-0000-0000-000000000000');
  if (!row) throw new AppError('NOT_FOUND');
  const visible =
    secretPolicy.can(ctx.actor, 'read', { role: row.my_role }) ||
    (options.allowManager && secretPolicy.can(ctx.actor, 'revoke', { role: row.my_role }));
  if (!visible) throw new AppError('NOT_FOUND');
  return row;
}
