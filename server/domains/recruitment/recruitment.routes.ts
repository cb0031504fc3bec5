import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse } from '../../../shared/common.schemas.ts';
import type { Permission } from '../../../shared/permissions.ts';
import {
  Application,
  ApplicationBody,
  ApplicationDetail,
  ApplicationPage,
  ApplicationParams,
  ApplicationQuery,
  Campaign,
  CampaignBody,
  CampaignPage,
  CampaignParams,
  CampaignQuery,
  CampaignUpdateBody,
  CompareQuery,
  Comparison,
  FeedbackBody,
  HireBody,
  HireResult,
  MoveBody,
  RESUME_MAX_MB,
  RESUME_TYPES,
  ResumePage,
  ResumeParams,
  CandidateParams,
  ResumeQuery,
} from '../../../shared/recruitment.schemas.ts';
import type { AreaRouteOptions } from '../area.ts';
import { contentDisposition } from '../../core/files/download.ts';
import { streamedMultipartForm } from '../../core/files/streamed-uploads.ts';
import { addApplication, getApplication, listApplications, moveApplication } from './applications.service.ts';
import { createCampaign, getCampaign, listCampaigns, updateCampaign } from './campaigns.service.ts';
import { eraseCandidate } from './candidates.service.ts';
import { compareApplications, giveFeedback } from './feedback.service.ts';
import { hireCandidate } from './hire.service.ts';
import { openResume, searchResumes } from './resumes.service.ts';

const tags = ['Recruitment'];
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
const READERS: Permission[] = ['recruitment.view', 'recruitment.manage'];
/**
 * Routes a hiring-team member reaches without recruitment permissions: any signed-in person gets
 * past the gate and the service decides on the campaign (its team, or NOT_FOUND).
 */
const TEAM = 'authenticated' as const;

