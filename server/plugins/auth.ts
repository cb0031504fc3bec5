import fastifyCookie from '@fastify/cookie';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isLanguage, languageFromHeader, type Language } from '../../shared/i18n/index.ts';
import type { Permission } from '../../shared/permissions.ts';
import type { Config } from '../config.ts';
import { createContext, type Actor, type ServiceContext } from '../core/context.ts';
import { AppError } from '../core/errors.ts';
import { canAnywhere } from '../core/policy.ts';
import type { Db } from '../db/connect.ts';
import { loadRequestActor } from '../domains/access/actor.service.ts';
import { blockedByPasswordExpiry } from '../domains/accounts/password-expiry-gate.ts';
import { checkSecurityEnforcement } from '../domains/devices/enforcement-gate.ts';
import type { EnforcementKind } from '../domains/devices/enforcement-types.ts';

/** Who may call a route: anyone, any signed-in person, or holders of a permission (or of any one of a list). */
export type RouteAccess = 'public' | 'authenticated' | Permission | readonly Permission[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every /api route with who may call it and its body schema: the permission and fuzz tests walk this list. */
    apiRoutes: Array<{ method: string; url: string; access: RouteAccess; body?: unknown }>;
  }
  interface FastifyRequest {
    actor: Actor | null;
    language: Language;
    /** A service context for this request's actor (requires a signed-in actor unless the route is public). */
    ctx(): ServiceContext;
  }
}

export const REFRESH_COOKIE = 'bo_refresh';

export interface AccessTokenClaims {
  sub: string;
  sid: string;
}

export interface AuthPluginOptions {
  db: Db;
  config: Config;
  jwtSecret: string;
}

/**
 * Reads the bearer token, checks its session is still live and loads the caller's permissions:
 * one prepared statement per call (the session, its user and their roles).
 */
async function authenticate(
  request: FastifyRequest,
  db: Db,
): Promise<{ actor: Actor; passwordExpired: boolean; blocks: EnforcementKind[] }> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) throw new AppError('UNAUTHENTICATED');
  let claims: AccessTokenClaims;
  try {
    claims = await request.jwtVerify<AccessTokenClaims>();
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new AppError(
      code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED' ? 'ACCESS_TOKEN_EXPIRED' : 'UNAUTHENTICATED',
    );
  }
  // Checked on every call, so signing out or deactivating a person takes effect at once.
  const found = await loadRequestActor(db, claims.sid, claims.sub);
  if (!found) throw new AppError('SESSION_EXPIRED');
  if (!request.headers['accept-language'] && isLanguage(found.language)) request.language = found.language;
  return { actor: found.actor, passwordExpired: found.passwordExpired, blocks: found.blocks };
}

export default fp<AuthPluginOptions>(async function authPlugin(app: FastifyInstance, options) {
  const { db, config } = options;
  await app.register(fastifyCookie);
  await app.register(fastifyJwt, {
    secret: options.jwtSecret,
    sign: { expiresIn: config.ACCESS_TOKEN_TTL_SECONDS },
    // Every API call verifies its bearer token: a token verified once is remembered (LRU, never past
    // its own expiry), which saves the HMAC and the JSON decoding on each later call.
    verify: { cache: 10_000 },
  });

  app.decorateRequest('actor', null);
  app.decorateRequest('language', 'en');
  app.decorateRequest('ctx', function (this: FastifyRequest) {
    if (!this.actor && this.routeOptions.config.access !== 'public') throw new AppError('UNAUTHENTICATED');
    return createContext({ db, config }, this.actor ?? anonymousActor, {
      ip: this.ip,
      requestId: this.id,
      language: this.language,
      userAgent: this.headers['user-agent'] ?? null,
    });
  });

  app.addHook('onRequest', async (request) => {
    request.language = languageFromHeader(request.headers['accept-language']);
    const access = request.routeOptions.config?.access;
    // Pages and assets decide for themselves; every /api route must declare who may call it.
    const isPublic = access === 'public' || request.url.startsWith('/api/docs');
    if (!request.url.startsWith('/api/') || isPublic || !request.routeOptions.url) return;
    const { actor, passwordExpired, blocks } = await authenticate(request, db);
    request.actor = actor;
    // An expired password blocks every call but the ones that replace it (spec section 4).
    if (blockedByPasswordExpiry(passwordExpired, request.routeOptions.url))
      throw new AppError('PASSWORD_EXPIRED');
    // An outdated device, a missing device checklist or chat account blocks all but the calls that resolve it.
    checkSecurityEnforcement(blocks, request.routeOptions.url);
    if (access && access !== 'authenticated') {
      const anyOf = [access].flat();
      if (!anyOf.some((permission) => canAnywhere(actor, permission))) {
        throw new AppError('FORBIDDEN', { details: { permission: anyOf.join(' | ') } });
      }
    }
  });

  app.decorate('apiRoutes', []);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`route ${route.method} ${route.url} must declare config.access`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.apiRoutes.push({ method, url: route.url, access, body: route.schema?.body });
    }
  });
});

const anonymousActor: Actor = {
  kind: 'user',
  id: null,
  label: 'anonymous',
  permissions: new Set(),
  projectPermissions: new Map(),
};

/** Sets the refresh-session cookie: httpOnly, SameSite=Lax, Secure behind https. */
export function setRefreshCookie(reply: FastifyReply, config: Config, token: string, expires: Date): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
    path: '/',
    expires,
  });
}

export function clearRefreshCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
    path: '/',
  });
}
