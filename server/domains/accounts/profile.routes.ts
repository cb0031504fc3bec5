import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ProfileUpdateBody } from '../../../shared/account.schemas.ts';
import { SessionUser } from '../../../shared/auth.schemas.ts';
import { ErrorResponse, IdParams } from '../../../shared/common.schemas.ts';
import { getAvatar, removeOwnAvatar, setOwnAvatar, updateOwnProfile } from './profile.service.ts';

const tags = ['Profile'];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  404: ErrorResponse,
  413: ErrorResponse,
  415: ErrorResponse,
  422: ErrorResponse,
};
// Larger than the 1 MB avatar limit, so the service can answer the precise message up to here.
const UPLOAD_BODY_LIMIT = 8 * 1024 * 1024;

/** The caller's own profile (spec section 7, PUT /users) and avatar. */
export const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The avatar is sent as the raw file; its type is decided by its content, not this header.
  app.addContentTypeParser(
    ['image/png', 'image/jpeg', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.put(
    '/users',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "Update the caller's own details: first and last name, language",
        body: ProfileUpdateBody,
        response: { 200: SessionUser, ...errors },
      },
    },
    async (request) => updateOwnProfile(request.ctx(), request.body),
  );

  app.put(
    '/profile/avatar',
    {
      config: { access: 'authenticated' },
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags,
        summary: "Replace the caller's avatar: the PNG or JPG file as the body, at most 1 MB",
        description:
          "Content-Type image/png, image/jpeg or application/octet-stream. Another file answers 415 'Unsupported file type.'; " +
          "a larger one 413 'File size exceeds the maximum limit of 1MB.'",
        response: { 200: SessionUser, ...errors },
      },
    },
    async (request) => setOwnAvatar(request.ctx(), request.body),
  );

  app.delete(
    '/profile/avatar',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: "Remove the caller's avatar", response: { 200: SessionUser, ...errors } },
    },
    async (request) => removeOwnAvatar(request.ctx()),
  );

  app.get(
    '/avatars/:id',
    {
      // Images load through <img>, which sends no bearer token; the id is random and unlisted.
      config: { access: 'public' },
      schema: { tags, summary: 'An avatar image', params: IdParams },
    },
    async (request, reply) => {
      const avatar = await getAvatar(request.ctx(), request.params.id);
      return reply
        .header('content-type', avatar.contentType)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'")
        .send(avatar.content);
    },
  );
};