/** Hiring campaigns, candidates and their resumes, the board, feedback, compare and hire (designed here). */
export const recruitmentRoutes: FastifyPluginAsyncTypebox<AreaRouteOptions> = async (app, options) => {
  const form = streamedMultipartForm(options.config, {
    fileField: 'resume',
    maxFiles: 1,
    maxFileMb: RESUME_MAX_MB,
    types: RESUME_TYPES,
    keyPrefix: 'resumes',
    nullableFields: ['phone'],
    listFields: ['links'],
  });

  app.get(
    '/hiring-campaigns',
    {
      config: { access: TEAM },
      schema: {
        tags,
        summary: 'Hiring campaigns, newest first (every one with recruitment permissions, else your teams’)',
        querystring: CampaignQuery,
        response: { 200: CampaignPage, ...errors },
      },
    },
    async (request) => listCampaigns(request.ctx(), request.query),
  );
  app.post(
    '/hiring-campaigns',
    {
      config: { access: 'recruitment.manage' },
      schema: {
        tags,
        summary: 'Create a hiring campaign (left out: the default pipeline and no criteria)',
        body: CampaignBody,
        response: { 201: Campaign, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createCampaign(request.ctx(), request.body)),
  );
  app.get(
    '/hiring-campaigns/:id',
    {
      config: { access: TEAM },
      schema: {
        tags,
        summary: 'One hiring campaign',
        params: CampaignParams,
        response: { 200: Campaign, ...errors },
      },
    },
    async (request) => getCampaign(request.ctx(), request.params.id),
  );
  app.put(
    '/hiring-campaigns/:id',
    {
      config: { access: 'recruitment.manage' },
      schema: {
        tags,
        summary: 'Change a campaign: fields, status, hiring team, pipeline stages and criteria',
        params: CampaignParams,
        body: CampaignUpdateBody,
        response: { 200: Campaign, ...errors },
      },
    },
    async (request) => updateCampaign(request.ctx(), request.params.id, request.body),
  );
  app.get(
    '/hiring-campaigns/:id/applications',
    {
      config: { access: TEAM },
      schema: {
        tags,
        summary: "The campaign's candidates (its board), by stage",
        params: CampaignParams,
        querystring: ApplicationQuery,
        response: { 200: ApplicationPage, ...errors },
      },
    },
    async (request) => listApplications(request.ctx(), request.params.id, request.query),
  );
  app.post(
    '/hiring-campaigns/:id/applications',
    {
      config: { access: TEAM },
      preValidation: form.read,
      onSend: form.discard,
      schema: {
        tags,
        summary: 'Add a candidate with a PDF resume',
        description:
          `A multipart form: the candidate's fields as text parts (\`links\` repeated) and one \`resume\` PDF ` +
          `(by content, at most ${RESUME_MAX_MB} MB), streamed to storage. A candidate already known by email ` +
          'may leave the resume out: their latest one is used.',
        params: CampaignParams,
        body: ApplicationBody,
        response: { 201: Application, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await form.commit(request, (uploads) =>
            addApplication(request.ctx(), request.params.id, request.body, uploads),
          ),
        ),
  );
  app.get(
    '/hiring-campaigns/:id/compare',
    {
      config: { access: TEAM },
      schema: {
        tags,
        summary:
          'Two to four candidates side by side: stage, scores per criterion and interviewer, resume facts',
        params: CampaignParams,
        querystring: CompareQuery,
        response: { 200: Comparison, ...errors },
      },
    },
    async (request) => compareApplications(request.ctx(), request.params.id, request.query),
  );
  app.get(
    '/hiring-applications/:id',
    {
      config: { access: TEAM },
      schema: {
        tags,
        summary: "One candidate's application: moves, feedback, the feedback you owe",
        params: ApplicationParams,
        response: { 200: ApplicationDetail, ...errors },
      },
    },
    async (request) => getApplication(request.ctx(), request.params.id),
  );
  app.post(
    '/hiring-applications/:id/move',
    {
      config: { access: TEAM },
      schema: {
        tags,
        summary: "Move a candidate to another stage of the campaign's pipeline, with a reason",
        params: ApplicationParams,
        body: MoveBody,
        response: { 200: Application, ...errors },
      },
    },
    async (request) => moveApplication(request.ctx(), request.params.id, request.body),
  );
  app.put(
    '/hiring-applications/:id/feedback',
    {
      config: { access: TEAM },
      schema: {
        tags,
        summary:
          'Give (or replace) your feedback for a stage: recommendation, comment, a score per criterion',
        params: ApplicationParams,
        body: FeedbackBody,
        response: { 200: ApplicationDetail, ...errors },
      },
    },
    async (request) => giveFeedback(request.ctx(), request.params.id, request.body),
  );
  app.post(
    '/hiring-applications/:id/hire',
    {
      config: { access: 'recruitment.manage' },
      schema: {
        tags,
        summary: 'Hire: invite a PENDING employee with the known fields and move the candidate to Hired',
        params: ApplicationParams,
        body: HireBody,
        response: { 200: HireResult, ...errors },
      },
    },
    async (request) => hireCandidate(request.ctx(), request.params.id, request.body),
  );
  app.delete(
    '/candidates/:id',
    {
      config: { access: 'recruitment.manage' },
      schema: {
        tags,
        summary: 'Erase a candidate: the person, their resumes (files too), applications, moves and feedback',
        params: CandidateParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await eraseCandidate(request.ctx(), request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/resumes',
    {
      config: { access: READERS },
      schema: {
        tags,
        summary: 'Search every resume by its text, accents and case ignored (all-resume)',
        querystring: ResumeQuery,
        response: { 200: ResumePage, ...errors },
      },
    },
    async (request) => searchResumes(request.ctx(), request.query),
  );
  app.get(
    '/resumes/:id/file',
    {
      config: { access: TEAM },
      schema: {
        tags,
        summary: 'A resume PDF, inline',
        params: ResumeParams,
        querystring: Type.Object(
          { download: Type.Optional(Type.Boolean({ description: 'true: as a download' })) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Any(), ...errors },
      },
    },
    async (request, reply) => {
      const file = await openResume(request.ctx(), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
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
