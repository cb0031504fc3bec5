import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, IdParams } from '../../../shared/common.schemas.ts';
import {
  DeviceCompliance,
  DeviceComplianceQuery,
  DeviceStatus,
  DeviceUpdateSettings,
  DeviceUpdateSettingsBody,
  DiscordCheckResult,
  RecheckBody,
  WorkDevice,
  WorkDeviceBody,
  WorkDeviceList,
  WorkDeviceUpdateBody,
} from '../../../shared/devices.schemas.ts';
import { getDeviceCompliance } from './compliance.service.ts';
import { getDeviceUpdateSettings, saveDeviceUpdateSettings } from './device-updates.service.ts';
import { runDiscordCheck } from './discord-check.service.ts';
import {
  declareDevice,
  getMyDeviceStatus,
  listMyDevices,
  recheckMyDevice,
  removeMyDevice,
  updateMyDevice,
} from './devices.service.ts';

const tags = ['Work devices'];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  422: ErrorResponse,
  423: ErrorResponse,
};

/**
 * Work devices (a person's own, under /me — open to a blocked person, see enforcement-gate.ts) and
 * WORK_DEVICE_UPDATE_MANAGEMENT (administrators, under /platform-settings).
 */
export const deviceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/me/device-status',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'What blocks or warns me now (outdated device, checklist, chat account) and my devices',
        response: { 200: DeviceStatus, ...errors },
      },
    },
    async (request) => getMyDeviceStatus(request.ctx()),
  );
  app.get(
    '/me/work-devices',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'My work devices', response: { 200: WorkDeviceList, ...errors } },
    },
    async (request) => listMyDevices(request.ctx()),
  );
  app.post(
    '/me/work-devices',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Declare this browser’s device with its security checklist',
        description:
          'The OS and browser versions are read from `hints` (User-Agent Client Hints) and the User-Agent header, never typed.',
        body: WorkDeviceBody,
        response: { 201: WorkDevice, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await declareDevice(request.ctx(), request.body)),
  );
  app.post(
    '/me/work-devices/recheck',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Read this browser’s versions again and re-evaluate the block',
        body: RecheckBody,
        response: { 200: DeviceStatus, ...errors },
      },
    },
    async (request) => recheckMyDevice(request.ctx(), request.body),
  );
  app.put(
    '/me/work-devices/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Change my device’s name or checklist answers',
        params: IdParams,
        body: WorkDeviceUpdateBody,
        response: { 200: WorkDevice, ...errors },
      },
    },
    async (request) => updateMyDevice(request.ctx(), request.params.id, request.body),
  );
  app.delete(
    '/me/work-devices/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Remove one of my devices',
        params: IdParams,
        response: { 204: {}, ...errors },
      },
    },
    async (request, reply) => {
      await removeMyDevice(request.ctx(), request.params.id);
      return reply.code(204).send();
    },
  );
  app.get(
    '/platform-settings/work-device-updates',
    {
      config: { access: 'platform-settings.manage' },
      schema: {
        tags,
        summary: 'The latest OS and browser versions, their release dates and the grace period',
        response: { 200: DeviceUpdateSettings, ...errors },
      },
    },
    async (request) => getDeviceUpdateSettings(request.ctx()),
  );
  app.put(
    '/platform-settings/work-device-updates',
    {
      config: { access: 'platform-settings.manage' },
      schema: {
        tags,
        summary: 'Replace the update rules; every device is re-evaluated at once',
        body: DeviceUpdateSettingsBody,
        response: { 200: DeviceUpdateSettings, ...errors },
      },
    },
    async (request) => saveDeviceUpdateSettings(request.ctx(), request.body),
  );
  app.post(
    '/platform-settings/discord-check',
    {
      config: { access: 'platform-settings.manage' },
      schema: {
        tags,
        summary: 'Run the chat-account (Discord) check now',
        description:
          'Every active person needs a linked Discord account that is a member of the company server. A bot cannot read a member’s own two-factor state: it is reported as unverifiable.',
        response: { 200: DiscordCheckResult, ...errors, 503: ErrorResponse },
      },
    },
    async (request) => runDiscordCheck(request.ctx()),
  );
  app.get(
    '/platform-settings/work-device-compliance',
    {
      config: { access: 'platform-settings.manage' },
      schema: {
        tags,
        summary: 'Device compliance per person and per department',
        querystring: DeviceComplianceQuery,
        response: { 200: DeviceCompliance, ...errors },
      },
    },
    async (request) => getDeviceCompliance(request.ctx(), request.query),
  );
};
