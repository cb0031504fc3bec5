import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse, IdParams } from '../../../shared/common.schemas.ts';
import {
  AttachmentParams,
  BulkInvoiceResult,
  BulkInvoiceStatusBody,
  INVOICE_ATTACHMENT_MAX_MB,
  INVOICE_ATTACHMENT_TYPES,
  Invoice,
  InvoiceBody,
  InvoiceCounts,
  InvoiceExportQuery,
  InvoicePage,
  InvoiceQuery,
  InvoiceReport,
  InvoiceReportExportQuery,
  InvoiceReportQuery,
  InvoiceStatusBody,
  InvoiceUpdateBody,
  MAX_INVOICE_ATTACHMENTS,
  MyInvoiceQuery,
} from '../../../shared/invoices.schemas.ts';
import type { Permission } from '../../../shared/permissions.ts';
import type { AreaRouteOptions } from '../area.ts';
import { contentDisposition, sendExport } from '../../core/files/download.ts';
import { streamedMultipartForm } from '../../core/files/streamed-uploads.ts';
import { prepareInvoiceExport } from './invoice-export.service.ts';
import { openInvoiceAttachment } from './invoice-files.service.ts';
import { getInvoiceReport, prepareInvoiceReportExport } from './invoice-reports.service.ts';
import { bulkChangeInvoiceStatus, changeInvoiceStatus } from './invoice-status.service.ts';
import {
  countInvoices,
  createInvoice,
  deleteInvoice,
  getInvoice,
  listInvoices,
  listMyInvoices,
  updateInvoice,
} from './invoices.service.ts';

const tags = ['Invoices'];
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
const READERS: Permission[] = ['invoices.submit', 'invoices.manage', 'invoices.pay'];
const ALL_VIEWERS: Permission[] = ['invoices.manage', 'invoices.pay'];

const FORM_DESCRIPTION =
  `JSON, or a multipart form: the fields as text parts and up to ${MAX_INVOICE_ATTACHMENTS} files as ` +
  `\`attachments\` parts (PDF, PNG or JPG by content, ${INVOICE_ATTACHMENT_MAX_MB} MB each), streamed to ` +
  'storage; a form that fails anywhere keeps none of its files.';

