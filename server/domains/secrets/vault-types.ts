import type { Insertable, Updateable } from 'kysely';
import type { SecretVaultsTable } from '../../db/database.ts';

export type NewSecretVault = Insertable<SecretVaultsTable>;
export type SecretVaultUpdate = Updateable<SecretVaultsTable>;
