import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorResponse } from '../../../shared/common.schemas.ts';
import {
  InteractionParams,
  OidcInteraction,
  OidcRedirect,
  SignInByTokenBody,
} from '../../../shared/sso.schemas.ts';
import type { AreaRouteOptions } from '../area.ts';
import {
  abortSsoConsent,
  confirmSsoConsent,
  getOidcInteraction,
  requestSsoAccess,
  signInByToken,
  type OidcLogin,
} from './oidc-auth.service.ts';
import { oidcProvider } from './oidc-provider.ts';

const tags = ['Single sign-on'];
const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

/**
 * The login of an app, finished on `/verify-oidc` (spec section 7: `/oidc-auth/sign-in-by-token`,
 * `/oidc-auth/consent/{id}/confirm|abort`; the interaction read and the access request are designed
 * here). The caller's Backoffice session is the proof of who they are.
 */
export const oidcAuthRoutes: FastifyPluginAsyncTypebox<AreaRouteOptions> = async (app, { db, config }) => {
  /**
   * The interaction id in the provider's signed cookie: only the browser that started a login
   * finishes it. The provider is built on first use, so a server without `CONNECTIONS_KEY` still
   * starts (these calls then answer 503 CONNECTIONS_KEY_MISSING).
   */
  const loginOf = async (request: FastifyRequest, reply: FastifyReply): Promise<OidcLogin> => {
    const provider = await oidcProvider(db, config);
    return {
      provider,
      boundInteractionId:
        provider.createContext(request.raw, reply.raw).cookies.get('_interaction', { signed: true }) ?? null,
    };
  };

  app.get(
    '/oidc-auth/interaction/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Where an app login stands (login or consent step, may the caller use the app)',
        params: InteractionParams,
        response: { 200: OidcInteraction, ...errors },
      },
    },
    async (request, reply) =>
      getOidcInteraction(request.ctx(), await loginOf(request, reply), request.params.id),
  );
  app.post(
    '/oidc-auth/sign-in-by-token',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Finish the login step of an app with the Backoffice session',
        body: SignInByTokenBody,
        response: { 200: OidcRedirect, ...errors },
      },
    },
    async (request, reply) =>
      signInByToken(request.ctx(), await loginOf(request, reply), request.body.interactionId),
  );
  app.post(
    '/oidc-auth/consent/:id/confirm',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Let the app know who the caller is (refused when they may not use it)',
        params: InteractionParams,
        response: { 200: OidcRedirect, ...errors },
      },
    },
    async (request, reply) =>
      confirmSsoConsent(request.ctx(), await loginOf(request, reply), request.params.id),
  );
  app.post(
    '/oidc-auth/consent/:id/abort',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Decline: the app hears access_denied',
        params: InteractionParams,
        response: { 200: OidcRedirect, ...errors },
      },
    },
    async (request, reply) =>
      abortSsoConsent(request.ctx(), await loginOf(request, reply), request.params.id),
  );
  app.post(
    '/oidc-auth/consent/:id/request-access',
    {
      config: { access: 'sso.request' },
      schema: {
        tags,
        summary: 'Ask the managers for access to the app; the login waits and continues once approved',
        params: InteractionParams,
        response: { 200: OidcInteraction, ...errors },
      },
    },
    async (request, reply) =>
      requestSsoAccess(request.ctx(), await loginOf(request, reply), request.params.id),
  );
};
