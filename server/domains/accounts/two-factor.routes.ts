import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  PasswordConfirmBody,
  RecoveryCodes,
  TwoFactorCodeBody,
  TwoFactorSetup,
  TwoFactorStatus,
} from '../../../shared/account.schemas.ts';
import { ErrorResponse, IdParams } from '../../../shared/common.schemas.ts';
import { resetTwoFactor } from './two-factor-reset.service.ts';
import {
  disableTwoFactor,
  enableTwoFactor,
  getTwoFactorStatus,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
} from './two-factor-setup.service.ts';

const tags = ['Two-factor authentication'];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  422: ErrorResponse,
  429: ErrorResponse,
};
const strict = { max: 10, timeWindow: '1 minute' };

/** TOTP setup, confirmation, recovery codes; an administrator's reset. The sign-in step is in auth. */
export const twoFactorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/two-factor',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "The caller's two-factor status",
        response: { 200: TwoFactorStatus, ...errors },
      },
    },
    async (request) => getTwoFactorStatus(request.ctx()),
  );

  app.post(
    '/two-factor/setup',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Start the setup: a new secret as a QR code (PNG data URL) and as text',
        response: { 200: TwoFactorSetup, ...errors },
      },
    },
    async (request) => startTwoFactorSetup(request.ctx()),
  );

  app.post(
    '/two-factor/enable',
    {
      config: { access: 'authenticated', rateLimit: strict },
      schema: {
        tags,
        summary: 'Confirm the setup with a 6-digit code; answers ten one-time recovery codes, shown once',
        body: TwoFactorCodeBody,
        response: { 200: RecoveryCodes, ...errors },
      },
    },
    async (request) => enableTwoFactor(request.ctx(), request.body.code),
  );

  app.post(
    '/two-factor/disable',
    {
      config: { access: 'authenticated', rateLimit: strict },
      schema: {
        tags,
        summary: "Turn the caller's two-factor authentication off (password required)",
        body: PasswordConfirmBody,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await disableTwoFactor(request.ctx(), request.body.password);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/two-factor/recovery-codes',
    {
      config: { access: 'authenticated', rateLimit: strict },
      schema: {
        tags,
        summary: 'Replace the recovery codes with ten new ones (password required)',
        body: PasswordConfirmBody,
        response: { 200: RecoveryCodes, ...errors },
      },
    },
    async (request) => regenerateRecoveryCodes(request.ctx(), request.body.password),
  );

  app.get(
    '/users/:id/two-factor',
    {
      config: { access: 'employees.manage' },
      schema: {
        tags,
        summary: "A person's two-factor status (administrators)",
        params: IdParams,
        response: { 200: TwoFactorStatus, ...errors },
      },
    },
    async (request) => getTwoFactorStatus(request.ctx(), request.params.id),
  );

  app.delete(
    '/users/:id/two-factor',
    {
      config: { access: 'employees.manage' },
      schema: {
        tags,
        summary: "Reset a person's two-factor authentication (a lost phone); they are told by mail",
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await resetTwoFactor(request.ctx(), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
