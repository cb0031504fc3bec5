import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AssetAuditBody,
  AssetAuditDetail,
  AssetAuditList,
  AssetBody,
  AssetBulkBody,
  AssetBulkResult,
  AssetDetail,
  AssetExportQuery,
  AssetImportQuery,
  AssetImportReport,
  AssetPage,
  AssetQuery,
  AssetStatusBody,
  AssetUpdateBody,
  AssignBody,
  AuditCheckBody,
  QR_SCAN_MAX_MB,
  QrCodeList,
  QrCodesQuery,
  ScanResult,
} from '../../../shared/assets.schemas.ts';
import { ErrorResponse, IdParams } from '../../../shared/common.schemas.ts';
import type { Permission } from '../../../shared/permissions.ts';
import { PersonOptionList, PersonOptionQuery } from '../../../shared/risks.schemas.ts';
import { validationError } from '../../core/errors.ts';
import { contentDisposition, sendExport } from '../../core/files/download.ts';
import { jsonOrMultipartForm } from '../../core/files/multipart.ts';
import { assignAsset, bulkAssetAction, checkInAsset, setAssetStatus } from './asset-assignments.service.ts';
import {
  confirmAuditedAsset,
  createAssetAudit,
  getAssetAudit,
  listAssetAudits,
  closeAssetAudit,
} from './asset-audits.service.ts';
import { getAssetQrPng, listAssetQrCodes, scanAssetQr } from './asset-qr.service.ts';
import { prepareAssetExport } from './assets-export.service.ts';
import { importAssets } from './assets-import.service.ts';
import {
  createAsset,
  deleteAsset,
  getAsset,
  listAssetPeople,
  listAssets,
  updateAsset,
} from './assets.service.ts';

const tags = ['Assets'];
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
const READERS: Permission[] = ['assets.view-own', 'assets.view', 'assets.manage'];
const COMPANY: Permission[] = ['assets.view', 'assets.manage'];
const scanForm = jsonOrMultipartForm({ fileFields: ['image'], maxFileMb: QR_SCAN_MAX_MB });
const importForm = jsonOrMultipartForm({ fileFields: ['file'], maxFileMb: 5 });
const AnyForm = Type.Object({}, { additionalProperties: true });

