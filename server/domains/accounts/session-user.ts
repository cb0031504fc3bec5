import type { SessionUser } from '../../../shared/auth.schemas.ts';
import type { UserRow } from '../../db/database.ts';

/** A person as the session and the profile answers show them. */
export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    avatarUrl: user.avatar_url,
    status: user.status,
    language: user.language,
    hasEncryptionKey: user.has_encryption_key,
  };
}
