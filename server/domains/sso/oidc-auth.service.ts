import type { InteractionRecord } from 'oidc-provider';
import type Provider from 'oidc-provider';
import type { OidcInteraction, OidcRedirect } from '../../../shared/sso.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { inTransaction } from '../../core/transaction.ts';
import { findUserById } from '../accounts/accounts.service.ts';
import { tellManagers } from './sso-notify.ts';
import { ssoPolicy } from './sso.policy.ts';
import * as repo from './sso.repository.ts';

/**
 * The login of an app on `/verify-oidc` (spec section 7: `/oidc-auth`): the provider hands over an
 * interaction (login, then consent); the page finishes each step with the person's Backoffice
 * session. Only the browser that started the login may finish it: the interaction id must match the
 * provider's signed interaction cookie (`boundInteractionId`), so a link to someone else's login
 * cannot sign its victim into the sender's browser.
 */
export interface OidcLogin {
  provider: Provider;
  /** The interaction this browser started (the provider's signed cookie), or null. */
  boundInteractionId: string | null;
}

const now = () => Math.floor(Date.now() / 1000);

async function requireInteraction(login: OidcLogin, id: string): Promise<InteractionRecord> {
  if (login.boundInteractionId !== id) throw new AppError('SSO_LOGIN_EXPIRED');
  const interaction = await login.provider.Interaction.find(id);
  if (!interaction) throw new AppError('SSO_LOGIN_EXPIRED');
  return interaction;
}

/** The consent step belongs to the person who signed in at the login step. */
function requireOwnConsent(ctx: ServiceContext, interaction: InteractionRecord): void {
  if (interaction.prompt.name !== 'consent') throw new AppError('SSO_LOGIN_EXPIRED');
  if (interaction.session?.accountId !== ctx.actor.id) throw new AppError('SSO_LOGIN_EXPIRED');
}

async function requireApp(ctx: ServiceContext, interaction: InteractionRecord) {
  const app = await repo.findConnectionByClientId(ctx.db, interaction.params.client_id);
  if (!app) throw new AppError('SSO_LOGIN_EXPIRED');
  return app;
}

/** Records the step's outcome and answers where the browser goes next (back into the provider). */
async function finish(
  interaction: InteractionRecord,
  result: Record<string, unknown>,
): Promise<OidcRedirect> {
  interaction.result = { ...interaction.lastSubmission, ...result };
  await interaction.save(Math.max(1, interaction.exp - now()));
  return { redirectTo: interaction.returnTo };
}

/** Where the login stands: the app, the step, and on the consent step whether the caller may use the app. */
export async function getOidcInteraction(
  ctx: ServiceContext,
  login: OidcLogin,
  id: string,
): Promise<OidcInteraction> {
  ssoPolicy.authorize(ctx.actor, 'signIn', undefined);
  const interaction = await requireInteraction(login, id);
  const app = await requireApp(ctx, interaction);
  const step = interaction.prompt.name === 'login' ? 'login' : 'consent';
  if (step === 'consent') requireOwnConsent(ctx, interaction);
  const [allowed, request] = await Promise.all([
    repo.isAllowed(ctx.db, app.id, ctx.actor.id!),
    repo.findLatestRequest(ctx.db, app.id, ctx.actor.id!),
  ]);
  return {
    id,
    step,
    app: { id: app.id, name: app.name, url: app.url },
    scopes: String(interaction.params.scope ?? '')
      .split(' ')
      .filter(Boolean),
    allowed,
    request: request ? { id: request.id, status: request.status } : null,
  };
}

/** The login step, done with the caller's Backoffice session (signed in, second factor passed, active). */
export async function signInByToken(
  ctx: ServiceContext,
  login: OidcLogin,
  id: string,
): Promise<OidcRedirect> {
  ssoPolicy.authorize(ctx.actor, 'signIn', undefined);
  const interaction = await requireInteraction(login, id);
  if (interaction.prompt.name !== 'login') throw new AppError('SSO_LOGIN_EXPIRED');
  const app = await requireApp(ctx, interaction);
  const user = await findUserById(ctx, ctx.actor.id!);
  if (!user || user.status !== 'ACTIVE') throw new AppError('ACCOUNT_DEACTIVATED');
  const next = await finish(interaction, { login: { accountId: user.id, ts: now(), amr: ['pwd'] } });
  await inTransaction(ctx, (tx) =>
    recordAudit(tx, {
      action: 'sso.signed_in',
      entityType: 'sso_connection',
      entityId: app.id,
      after: { clientId: app.client_id, interaction: id },
    }),
  );
  return next;
}

