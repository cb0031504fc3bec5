import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../server/db/connect.ts';

/**
 * Successful writes that leave no audit event, each with the reason. Anything else that answers
 * 2xx to a POST, PUT, PATCH or DELETE must have written an audit event carrying its request id:
 * the harness fails the test otherwise, so a service that forgets `recordAudit` is caught by every
 * test that calls it.
 */
export const UNAUDITED_WRITES: Record<string, string> = {
  'POST /api/auth/refresh': 'rotates the caller’s own refresh token; a reuse (theft) is audited',
  'PUT /api/notifications/:id/is-read': 'a person’s own read marker, not a business record',
  'POST /api/notifications/read-all': 'a person’s own read markers; audited only when some changed',
  'POST /api/auth/check-password': 'checks a candidate password against the policy; writes nothing',
  'POST /api/auth/check-reset-password-token': 'checks a link before the form shows; writes nothing',
  'POST /api/auth/check-sign-up-token': 'checks an invitation before the form shows; writes nothing',
  'POST /api/change-password/validations': 'checks the fields before the change; writes nothing',
  'POST /api/connections/test': 'tries credentials with the provider before connecting; writes nothing',
  'POST /api/connections/:id/test': 'tries a connection’s kept credentials again; writes nothing',
  'POST /api/users/import':
    'a dry run, or a file with any problem, writes nothing; a real import is audited per person (people-import.test.ts checks it)',
  'POST /api/assets/scan': 'reads the QR code of an uploaded photo; writes nothing',
  'POST /api/assets/import':
    'a dry run, or a file with any problem, writes nothing; a real import is audited per asset (assets.test.ts checks it)',
  'POST /api/documents/:id/acknowledgement':
    'acknowledging again changes nothing; the first acknowledgement is audited (documents.test.ts checks it)',
  'POST /api/privacy/retention/run':
    'a run with nobody due changes nothing; each anonymisation is audited (privacy.test.ts checks it)',
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function pathOf(request: InjectOptions): string {
  const url = typeof request.url === 'string' ? request.url : (request.path ?? '/');
  return String(url).split('?')[0]!.replace(/\/+$/, '');
}

/** The declared route (`/api/users/:id`) a concrete path (`/api/users/…`) was served by. */
function routeOf(app: FastifyInstance, method: string, path: string): string {
  const candidates = app.apiRoutes.filter((route) => route.method === method);
  const exact = candidates.find((route) => route.url === path);
  if (exact) return exact.url;
  const matching = candidates.find((route) =>
    new RegExp(`^${route.url.replace(/:\w+/g, '[^/]+')}$`).test(path),
  );
  return matching?.url ?? path;
}

/** Fails when a successful write answered without an audit event for its request. */
export async function requireAuditTrail(
  app: FastifyInstance,
  db: Db,
  request: InjectOptions,
  response: LightMyRequestResponse,
): Promise<void> {
  const method = String(request.method ?? 'GET').toUpperCase();
  if (!WRITES.has(method) || response.statusCode >= 300) return;
  const path = pathOf(request);
  if (!path.startsWith('/api/')) return;
  const route = `${method} ${routeOf(app, method, path)}`;
  if (route in UNAUDITED_WRITES) return;
  const requestId = response.headers['x-request-id'];
  const find = () =>
    db
      .selectFrom('audit_events')
      .select('id')
      .where('request_id', '=', String(requestId))
      .limit(1)
      .executeTakeFirst();
  // A constant-duration answer (forgot-password) can leave before its work, and so its audit event,
  // has finished on a busy machine: wait for the event to appear, up to a generous bound.
  let found = await find();
  for (const deadline = Date.now() + 15_000; !found && Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    found = await find();
  }
  if (!found) {
    throw new Error(
      `${route} answered ${response.statusCode} without writing an audit event (request ${requestId}). ` +
        'Record one in the service, or name the route in tests/helpers/audit-trail.ts with the reason.',
    );
  }
}
