import { Type, type Static, type TSchema } from 'typebox';
import { Name, SearchText, Uuid } from './common.schemas.ts';
import { Paged, PageQueryFields } from './paging.schemas.ts';

/**
 * Single sign-on (issue 14): Backoffice as an OpenID Connect provider. An OpenID connection is an
 * internal app (a relying party): its addresses, the groups sent in the `groups` claim, and who may
 * use it (people directly, or through a group). People without access ask from the consent step.
 */

export const SSO_CLIENT_TYPES = ['CONFIDENTIAL', 'PUBLIC'] as const;
export type SsoClientType = (typeof SSO_CLIENT_TYPES)[number];
export const SSO_RESPONSE_TYPES = ['code'] as const;
export const SSO_GRANT_TYPES = ['authorization_code', 'refresh_token'] as const;
export const SSO_REQUEST_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type SsoRequestStatus = (typeof SSO_REQUEST_STATUSES)[number];
export const MAX_SSO_URIS = 20;
export const MAX_SSO_GROUPS = 50;
export const MAX_SSO_MEMBERS = 500;

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** An address as typed; the service checks it is http(s) without a fragment ('Invalid URL format'). */
const Address = Type.String({ minLength: 1, maxLength: 500 });
const Addresses = Type.Array(Address, { maxItems: MAX_SSO_URIS });
const PersonIds = Type.Array(Uuid, { maxItems: MAX_SSO_MEMBERS });

export const SsoGroupBody = Type.Object(
  { name: Name(100), memberIds: PersonIds },
  { additionalProperties: false },
);

export const SsoConnectionBody = Type.Object(
  {
    name: Name(150),
    url: Address,
    callbackUrl: Address,
    redirectUris: Type.Array(Address, { minItems: 1, maxItems: MAX_SSO_URIS }),
    postLogoutRedirectUris: Addresses,
    clientType: Type.Enum(SSO_CLIENT_TYPES),
    responseTypes: Type.Array(Type.Enum(SSO_RESPONSE_TYPES), { minItems: 1, maxItems: 1, uniqueItems: true }),
    grantTypes: Type.Array(Type.Enum(SSO_GRANT_TYPES), { minItems: 1, maxItems: 2, uniqueItems: true }),
    groups: Type.Array(SsoGroupBody, { maxItems: MAX_SSO_GROUPS }),
    /** People who may use the app directly (group members may too). */
    memberIds: PersonIds,
  },
  { additionalProperties: false },
);
export type SsoConnectionBody = Static<typeof SsoConnectionBody>;

export const SsoConnectionQuery = Type.Object(
  { search: Type.Optional(SearchText(150)), ...PageQueryFields },
  { additionalProperties: false },
);
export type SsoConnectionQuery = Static<typeof SsoConnectionQuery>;

export const SsoPerson = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
});
export type SsoPerson = Static<typeof SsoPerson>;

export const SsoGroup = Type.Object({
  id: Type.String(),
  name: Type.String(),
  members: Type.Array(SsoPerson),
});

/** What an app needs to talk to Backoffice (discovery gives the same). */
export const SsoEndpoints = Type.Object({
  issuer: Type.String(),
  discovery: Type.String(),
  authorization: Type.String(),
  token: Type.String(),
  userinfo: Type.String(),
  jwks: Type.String(),
  endSession: Type.String(),
  pushedAuthorization: Type.String(),
  revocation: Type.String(),
});
export type SsoEndpoints = Static<typeof SsoEndpoints>;

export const SsoConnectionSummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  url: Type.String(),
  clientId: Type.String(),
  clientType: Type.Enum(SSO_CLIENT_TYPES),
  memberCount: Type.Integer(),
  pendingRequestCount: Type.Integer(),
  createdAt: Type.String(),
});
export const SsoConnectionPage = Paged(SsoConnectionSummary);
export type SsoConnectionPage = Static<typeof SsoConnectionPage>;

export const SsoConnection = Type.Object({
  id: Type.String(),
  name: Type.String(),
  url: Type.String(),
  callbackUrl: Type.String(),
  redirectUris: Type.Array(Type.String()),
  postLogoutRedirectUris: Type.Array(Type.String()),
  clientType: Type.Enum(SSO_CLIENT_TYPES),
  responseTypes: Type.Array(Type.String()),
  grantTypes: Type.Array(Type.String()),
  groups: Type.Array(SsoGroup),
  members: Type.Array(SsoPerson),
  clientId: Type.String(),
  /** Only in the answer that created or rotated it: never shown again. */
  clientSecret: Type.Optional(Type.String()),
  secretRotatedAt: Nullable(Type.String()),
  endpoints: SsoEndpoints,
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type SsoConnection = Static<typeof SsoConnection>;

export const SsoAccessRequest = Type.Object({
  id: Type.String(),
  connectionId: Type.String(),
  connectionName: Type.String(),
  person: SsoPerson,
  status: Type.Enum(SSO_REQUEST_STATUSES),
  createdAt: Type.String(),
  decidedAt: Nullable(Type.String()),
  decidedByName: Nullable(Type.String()),
});
export type SsoAccessRequest = Static<typeof SsoAccessRequest>;

export const SsoAccessRequestQuery = Type.Object(
  { status: Type.Optional(Type.Enum(SSO_REQUEST_STATUSES)), ...PageQueryFields },
  { additionalProperties: false },
);
export type SsoAccessRequestQuery = Static<typeof SsoAccessRequestQuery>;
export const SsoAccessRequestPage = Paged(SsoAccessRequest);
export type SsoAccessRequestPage = Static<typeof SsoAccessRequestPage>;

export const SsoDecisionBody = Type.Object(
  { decision: Type.Enum(['APPROVED', 'REJECTED'] as const) },
  { additionalProperties: false },
);
export type SsoDecisionBody = Static<typeof SsoDecisionBody>;

/** `/sso-connections`: the apps a person can open, and what they asked for and still waits. */
export const MySsoApps = Type.Object({
  apps: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), url: Type.String() })),
  pendingRequests: Type.Array(SsoAccessRequest),
});
export type MySsoApps = Static<typeof MySsoApps>;

// ---- The login flow (/verify-oidc and /api/oidc-auth) -------------------------------------------------

export const InteractionParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

/** Where the login of an app stands, for the /verify-oidc page. */
export const OidcInteraction = Type.Object({
  id: Type.String(),
  step: Type.Enum(['login', 'consent'] as const),
  app: Type.Object({ id: Type.String(), name: Type.String(), url: Type.String() }),
  scopes: Type.Array(Type.String()),
  /** On the consent step: may the signed-in person use the app; else their request, if any. */
  allowed: Type.Boolean(),
  request: Nullable(Type.Object({ id: Type.String(), status: Type.Enum(SSO_REQUEST_STATUSES) })),
});
export type OidcInteraction = Static<typeof OidcInteraction>;

export const SignInByTokenBody = Type.Object(
  { interactionId: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);
export type SignInByTokenBody = Static<typeof SignInByTokenBody>;

/** Where the browser goes next: back into the provider, which answers the app. */
export const OidcRedirect = Type.Object({ redirectTo: Type.String() });
export type OidcRedirect = Static<typeof OidcRedirect>;

export const SsoRotateKeysResult = Type.Object({ kid: Type.String(), retired: Type.Array(Type.String()) });
