import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse, IdParams } from '../../../shared/common.schemas.ts';
import type { Permission } from '../../../shared/permissions.ts';
import {
  PersonOptionList,
  PersonOptionQuery,
  Risk,
  RiskBody,
  RiskExportQuery,
  RiskHeatMap,
  RiskPage,
  RiskQuery,
  RiskTransitionBody,
  RiskUpdateBody,
} from '../../../shared/risks.schemas.ts';
import { sendExport } from '../../core/files/download.ts';
import { prepareRiskExport } from './risk-export.service.ts';
import { transitionRisk } from './risk-transitions.service.ts';
import {
  createRisk,
  deleteRisk,
  getRisk,
  getRiskHeatMap,
  listRiskOwners,
  listRisks,
  updateRisk,
} from './risks.service.ts';

const tags = ['Risks'];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  412: ErrorResponse,
  422: ErrorResponse,
};
const READERS: Permission[] = ['risks.view', 'risks.manage', 'risks.review'];
const ACTORS: Permission[] = ['risks.manage', 'risks.review'];

/** The ISO 27001 risk register (spec section 2-9; the calls are designed here). */
export const riskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/risks',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'The risk register, filtered; highest level first unless sorted otherwise',
        querystring: RiskQuery,
        response: { 200: RiskPage, ...errors },
      },
    },
    async (request) => listRisks(request.ctx(), request.query),
  );

  app.post(
    '/risks',
    {
      config: { access: 'risks.manage' },
      schema: {
        tags,
        summary: 'Add a risk (it starts in Identification & Assessment)',
        description:
          'Level = impact × likelihood × the asset value’s band (low 1, medium 2, high 3): 1-11 low, 12-23 medium, 24-35 high, 36-48 very high. The reference clause is an ISO/IEC 27001:2022 Annex A control (A.5.1-A.8.34).',
        body: RiskBody,
        response: { 201: Risk, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createRisk(request.ctx(), request.body)),
  );

  app.get(
    '/risks/heat-map',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'Open risks on a 4 × 4 grid of impact and likelihood: current and residual',
        response: { 200: RiskHeatMap, ...errors },
      },
    },
    async (request) => getRiskHeatMap(request.ctx()),
  );

  app.get(
    '/risks/export',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'The register as XLSX (or CSV) for auditors, with the list’s filters',
        querystring: RiskExportQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'],
        response: { 200: Type.String({ format: 'binary' }), ...errors },
      },
    },
    async (request, reply) =>
      sendExport(request, reply, await prepareRiskExport(request.ctx(), request.query)),
  );

  app.get(
    '/risks/owners',
    {
      config: { access: 'risks.manage' },
      schema: {
        tags,
        summary: 'Who may own a risk (a picker’s choices)',
        querystring: PersonOptionQuery,
        response: { 200: PersonOptionList, ...errors },
      },
    },
    async (request) => listRiskOwners(request.ctx(), request.query),
  );

  app.get(
    '/risks/:id',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'One risk with its three steps and residual risks',
        params: IdParams,
        response: { 200: Risk, ...errors },
      },
    },
    async (request) => getRisk(request.ctx(), request.params.id),
  );

  app.put(
    '/risks/:id',
    {
      config: { access: 'risks.manage' },
      schema: {
        tags,
        summary: 'Change a risk while its step is in progress',
        description: '409 CONFLICT while the step awaits review or once closed; 412 on a stale version.',
        params: IdParams,
        body: RiskUpdateBody,
        response: { 200: Risk, ...errors },
      },
    },
    async (request) => updateRisk(request.ctx(), request.params.id, request.body),
  );

  app.delete(
    '/risks/:id',
    {
      config: { access: 'risks.manage' },
      schema: {
        tags,
        summary: 'Remove a risk without residual risks from the register',
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteRisk(request.ctx(), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/risks/:id/transitions',
    {
      config: { access: ACTORS },
      schema: {
        tags,
        summary:
          'Take a workflow action: submit, revoke, reject, approve, accept, mitigate, confirmNoResidual, recordResidual',
        description:
          'The transition table is in the README (“Risk register”). A transition not in it: 409 RISK_TRANSITION_NOT_ALLOWED. Reviewing a step one submitted: 403 RISK_SELF_REVIEW. reject needs `reason`; recordResidual needs `residual` and a mitigated risk; submitting the treatment plan needs an expected completion date not in the past.',
        params: IdParams,
        body: RiskTransitionBody,
        response: { 200: Risk, ...errors },
      },
    },
    async (request) => transitionRisk(request.ctx(), request.params.id, request.body),
  );
};
