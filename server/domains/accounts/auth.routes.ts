import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import {
  CheckPasswordBody,
  CheckPasswordResponse,
  LanguageBody,
  SessionUser,
  SignInBody,
  SignInResponse,
} from '../../../shared/auth.schemas.ts';
import { TwoFactorSignInBody } from '../../../shared/account.schemas.ts';
import { ErrorResponse } from '../../../shared/common.schemas.ts';
import type { Config } from '../../config.ts';
import {
  REFRESH_COOKIE,
  clearRefreshCookie,
  setRefreshCookie,
  type AccessTokenClaims,
} from '../../plugins/auth.ts';
import { checkPasswordStrength } from './password-policy.service.ts';
import { getOwnProfile, setOwnLanguage } from './profile.service.ts';
import { refreshSession, signOut, type IssuedSession } from './sessions.service.ts';
import { signIn, signInWithSecondFactor } from './sign-in.service.ts';

const tags = ['Auth'];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse };

/** Sign-in, refresh, sign-out and the password check of spec section 7 (Auth). */
export const authRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  async function issue(reply: FastifyReply, issued: IssuedSession) {
    const accessToken = await reply.jwtSign({
      sub: issued.user.id,
      sid: issued.sessionId,
    } satisfies AccessTokenClaims);
    if (issued.refreshToken) setRefreshCookie(reply, config, issued.refreshToken, issued.refreshExpiresAt);
    const expiresAt = new Date(Date.now() + config.ACCESS_TOKEN_TTL_SECONDS * 1000).toISOString();
    return { user: issued.user, accessToken, expiresAt };
  }

  app.post(
    '/auth/sign-in',
    {
      config: {
        access: 'public',
        // Per-account lockout lives in the service; this bounds raw request volume per address.
        rateLimit: { max: 30, timeWindow: '1 minute' },
      },
      schema: {
        tags,
        summary: 'Sign in with email and password',
        description:
          'Returns a short-lived access token (JWT with `exp`) and sets the rotating refresh session cookie. ' +
          'Wrong credentials, unknown emails and inactive accounts all answer 401 INVALID_CREDENTIALS; ' +
          'repeated failures answer 429 with Retry-After.',
        body: SignInBody,
        response: { 200: SignInResponse, ...errors },
      },
    },
    async (request, reply) =>
      issue(reply, await signIn(request.ctx(), request.body.email, request.body.password)),
  );

  app.post(
    '/auth/sign-in/two-factor',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Complete a sign-in with a two-factor code or a recovery code',
        description:
          'The challenge comes from the 401 TWO_FACTOR_REQUIRED answer of /auth/sign-in (details.challenge); it ' +
          'lasts 5 minutes and allows 5 wrong codes. A wrong code answers 422; a spent challenge 401 SESSION_EXPIRED.',
        body: TwoFactorSignInBody,
        response: { 200: SignInResponse, ...errors },
      },
    },
    async (request, reply) => issue(reply, await signInWithSecondFactor(request.ctx(), request.body)),
  );

  app.post(
    '/auth/refresh',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Exchange the refresh cookie for a new access token',
        description: 'Rotates the refresh token. A replayed old token revokes the whole session.',
        response: { 200: SignInResponse, 401: ErrorResponse },
      },
    },
    async (request, reply) => {
      try {
        return await issue(reply, await refreshSession(request.ctx(), request.cookies[REFRESH_COOKIE]));
      } catch (error) {
        clearRefreshCookie(reply, config);
        throw error;
      }
    },
  );

  app.delete(
    '/auth/sign-out',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Sign out: revoke this session',
        response: { 204: Type.Null(), 401: ErrorResponse },
      },
    },
    async (request, reply) => {
      await signOut(request.ctx());
      clearRefreshCookie(reply, config);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/auth/me',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'The signed-in person', response: { 200: SessionUser, 401: ErrorResponse } },
    },
    async (request) => getOwnProfile(request.ctx()),
  );

  app.put(
    '/auth/me/language',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Keep the interface language for the signed-in person',
        body: LanguageBody,
        response: { 200: SessionUser, ...errors },
      },
    },
    async (request) => setOwnLanguage(request.ctx(), request.body.language),
  );

  app.post(
    '/auth/check-password',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Check a candidate password against the policy (8-40 characters, upper, lower, digit, special)',
        body: CheckPasswordBody,
        response: { 200: CheckPasswordResponse, ...errors },
      },
    },
    async (request) => checkPasswordStrength(request.body.password),
  );
};
