import type { SsoAccessRequest, SsoEndpoints, SsoPerson } from '../../../shared/sso.schemas.ts';
import type { Config } from '../../config.ts';
import { issuerOf } from './oidc-provider.ts';
import type { PersonRow, SsoRequestRecord } from './sso.repository.ts';

/** Shapes of SSO answers, shared by the use cases. */

export const toPerson = (row: PersonRow): SsoPerson => ({
  id: row.id,
  name: `${row.first_name} ${row.last_name}`.trim(),
  email: row.email,
});

/** The addresses an app is configured with (the discovery document says the same). */
export function endpointsOf(config: Config): SsoEndpoints {
  const issuer = issuerOf(config);
  return {
    issuer,
    discovery: `${issuer}/.well-known/openid-configuration`,
    authorization: `${issuer}/auth`,
    token: `${issuer}/token`,
    userinfo: `${issuer}/me`,
    jwks: `${issuer}/jwks`,
    endSession: `${issuer}/session/end`,
    pushedAuthorization: `${issuer}/request`,
    revocation: `${issuer}/token/revocation`,
  };
}

export const toRequest = (row: SsoRequestRecord): SsoAccessRequest => ({
  id: row.id,
  connectionId: row.connection_id,
  connectionName: row.connection_name,
  person: toPerson({
    id: row.user_id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
  }),
  status: row.status,
  createdAt: row.created_at.toISOString(),
  decidedAt: row.decided_at?.toISOString() ?? null,
  decidedByName: row.decided_by_name,
});
