import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ErrorResponse, IdParams } from '../../../shared/common.schemas.ts';
import {
  Acknowledgement,
  AcknowledgementPage,
  AcknowledgementQuery,
  AudienceOptions,
  DOCUMENT_FILE_MAX_MB,
  DOCUMENT_FILE_TYPES,
  DocumentBody,
  DocumentDetail,
  DocumentFileQuery,
  DocumentPage,
  DocumentQuery,
  DocumentUpdateBody,
  DocumentVersionBody,
  DocumentVersionParams,
  ReminderResult,
  ToAcknowledgeCount,
} from '../../../shared/documents.schemas.ts';
import type { Permission } from '../../../shared/permissions.ts';
import type { AreaRouteOptions } from '../area.ts';
import { contentDisposition } from '../../core/files/download.ts';
import { streamedMultipartForm } from '../../core/files/streamed-uploads.ts';
import {
  acknowledgeDocument,
  countMyDocumentsToAcknowledge,
  listAcknowledgements,
  remindPendingReaders,
} from './document-acknowledgements.service.ts';
import { openDocumentFile, uploadDocumentVersion } from './document-versions.service.ts';
import {
  createDocument,
  deleteDocument,
  getDocument,
  listAudienceOptions,
  listDocuments,
  updateDocument,
} from './documents.service.ts';

const tags = ['Documents'];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  412: ErrorResponse,
  413: ErrorResponse,
  415: ErrorResponse,
  422: ErrorResponse,
};
const READERS: Permission[] = ['documents.view', 'documents.manage'];
const FILE_DESCRIPTION =
  `A multipart form: the fields as text parts and the file as the \`file\` part (PDF, DOCX, XLSX, PPTX, ` +
  `ODT or ODS by content, ${DOCUMENT_FILE_MAX_MB} MB at most), streamed to storage; a refused form keeps nothing.`;

/** A form sends booleans as text: 'true' and 'false' become booleans before the schema checks them. */
async function formBooleans(request: FastifyRequest): Promise<void> {
  const body = request.body as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object') return;
  for (const key of ['requiresAcknowledgement']) {
    if (body[key] === 'true') body[key] = true;
    else if (body[key] === 'false') body[key] = false;
  }
}

/** Company documents, their versions and read acknowledgements (designed here: the spec shows none). */
export const documentRoutes: FastifyPluginAsyncTypebox<AreaRouteOptions> = async (app, options) => {
  const form = streamedMultipartForm(options.config, {
    fileField: 'file',
    maxFiles: 1,
    maxFileMb: DOCUMENT_FILE_MAX_MB,
    types: DOCUMENT_FILE_TYPES,
    keyPrefix: 'documents',
    nullableFields: ['description', 'note'],
    listFields: ['roleIds', 'departmentIds'],
  });

  app.get(
    '/documents',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'The documents the caller may see, by category and title',
        description:
          'Managers see every document; others those whose audience they are in. toAcknowledge=true: the caller’s to-read list.',
        querystring: DocumentQuery,
        response: { 200: DocumentPage, ...errors },
      },
    },
    async (request) => listDocuments(request.ctx(), request.query),
  );

  app.get(
    '/documents/to-acknowledge/count',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'How many documents the caller must still acknowledge',
        response: { 200: ToAcknowledgeCount, ...errors },
      },
    },
    async (request) => countMyDocumentsToAcknowledge(request.ctx()),
  );

  app.get(
    '/documents/audience-options',
    {
      config: { access: 'documents.manage' },
      schema: {
        tags,
        summary: 'The roles and departments a document may be shown to',
        response: { 200: AudienceOptions, ...errors },
      },
    },
    async (request) => listAudienceOptions(request.ctx()),
  );

  app.post(
    '/documents',
    {
      config: { access: 'documents.manage' },
      preValidation: [form.read, formBooleans],
      onSend: form.discard,
      schema: {
        tags,
        summary:
          'Publish a document with its first version; its audience is told when it requires acknowledgement',
        description: FILE_DESCRIPTION,
        body: DocumentBody,
        response: { 201: DocumentDetail, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await form.commit(request, (uploads) => createDocument(request.ctx(), request.body, uploads))),
  );

  app.get(
    '/documents/:id',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'One document with its versions',
        params: IdParams,
        response: { 200: DocumentDetail, ...errors },
      },
    },
    async (request) => getDocument(request.ctx(), request.params.id),
  );

  app.put(
    '/documents/:id',
    {
      config: { access: 'documents.manage' },
      schema: {
        tags,
        summary: 'Change a document’s fields, audience or acknowledgement requirement',
        params: IdParams,
        body: DocumentUpdateBody,
        response: { 200: DocumentDetail, ...errors },
      },
    },
    async (request) => updateDocument(request.ctx(), request.params.id, request.body),
  );

  app.delete(
    '/documents/:id',
    {
      config: { access: 'documents.manage' },
      schema: {
        tags,
        summary: 'Withdraw a document',
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteDocument(request.ctx(), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/documents/:id/versions',
    {
      config: { access: 'documents.manage' },
      preValidation: form.read,
      onSend: form.discard,
      schema: {
        tags,
        summary: 'Upload a new version; it becomes current and must be acknowledged again',
        description: FILE_DESCRIPTION,
        params: IdParams,
        body: DocumentVersionBody,
        response: { 201: DocumentDetail, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await form.commit(request, (uploads) =>
            uploadDocumentVersion(request.ctx(), request.params.id, request.body, uploads),
          ),
        ),
  );

  const sendFile = async (
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    versionId: string | undefined,
    download: boolean | undefined,
  ) => {
    const file = await openDocumentFile(request.ctx(), id, versionId);
    return reply
      .header('content-type', file.contentType)
      .header('content-length', String(file.sizeBytes))
      .header('content-disposition', contentDisposition(file.fileName, download ? 'attachment' : 'inline'))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.stream as never);
  };

  app.get(
    '/documents/:id/file',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'The current version’s file, inline (the PDF preview) or as a download',
        params: IdParams,
        querystring: DocumentFileQuery,
        response: { 200: Type.Any(), ...errors },
      },
    },
    async (request, reply) => sendFile(request, reply, request.params.id, undefined, request.query.download),
  );

  app.get(
    '/documents/:id/versions/:versionId/file',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'An older (or the current) version’s file',
        params: DocumentVersionParams,
        querystring: DocumentFileQuery,
        response: { 200: Type.Any(), ...errors },
      },
    },
    async (request, reply) =>
      sendFile(request, reply, request.params.id, request.params.versionId, request.query.download),
  );

  app.post(
    '/documents/:id/acknowledgement',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'Acknowledge having read the current version (again: nothing changes)',
        params: IdParams,
        response: { 200: Acknowledgement, ...errors },
      },
    },
    async (request) => acknowledgeDocument(request.ctx(), request.params.id),
  );

  app.get(
    '/documents/:id/acknowledgements',
    {
      config: { access: 'documents.manage' },
      schema: {
        tags,
        summary: 'Who of the audience has and has not acknowledged a version',
        params: IdParams,
        querystring: AcknowledgementQuery,
        response: { 200: AcknowledgementPage, ...errors },
      },
    },
    async (request) => listAcknowledgements(request.ctx(), request.params.id, request.query),
  );

  app.post(
    '/documents/:id/reminders',
    {
      config: { access: 'documents.manage' },
      schema: {
        tags,
        summary: 'Remind everyone who has not acknowledged the current version',
        params: IdParams,
        response: { 200: ReminderResult, ...errors },
      },
    },
    async (request) => remindPendingReaders(request.ctx(), request.params.id),
  );
};
