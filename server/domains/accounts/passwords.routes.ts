import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ChangePasswordBody,
  ForgotPasswordBody,
  PasswordChangeResult,
  PasswordExpiry,
  PasswordPolicySettings,
  PasswordValidationResponse,
  ResetPasswordBody,
  ResetTokenInfo,
  SignUpResponse,
  TokenBody,
} from '../../../shared/account.schemas.ts';
import { ErrorResponse } from '../../../shared/common.schemas.ts';
import { constantDuration } from '../../core/constant-duration.ts';
import { sharedRateLimit } from '../../core/shared-rate-limit.ts';
import type { Db } from '../../db/connect.ts';
import { changePassword, validatePasswordChange } from './change-password.service.ts';
import { requestPasswordReset } from './forgot-password.service.ts';
import { getPasswordExpiry, markExpiryNotified } from './password-expiry.service.ts';
import { getPasswordPolicy, updatePasswordPolicy } from './password-policy.service.ts';
import { checkResetToken, resetPassword } from './reset-password.service.ts';

const tags = ['Passwords'];
/**
 * Forgot-password answers after this long whoever asks: a known address (a token and a mail to
 * write) and an unknown one (one audit row) would otherwise differ by tens of milliseconds.
 */
export const FORGOT_PASSWORD_ANSWER_MS = 400;
/** Forgot-password requests per client address and minute, across every replica. */
export const FORGOT_PASSWORD_LIMIT = { scope: 'forgot-password', max: 5, windowSeconds: 60 };
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  410: ErrorResponse,
  422: ErrorResponse,
  429: ErrorResponse,
};
// Each of these checks a password or a token: a bound per address keeps guessing slow.
const strict = { max: 10, timeWindow: '1 minute' };

/** Forgot, reset, change and forced update of a password; the expiry policy (spec section 7, Auth). */
export const passwordRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const forgotPassword = constantDuration(FORGOT_PASSWORD_ANSWER_MS);
  // Each request mails someone: the per-address bound is counted in PostgreSQL, so N replicas
  // behind a load balancer do not allow N times as many (the in-memory limit stays as a first,
  // free check).
  const forgotPasswordLimit = sharedRateLimit(db, FORGOT_PASSWORD_LIMIT);
  app.addHook('onClose', () => forgotPassword.settled());
  app.post(
    '/auth/forgot-password',
    {
      config: { access: 'public', rateLimit: { max: FORGOT_PASSWORD_LIMIT.max, timeWindow: '1 minute' } },
      preHandler: forgotPasswordLimit,
      schema: {
        tags,
        summary: 'Mail a password-reset link',
        description:
          'Always answers 202, whether or not an account has this email, and after the same time (400 ms).',
        body: ForgotPasswordBody,
        response: { 202: Type.Object({ ok: Type.Literal(true) }), ...errors },
      },
    },
    async (request, reply) => {
      await forgotPassword.run(
        () => requestPasswordReset(request.ctx(), request.body.email),
        (error) => request.log.error({ err: error }, 'password reset request failed after the answer'),
      );
      return reply.code(202).send({ ok: true });
    },
  );

  app.post(
    '/auth/check-reset-password-token',
    {
      config: { access: 'public', rateLimit: strict },
      schema: {
        tags,
        summary: 'Check a password-reset link',
        description:
          "An expired or used link answers 410 PASSWORD_RESET_LINK_EXPIRED ('Password Reset Link Expired').",
        body: TokenBody,
        response: { 200: ResetTokenInfo, ...errors },
      },
    },
    async (request) => checkResetToken(request.ctx(), request.body.token),
  );

  app.post(
    '/auth/reset-password',
    {
      config: { access: 'public', rateLimit: strict },
      schema: {
        tags,
        summary: 'Set a new password through a reset link; signs the person out everywhere',
        body: ResetPasswordBody,
        response: { 200: SignUpResponse, ...errors },
      },
    },
    async (request) => resetPassword(request.ctx(), request.body),
  );

  for (const [prefix, reason] of [
    ['/change-password', 'change'],
    ['/update-password', 'update'],
  ] as const) {
    app.post(
      `${prefix}/validations`,
      {
        config: { access: 'authenticated', rateLimit: strict },
        schema: {
          tags,
          summary:
            reason === 'change'
              ? 'Check a password change before making it'
              : 'Check the update of an expired password before making it',
          description:
            "Field errors: currentPassword ('Your current password is incorrect'), password (policy), " +
            "confirmPassword ('Password does not match').",
          body: ChangePasswordBody,
          response: { 200: PasswordValidationResponse, ...errors },
        },
      },
      async (request) => validatePasswordChange(request.ctx(), request.body),
    );

    app.put(
      prefix,
      {
        config: { access: 'authenticated', rateLimit: strict },
        schema: {
          tags,
          summary:
            reason === 'change'
              ? "Change the caller's password; other sessions are signed out"
              : 'Update an expired password (allowed while every other call answers 498)',
          body: ChangePasswordBody,
          response: { 200: PasswordChangeResult, ...errors },
        },
      },
      async (request) => changePassword(request.ctx(), request.body, reason),
    );
  }

  app.put(
    '/change-password/expiry-notified',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The caller closed the "password expires soon" notice',
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await markExpiryNotified(request.ctx());
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/password-expiry',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "Where the caller's password stands: OK, EXPIRING_SOON, EXPIRED or NEVER",
        response: { 200: PasswordExpiry, ...errors },
      },
    },
    async (request) => getPasswordExpiry(request.ctx()),
  );

  app.get(
    '/settings/password-policy',
    {
      config: { access: 'password-policy.manage' },
      schema: {
        tags,
        summary: 'The password expiry policy',
        response: { 200: PasswordPolicySettings, ...errors },
      },
    },
    async (request) => getPasswordPolicy(request.ctx()),
  );

  app.put(
    '/settings/password-policy',
    {
      config: { access: 'password-policy.manage' },
      schema: {
        tags,
        summary: 'Change the password expiry policy (maximum age 0 turns expiry off)',
        body: PasswordPolicySettings,
        response: { 200: PasswordPolicySettings, ...errors },
      },
    },
    async (request) => updatePasswordPolicy(request.ctx(), request.body),
  );
};
