import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** OpenAPI 3 generated from the route schemas: JSON at /api/openapi.json, a reference UI at /api/docs. */
export default fp(async function openapi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Backoffice API',
        version: '1.0.0',
        description:
          'The API of the Backoffice console. Authenticate with `POST /api/auth/sign-in`, then send ' +
          '`Authorization: Bearer <accessToken>`. Errors have the body `{ statusCode, code, message, details }`; ' +
          'messages follow `Accept-Language` (en or vi). 440 means the access token expired (call ' +
          '`POST /api/auth/refresh`), 498 that the password expired.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: ({ schema, url, route }) => {
      const access = route.config?.access;
      const described = { ...(schema as Record<string, unknown>) };
      if (access) {
        described['x-access'] = access;
        if (access === 'public') described.security = [];
      }
      return { schema: described as typeof schema, url };
    },
    // Only the API and the probes belong in the document, not the pages.
    hideUntagged: true,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
});
