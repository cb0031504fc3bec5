import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, IdParams } from '../../../shared/common.schemas.ts';
import {
  AnnouncementBody,
  AnnouncementResponse,
  IsReadBody,
  Notification,
  NotificationList,
  NotificationListQuery,
  NotificationStats,
  ReadAllResponse,
} from '../../../shared/notifications.schemas.ts';
import { announce } from './announcements.service.ts';
import {
  getMyNotificationStats,
  listMyNotifications,
  markAllMyNotificationsRead,
  setMyNotificationRead,
} from './notifications.service.ts';

const tags = ['Notifications'];
const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse };

/** The caller's notifications (spec section 7, notification calls) and administrators' announcements. */
export const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/notifications',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "A page of the caller's notifications, newest first",
        description: 'isRead=false lists only unread ones. perPage defaults to 10.',
        querystring: NotificationListQuery,
        response: { 200: NotificationList, ...errors },
      },
    },
    async (request) => listMyNotifications(request.ctx(), request.query),
  );

  app.get(
    '/notifications/stats',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "How many of the caller's notifications are unread",
        response: { 200: NotificationStats, 401: ErrorResponse },
      },
    },
    async (request) => getMyNotificationStats(request.ctx()),
  );

  app.put(
    '/notifications/:id/is-read',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Mark one of the caller’s notifications read or unread',
        params: IdParams,
        body: IsReadBody,
        response: { 200: Notification, ...errors },
      },
    },
    async (request) => setMyNotificationRead(request.ctx(), request.params.id, request.body),
  );

  app.post(
    '/notifications/read-all',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "Mark all of the caller's notifications read",
        response: { 200: ReadAllResponse, 401: ErrorResponse },
      },
    },
    async (request) => markAllMyNotificationsRead(request.ctx()),
  );

  app.post(
    '/notifications/announcements',
    {
      config: { access: 'notifications.announce' },
      schema: {
        tags,
        summary: 'Announce a message to everyone (toAll) or to chosen people (userIds, emails)',
        body: AnnouncementBody,
        response: { 201: AnnouncementResponse, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await announce(request.ctx(), request.body)),
  );
};
