import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse } from '../../../shared/common.schemas.ts';
import {
  LegalKindParams,
  LegalPage,
  LegalPageBody,
  LegalPageList,
  LegalPageParams,
  LegalPageQuery,
} from '../../../shared/legal.schemas.ts';
import { getLegalPage, listLegalPages, updateLegalPage } from './legal-pages.service.ts';

const tags = ['Platform settings'];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 422: ErrorResponse };

/** The terms of service and the privacy policy: read by anyone, edited in platform settings. */
export const legalPageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/legal-pages',
    {
      config: { access: 'platform-settings.manage' },
      schema: {
        tags,
        summary: 'Both legal pages in both languages, for editing',
        response: { 200: LegalPageList, ...errors },
      },
    },
    async (request) => ({ items: await listLegalPages(request.ctx()) }),
  );

  app.get(
    '/legal-pages/:kind',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The terms of service (terms) or the privacy policy (privacy), for anyone',
        description: '`language` defaults to the Accept-Language of the request.',
        params: LegalKindParams,
        querystring: LegalPageQuery,
        response: { 200: LegalPage, ...errors },
      },
    },
    async (request) =>
      getLegalPage(request.ctx(), request.params.kind, request.query.language ?? request.language),
  );

  app.put(
    '/legal-pages/:kind/:language',
    {
      config: { access: 'platform-settings.manage' },
      schema: {
        tags,
        summary: 'Replace the text of a legal page in one language (audited)',
        description: "Plain text: a blank line starts a paragraph, a line starting with '# ' is a heading.",
        params: LegalPageParams,
        body: LegalPageBody,
        response: { 200: LegalPage, ...errors },
      },
    },
    async (request) =>
      updateLegalPage(request.ctx(), request.params.kind, request.params.language, request.body),
  );
};
