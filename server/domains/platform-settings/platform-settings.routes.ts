import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse } from '../../../shared/common.schemas.ts';
import {
  PasswordExpiryPage,
  PasswordExpiryQuery,
  PasswordReminderParams,
  PasswordRemindersSent,
  SecureShareSettings,
  UtilitySettings,
} from '../../../shared/platform-settings.schemas.ts';
import {
  listPasswordExpiries,
  remindAllExpiring,
  remindPasswordExpiry,
} from '../accounts/password-expiry-roster.service.ts';
import { getUtilitySettings, updateSecureShareSettings } from './utility-settings.service.ts';

const tags = ['Platform settings'];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  422: ErrorResponse,
};

/**
 * /platform-settings sections served here: SECURITY's "who expires when" with its reminders (the
 * policy itself is PUT /settings/password-policy), and UTILITIES. BACKUP and AUDIT_SCHEDULE have
 * their own areas' routes.
 */
export const platformSettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/platform-settings/password-expiries',
    {
      config: { access: 'password-policy.manage' },
      schema: {
        tags,
        summary: 'Active people with their password’s last change, expiry and standing, soonest first',
        querystring: PasswordExpiryQuery,
        response: { 200: PasswordExpiryPage, ...errors },
      },
    },
    async (request) => listPasswordExpiries(request.ctx(), request.query),
  );
  app.post(
    '/platform-settings/password-expiries/reminders',
    {
      config: { access: 'password-policy.manage' },
      schema: {
        tags,
        summary: 'Remind everyone whose password has expired or expires within the reminder days',
        response: { 200: PasswordRemindersSent, ...errors },
      },
    },
    async (request) => remindAllExpiring(request.ctx()),
  );
  app.post(
    '/platform-settings/password-expiries/:userId/reminders',
    {
      config: { access: 'password-policy.manage' },
      schema: {
        tags,
        summary: 'Remind one person of their password’s expiry now (mail, bell and live reminder)',
        params: PasswordReminderParams,
        response: { 200: PasswordRemindersSent, ...errors },
      },
    },
    async (request) => remindPasswordExpiry(request.ctx(), request.params.userId),
  );
  app.get(
    '/platform-settings/utilities',
    {
      config: { access: 'platform-settings.manage' },
      schema: {
        tags,
        summary: 'UTILITIES: the secure share limits and defaults, and the company time zone',
        response: { 200: UtilitySettings, ...errors },
      },
    },
    async (request) => getUtilitySettings(request.ctx()),
  );
  app.put(
    '/platform-settings/utilities/secure-share',
    {
      config: { access: 'platform-settings.manage' },
      schema: {
        tags,
        summary: 'Change the secure share limits and defaults',
        body: SecureShareSettings,
        response: { 200: UtilitySettings, ...errors },
      },
    },
    async (request) => updateSecureShareSettings(request.ctx(), request.body),
  );
};