/** Company assets, their QR codes and audits (spec section 2-9; the calls are designed here). */
export const assetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/assets',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'Assets: MY_ASSET (assigned to the caller) or COMPANY_ASSET (every asset: assets.view)',
        description:
          '`assigned=true` is the assigned-assets view; `inactiveAssignee=true` the assets held by someone no longer active.',
        querystring: AssetQuery,
        response: { 200: AssetPage, ...errors },
      },
    },
    async (request) => listAssets(request.ctx(), request.query),
  );

  app.post(
    '/assets',
    {
      config: { access: 'assets.manage' },
      schema: {
        tags,
        summary: 'Create an asset',
        description:
          'Quantity at least 1; serial numbers unique per type (422 serialTaken); storage in GB (1 GB = 1073741824 bytes). The security value is C + I + A (3-9): low 3-4, medium 5-6, high 7-9.',
        body: AssetBody,
        response: { 201: AssetDetail, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createAsset(request.ctx(), request.body)),
  );

  app.get(
    '/assets/people',
    {
      config: { access: 'assets.manage' },
      schema: {
        tags,
        summary: 'Active people by name: who may own or hold an asset',
        querystring: PersonOptionQuery,
        response: { 200: PersonOptionList, ...errors },
      },
    },
    async (request) => listAssetPeople(request.ctx(), request.query),
  );

  app.get(
    '/assets/export',
    {
      config: { access: COMPANY },
      schema: {
        tags,
        summary: 'Export the assets (XLSX or CSV, as `backoffice assets export`)',
        description: 'The list’s filters and order; the columns the import reads back.',
        querystring: AssetExportQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'],
        response: { 200: Type.String({ format: 'binary' }), ...errors },
      },
    },
    async (request, reply) =>
      sendExport(request, reply, await prepareAssetExport(request.ctx(), request.query)),
  );

  app.post(
    '/assets/import',
    {
      config: { access: 'assets.manage' },
      preValidation: importForm,
      schema: {
        tags,
        summary: 'Import assets from a CSV or XLSX file (as `backoffice assets import`)',
        description:
          'multipart/form-data with the file in `file` (at most 5 MB), the export’s columns. A row with the id of an asset changes it, one without creates one. `dryRun=true` checks and writes nothing; otherwise every row is written, or none when any row is wrong (the report lists each problem with its row and column; 200 either way).',
        consumes: ['multipart/form-data'],
        querystring: AssetImportQuery,
        body: AnyForm,
        response: { 200: AssetImportReport, ...errors },
      },
    },
    async (request) => {
      const upload = request.uploads?.find((u) => u.field === 'file');
      if (!upload || upload.data.length === 0) throw validationError([{ field: 'file', code: 'required' }]);
      return importAssets(request.ctx(), upload.data, { dryRun: request.query.dryRun ?? false });
    },
  );

  app.post(
    '/assets/bulk',
    {
      config: { access: 'assets.manage' },
      schema: {
        tags,
        summary: 'Assign, check in or change the status of many assets (all or none)',
        body: AssetBulkBody,
        response: { 200: AssetBulkResult, ...errors },
      },
    },
    async (request) => bulkAssetAction(request.ctx(), request.body),
  );

  app.get(
    '/assets/qr-codes',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'QR codes of the chosen assets (the printable label sheet)',
        description: 'Each a PNG data URL, 113 × 113 pixels (4 cm at 72 dpi), holding the asset page’s URL.',
        querystring: QrCodesQuery,
        response: { 200: QrCodeList, ...errors },
      },
    },
    async (request) => listAssetQrCodes(request.ctx(), request.query),
  );

  app.post(
    '/assets/scan',
    {
      config: { access: READERS },
      preValidation: scanForm,
      schema: {
        tags,
        summary: 'Read an asset’s QR code from a photo',
        description:
          'multipart/form-data with a PNG or JPG (by content) in `image`, at most 1 MB. 422 QR_CODE_INVALID when the image has no QR code of one of our assets.',
        consumes: ['multipart/form-data'],
        body: AnyForm,
        response: { 200: ScanResult, ...errors },
      },
    },
    async (request) =>
      scanAssetQr(
        request.ctx(),
        request.uploads?.find((u) => u.field === 'image'),
      ),
  );

  app.get(
    '/assets/:id',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'One asset with its assignee history and its risks',
        params: IdParams,
        response: { 200: AssetDetail, ...errors },
      },
    },
    async (request) => getAsset(request.ctx(), request.params.id),
  );

  app.put(
    '/assets/:id',
    {
      config: { access: 'assets.manage' },
      schema: {
        tags,
        summary: 'Change an asset',
        description: 'New CIA labels recompute the levels of the asset’s risks. 412 on a stale version.',
        params: IdParams,
        body: AssetUpdateBody,
        response: { 200: AssetDetail, ...errors },
      },
    },
    async (request) => updateAsset(request.ctx(), request.params.id, request.body),
  );

  app.delete(
    '/assets/:id',
    {
      config: { access: 'assets.manage' },
      schema: {
        tags,
        summary: 'Delete an asset no risk refers to',
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteAsset(request.ctx(), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/assets/:id/assign',
    {
      config: { access: 'assets.manage' },
      schema: {
        tags,
        summary: 'Hand an asset to an active person (kept in its assignee history)',
        params: IdParams,
        body: AssignBody,
        response: { 200: AssetDetail, ...errors },
      },
    },
    async (request) => assignAsset(request.ctx(), request.params.id, request.body),
  );

  app.post(
    '/assets/:id/check-in',
    {
      config: { access: 'assets.manage' },
      schema: {
        tags,
        summary: 'Take an asset back into storage',
        params: IdParams,
        response: { 200: AssetDetail, ...errors },
      },
    },
    async (request) => checkInAsset(request.ctx(), request.params.id),
  );

  app.put(
    '/assets/:id/status',
    {
      config: { access: 'assets.manage' },
      schema: {
        tags,
        summary: 'Mark an asset damaged or in storage (in storage checks it in)',
        params: IdParams,
        body: AssetStatusBody,
        response: { 200: AssetDetail, ...errors },
      },
    },
    async (request) => setAssetStatus(request.ctx(), request.params.id, request.body),
  );

  app.get(
    '/assets/:id/qr.png',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'The asset’s QR code as a PNG, 4 cm at 72 dpi',
        params: IdParams,
        produces: ['image/png'],
        response: { 200: Type.String({ format: 'binary' }), ...errors },
      },
    },
    async (request, reply) => {
      const { fileName, png } = await getAssetQrPng(request.ctx(), request.params.id);
      return reply
        .header('content-type', 'image/png')
        .header('content-disposition', contentDisposition(fileName))
        .header('cache-control', 'no-store')
        .send(png as never);
    },
  );

  // ---- Audits ------------------------------------------------------------------------------------

  app.get(
    '/asset-audits',
    {
      config: { access: COMPANY },
      schema: { tags, summary: 'Asset audits, latest first', response: { 200: AssetAuditList, ...errors } },
    },
    async (request) => listAssetAudits(request.ctx()),
  );

  app.post(
    '/asset-audits',
    {
      config: { access: 'assets.manage' },
      schema: {
        tags,
        summary: 'Start an asset audit',
        body: AssetAuditBody,
        response: { 201: AssetAuditDetail, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createAssetAudit(request.ctx(), request.body)),
  );

  app.get(
    '/asset-audits/:id',
    {
      config: { access: COMPANY },
      schema: {
        tags,
        summary: 'One audit: who confirmed which asset where, and the assets not seen',
        params: IdParams,
        response: { 200: AssetAuditDetail, ...errors },
      },
    },
    async (request) => getAssetAudit(request.ctx(), request.params.id),
  );

  app.post(
    '/asset-audits/:id/checks',
    {
      config: { access: 'assets.manage' },
      schema: {
        tags,
        summary: 'Confirm where an asset was seen in an audit',
        params: IdParams,
        body: AuditCheckBody,
        response: { 200: AssetAuditDetail, ...errors },
      },
    },
    async (request) => confirmAuditedAsset(request.ctx(), request.params.id, request.body),
  );

  app.post(
    '/asset-audits/:id/close',
    {
      config: { access: 'assets.manage' },
      schema: {
        tags,
        summary: 'Close an audit: its findings are final; 409 ASSET_AUDIT_CLOSED when it already is',
        params: IdParams,
        response: { 200: AssetAuditDetail, ...errors },
      },
    },
    async (request) => closeAssetAudit(request.ctx(), request.params.id),
  );
};
