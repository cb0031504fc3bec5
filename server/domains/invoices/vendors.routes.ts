import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse, IdParams } from '../../../shared/common.schemas.ts';
import type { Permission } from '../../../shared/permissions.ts';
import {
  Vendor,
  VendorBody,
  VendorPage,
  VendorQuery,
  VendorStatusBody,
  VendorUpdateBody,
} from '../../../shared/vendors.schemas.ts';
import {
  createVendor,
  deleteVendor,
  getVendor,
  listVendors,
  setVendorStatus,
  updateVendor,
} from './vendors.service.ts';

const tags = ['Vendors'];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  412: ErrorResponse,
  422: ErrorResponse,
};
const READERS: Permission[] = [
  'invoices.submit',
  'invoices.manage',
  'invoices.pay',
  'invoices.report',
  'vendors.manage',
];

/** Vendors (VENDOR_MANAGEMENT): the invoice form's choices and their upkeep (designed here). */
export const vendorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/vendors',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'Vendors by name: active ones, or (vendors.manage) every one, with `status`',
        querystring: VendorQuery,
        response: { 200: VendorPage, ...errors },
      },
    },
    async (request) => listVendors(request.ctx(), request.query),
  );

  app.post(
    '/vendors',
    {
      config: { access: 'vendors.manage' },
      schema: {
        tags,
        summary: 'Add a vendor (a tax code another vendor has is refused: 409)',
        body: VendorBody,
        response: { 201: Vendor, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createVendor(request.ctx(), request.body)),
  );

  app.get(
    '/vendors/:id',
    {
      config: { access: READERS },
      schema: { tags, summary: 'One vendor', params: IdParams, response: { 200: Vendor, ...errors } },
    },
    async (request) => getVendor(request.ctx(), request.params.id),
  );

  app.put(
    '/vendors/:id',
    {
      config: { access: 'vendors.manage' },
      schema: {
        tags,
        summary: 'Change a vendor',
        params: IdParams,
        body: VendorUpdateBody,
        response: { 200: Vendor, ...errors },
      },
    },
    async (request) => updateVendor(request.ctx(), request.params.id, request.body),
  );

  app.put(
    '/vendors/:id/status',
    {
      config: { access: 'vendors.manage' },
      schema: {
        tags,
        summary: 'Activate or deactivate a vendor (an inactive one is not offered on new invoices)',
        params: IdParams,
        body: VendorStatusBody,
        response: { 200: Vendor, ...errors },
      },
    },
    async (request) => setVendorStatus(request.ctx(), request.params.id, request.body),
  );

  app.delete(
    '/vendors/:id',
    {
      config: { access: 'vendors.manage' },
      schema: {
        tags,
        summary: 'Delete a vendor no invoice names (422 VENDOR_IN_USE otherwise: deactivate it)',
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteVendor(request.ctx(), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
