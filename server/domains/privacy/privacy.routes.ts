import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse, IdParams } from '../../../shared/common.schemas.ts';
import {
  ConsentPage,
  ConsentQuery,
  DataExportQuery,
  PrivacySettings,
  PrivacySettingsBody,
  RetentionPreview,
  RetentionRunResult,
} from '../../../shared/privacy.schemas.ts';
import type { AreaRouteOptions } from '../area.ts';
import { sendExport } from '../../core/files/download.ts';
import { listMyConsents, listPersonConsents } from './consents.service.ts';
import { prepareDataExport, prepareDataExportByEmail } from './data-export.service.ts';
import {
  getPrivacySettings,
  previewRetention,
  runRetention,
  updatePrivacySettings,
} from './retention.service.ts';

const tags = ['Personal data'];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  422: ErrorResponse,
};
const EXPORT_DESCRIPTION =
  'A ZIP streamed as it is written: README.txt, profile.json, one JSON array per kind of record ' +
  '(consent records, leave and overtime requests, work logs, invoices, asset assignments, access ' +
  'requests, project memberships, role assignments, employee files, sessions, notifications, document ' +
  'acknowledgements, audit events by or about the person) and files/ (employee documents, invoice ' +
  'attachments, avatar). Audited as person.data_exported.';

/** Personal data protection: consent records, data export, retention (designed here: the spec shows none). */
export const privacyRoutes: FastifyPluginAsyncTypebox<AreaRouteOptions> = async (app) => {
  app.get(
    '/privacy/consents/me',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'My consent records (terms of service, privacy policy), newest first',
        querystring: ConsentQuery,
        response: { 200: ConsentPage, ...errors },
      },
    },
    async (request) => listMyConsents(request.ctx(), request.query),
  );

  app.get(
    '/privacy/people/:id/consents',
    {
      config: { access: 'employees.manage' },
      schema: {
        tags,
        summary: 'One person’s consent records',
        params: IdParams,
        querystring: ConsentQuery,
        response: { 200: ConsentPage, ...errors },
      },
    },
    async (request) => listPersonConsents(request.ctx(), request.params.id, request.query),
  );

  app.get(
    '/privacy/export/me',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Everything Backoffice holds about me, as a ZIP',
        description: EXPORT_DESCRIPTION,
        response: { 200: Type.Any(), ...errors },
      },
    },
    async (request, reply) =>
      sendExport(request, reply, await prepareDataExport(request.ctx(), request.ctx().actor.id!)),
  );

  app.get(
    '/privacy/people/export',
    {
      config: { access: 'employees.manage' },
      schema: {
        tags,
        summary: 'Everything Backoffice holds about the person with this email, as a ZIP',
        description: EXPORT_DESCRIPTION,
        querystring: DataExportQuery,
        response: { 200: Type.Any(), ...errors },
      },
    },
    async (request, reply) =>
      sendExport(request, reply, await prepareDataExportByEmail(request.ctx(), request.query.email)),
  );

  app.get(
    '/privacy/people/:id/export',
    {
      config: { access: 'employees.manage' },
      schema: {
        tags,
        summary: 'Everything Backoffice holds about one person, as a ZIP',
        description: EXPORT_DESCRIPTION,
        params: IdParams,
        response: { 200: Type.Any(), ...errors },
      },
    },
    async (request, reply) =>
      sendExport(request, reply, await prepareDataExport(request.ctx(), request.params.id)),
  );

  app.get(
    '/privacy/settings',
    {
      config: { access: 'employees.manage' },
      schema: { tags, summary: 'The retention period', response: { 200: PrivacySettings, ...errors } },
    },
    async (request) => getPrivacySettings(request.ctx()),
  );

  app.put(
    '/privacy/settings',
    {
      config: { access: 'employees.manage' },
      schema: {
        tags,
        summary: 'Change the retention period (months after the offboarding date)',
        body: PrivacySettingsBody,
        response: { 200: PrivacySettings, ...errors },
      },
    },
    async (request) => updatePrivacySettings(request.ctx(), request.body),
  );

  app.get(
    '/privacy/retention/preview',
    {
      config: { access: 'employees.manage' },
      schema: {
        tags,
        summary: 'Dry run: former employees due for anonymisation today, and the fields cleared and kept',
        response: { 200: RetentionPreview, ...errors },
      },
    },
    async (request) => previewRetention(request.ctx()),
  );

  app.post(
    '/privacy/retention/run',
    {
      config: { access: 'employees.manage' },
      schema: {
        tags,
        summary: 'Anonymise every former employee due today (each audited; a second run changes nothing)',
        response: { 200: RetentionRunResult, ...errors },
      },
    },
    async (request) => runRetention(request.ctx()),
  );
};