/** Invoices and expenses, their payment, attachments, report and export (designed here: the spec shows none). */
export const invoiceRoutes: FastifyPluginAsyncTypebox<AreaRouteOptions> = async (app, options) => {
  const form = streamedMultipartForm(options.config, {
    fileField: 'attachments',
    maxFiles: MAX_INVOICE_ATTACHMENTS,
    maxFileMb: INVOICE_ATTACHMENT_MAX_MB,
    types: INVOICE_ATTACHMENT_TYPES,
    keyPrefix: 'invoices',
    nullableFields: ['referenceId', 'vendorId'],
    listFields: ['removeAttachmentIds'],
    integerFields: ['version'],
  });

  app.get(
    '/invoices/me',
    {
      config: { access: 'invoices.submit' },
      schema: {
        tags,
        summary: 'My invoices and expenses, newest first (MY_INVOICES)',
        querystring: MyInvoiceQuery,
        response: { 200: InvoicePage, ...errors },
      },
    },
    async (request) => listMyInvoices(request.ctx(), request.query),
  );

  app.post(
    '/invoices',
    {
      config: { access: 'invoices.submit' },
      preValidation: form.read,
      onSend: form.discard,
      schema: {
        tags,
        summary: 'Submit an invoice or expense; payers are told (PAYMENT_REQUEST)',
        description: FORM_DESCRIPTION,
        body: InvoiceBody,
        response: { 201: Invoice, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await form.commit(request, (uploads) => createInvoice(request.ctx(), request.body, uploads))),
  );

  app.get(
    '/invoices',
    {
      config: { access: ALL_VIEWERS },
      schema: {
        tags,
        summary:
          'Every invoice, filtered (INVOICE_MANAGEMENT; sort=oldest with status=PENDING is the review queue)',
        querystring: InvoiceQuery,
        response: { 200: InvoicePage, ...errors },
      },
    },
    async (request) => listInvoices(request.ctx(), request.query),
  );

  app.get(
    '/invoices/counts',
    {
      config: { access: ALL_VIEWERS },
      schema: {
        tags,
        summary: 'How many invoices per status, and the amount waiting to be paid',
        response: { 200: InvoiceCounts, ...errors },
      },
    },
    async (request) => countInvoices(request.ctx()),
  );

  app.post(
    '/invoices/bulk-status',
    {
      config: { access: 'invoices.pay' },
      schema: {
        tags,
        summary: 'Pay many invoices with one payment date, or reject them with one reason',
        description:
          'Each invoice is decided on its own (its own transaction, audit event and notification); one that ' +
          'fails is reported in its result and does not undo the others.',
        body: BulkInvoiceStatusBody,
        response: { 200: BulkInvoiceResult, ...errors },
      },
    },
    async (request) => bulkChangeInvoiceStatus(request.ctx(), request.body),
  );

  app.get(
    '/invoices/export-files',
    {
      config: { access: ['invoices.manage', 'invoices.pay', 'invoices.report'] },
      schema: {
        tags,
        summary: 'Every invoice of the filters as XLSX or CSV, one row each',
        querystring: InvoiceExportQuery,
        response: { 200: Type.Any(), ...errors },
      },
    },
    async (request, reply) =>
      sendExport(request, reply, await prepareInvoiceExport(request.ctx(), request.query)),
  );

  app.get(
    '/invoices/reports',
    {
      config: { access: 'invoices.report' },
      schema: {
        tags,
        summary: 'Amounts per category, kind, vendor or person, by period of the invoice date',
        querystring: InvoiceReportQuery,
        response: { 200: InvoiceReport, ...errors },
      },
    },
    async (request) => getInvoiceReport(request.ctx(), request.query),
  );

  app.get(
    '/invoices/reports/export-files',
    {
      config: { access: 'invoices.report' },
      schema: {
        tags,
        summary: 'The report as XLSX or CSV',
        querystring: InvoiceReportExportQuery,
        response: { 200: Type.Any(), ...errors },
      },
    },
    async (request, reply) =>
      sendExport(request, reply, await prepareInvoiceReportExport(request.ctx(), request.query)),
  );

  app.get(
    '/invoices/:id',
    {
      config: { access: READERS },
      schema: { tags, summary: 'One invoice', params: IdParams, response: { 200: Invoice, ...errors } },
    },
    async (request) => getInvoice(request.ctx(), request.params.id),
  );

  app.put(
    '/invoices/:id',
    {
      config: { access: ['invoices.submit', 'invoices.manage'] },
      preValidation: form.read,
      onSend: form.discard,
      schema: {
        tags,
        summary: 'Change a pending invoice: its fields, new attachments, attachments to remove',
        description: FORM_DESCRIPTION,
        params: IdParams,
        body: InvoiceUpdateBody,
        response: { 200: Invoice, ...errors },
      },
    },
    async (request) =>
      form.commit(request, (uploads) =>
        updateInvoice(request.ctx(), request.params.id, request.body, uploads),
      ),
  );

  app.delete(
    '/invoices/:id',
    {
      config: { access: ['invoices.submit', 'invoices.manage'] },
      schema: {
        tags,
        summary: 'Delete a pending invoice and its files',
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteInvoice(request.ctx(), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/invoices/:id/status',
    {
      config: { access: ['invoices.submit', 'invoices.pay'] },
      schema: {
        tags,
        summary: 'Pay (PAID, paymentDate), reject (REJECTED, reason) or reopen (PENDING) an invoice',
        description:
          'Only a pending invoice is paid or rejected. Reopening sends a rejected invoice back (its submitter, ' +
          'or a payer) or takes back a payment recorded by mistake (a payer). Payers never decide their own.',
        params: IdParams,
        body: InvoiceStatusBody,
        response: { 200: Invoice, ...errors },
      },
    },
    async (request) => changeInvoiceStatus(request.ctx(), request.params.id, request.body),
  );

  app.get(
    '/invoices/:id/attachments/:attachmentId',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'An attachment, inline (a PDF or an image previewed in the page)',
        params: AttachmentParams,
        querystring: Type.Object(
          { download: Type.Optional(Type.Boolean({ description: 'true: as a download' })) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Any(), ...errors },
      },
    },
    async (request, reply) => {
      const file = await openInvoiceAttachment(request.ctx(), request.params.id, request.params.attachmentId);
      // The type is what the content was found to be (PDF, PNG or JPEG), never what the browser claimed.
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.sizeBytes))
        .header(
          'content-disposition',
          contentDisposition(file.fileName, request.query.download ? 'attachment' : 'inline'),
        )
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream as never);
    },
  );
};