/** The consent step: the caller lets the app know who they are (only when they may use it). */
export async function confirmSsoConsent(
  ctx: ServiceContext,
  login: OidcLogin,
  id: string,
): Promise<OidcRedirect> {
  ssoPolicy.authorize(ctx.actor, 'signIn', undefined);
  const interaction = await requireInteraction(login, id);
  requireOwnConsent(ctx, interaction);
  const app = await requireApp(ctx, interaction);
  if (!(await repo.isAllowed(ctx.db, app.id, ctx.actor.id!)))
    throw new AppError('SSO_ACCESS_REQUIRED', { params: { name: app.name } });
  const { Grant } = login.provider;
  const grant = interaction.grantId
    ? ((await Grant.find(interaction.grantId)) ??
      new Grant({ accountId: ctx.actor.id!, clientId: app.client_id }))
    : new Grant({ accountId: ctx.actor.id!, clientId: app.client_id });
  const details = interaction.prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
  if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {}))
    grant.addResourceScope(indicator, scopes.join(' '));
  const grantId = await grant.save();
  const next = await finish(interaction, { consent: { grantId } });
  await inTransaction(ctx, (tx) =>
    recordAudit(tx, {
      action: 'sso.consent_given',
      entityType: 'sso_connection',
      entityId: app.id,
      after: { clientId: app.client_id, scopes: details.missingOIDCScope ?? [] },
    }),
  );
  return next;
}

/** The consent step, declined: the app hears `access_denied`. */
export async function abortSsoConsent(
  ctx: ServiceContext,
  login: OidcLogin,
  id: string,
): Promise<OidcRedirect> {
  ssoPolicy.authorize(ctx.actor, 'signIn', undefined);
  const interaction = await requireInteraction(login, id);
  const app = await requireApp(ctx, interaction);
  const next = await finish(interaction, {
    error: 'access_denied',
    error_description: 'End-User aborted interaction',
  });
  await inTransaction(ctx, (tx) =>
    recordAudit(tx, {
      action: 'sso.consent_aborted',
      entityType: 'sso_connection',
      entityId: app.id,
      after: { clientId: app.client_id },
    }),
  );
  return next;
}

/**
 * Asks for access from the consent step. The managers hear of it; the login waits on the page and
 * continues once a manager approves (the same interaction, nothing to start over).
 */
export async function requestSsoAccess(
  ctx: ServiceContext,
  login: OidcLogin,
  id: string,
): Promise<OidcInteraction> {
  ssoPolicy.authorize(ctx.actor, 'request', undefined);
  const interaction = await requireInteraction(login, id);
  requireOwnConsent(ctx, interaction);
  const app = await requireApp(ctx, interaction);
  if (await repo.isAllowed(ctx.db, app.id, ctx.actor.id!))
    throw new AppError('SSO_ALREADY_ALLOWED', { params: { name: app.name } });
  await inTransaction(ctx, async (tx) => {
    const inserted = await repo.insertRequest(tx.db, app.id, tx.actor.id!);
    const request = inserted ? await repo.findRequest(tx.db, inserted.id) : undefined;
    const open = request ?? (await repo.findPendingRequest(tx.db, app.id, tx.actor.id!))!;
    await recordAudit(tx, {
      action: inserted ? 'sso_request.created' : 'sso_request.repeated',
      entityType: 'sso_access_request',
      entityId: open.id,
      after: { connectionId: app.id, status: open.status },
    });
    if (inserted)
      await tellManagers(tx, {
        id: open.id,
        connectionName: app.name,
        requesterName: `${open.first_name} ${open.last_name}`.trim(),
      });
  });
  return getOidcInteraction(ctx, login, id);
}
