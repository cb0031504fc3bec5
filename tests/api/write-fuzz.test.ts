import t, { type Test } from 'tap';
import { Value } from 'typebox/value';
import type { TSchema } from 'typebox';
import { buildTestApp } from '../helpers/build-app.ts';
import { createRole, createUser } from '../helpers/factories.ts';

/**
 * Every JSON write route of the running app (from its route table, so new routes are covered without
 * touching this file), called by a person holding every permission, with each field of its body
 * schema replaced by bad input: a NUL byte, a wrong type, a string of invisible characters, an
 * oversized string (and, for lists, an item of each). Every answer is a 4xx with the documented error
 * body, never a 5xx and never a success, and no audit event is written.
 */
t.setTimeout(600_000);

type Schema = Record<string, unknown> & {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  minItems?: number;
};

const NUL = 'a\u0000b';
const INVISIBLE = '\u200b\u2060\ufeff\u3164';
const OVERSIZED = 'x'.repeat(70_000);

/** Routes whose answer to one kind of bad input is rightly a success, and why. */
const ANSWERED: Record<string, Record<string, string[]>> = {
  // A strength check of a candidate: a candidate of invisible characters meets no rule ({valid: false}).
  'POST /api/auth/check-password': { password: ['invisible'] },
  // An amount is a whole number of VND or the text typed ('1.250.000'): 12345 is a good amount.
  'POST /api/invoices': { amount: ['wrong'] },
  // A multipart form: its booleans arrive as text ('true'/'false'); a JSON body has no file, so the
  // form answers 422 on the file before it reads the other fields.
  'POST /api/documents': { requiresAcknowledgement: ['wrong'] },
};

interface Fixtures {
  userId: string;
  roleId: string;
  departmentId: string;
  notificationId: string;
  accessRequestId: string;
}

/** A concrete URL: each `:param` becomes the record its route is about. */
function concrete(url: string, fixtures: Fixtures): string {
  const area = url.split('/')[2];
  const byArea: Record<string, string> = {
    users: fixtures.userId,
    roles: fixtures.roleId,
    'access-roles': fixtures.roleId,
    departments: fixtures.departmentId,
    notifications: fixtures.notificationId,
    'access-requests': fixtures.accessRequestId,
  };
  return url.replace(/:(\w+)/g, (_m, name: string) => {
    if (name === 'userId') return fixtures.userId;
    if (name === 'kind') return area === 'legal-pages' ? 'privacy' : 'NDA_FILE';
    if (name === 'language') return 'vi';
    if (name === 'check') return 'STALE_ACCESS_REQUESTS';
    return byArea[area!] ?? '00000000-0000-4000-8000-000000000000';
  });
}

/** Valid values of fields whose pattern a plain word does not meet, by field name. */
const PATTERNED: Record<string, unknown> = {
  path: '/employee-management',
  code: '123456',
  phoneNumber: '+84 901234567',
  carryForwardExpires: '03-31',
  startTime: '18:00',
  endTime: '19:00',
  month: '2026-11',
};

/** A valid value for `schema`: the required fields only, so each bad field is the only thing wrong. */
function validValue(schema: Schema, name: string, fixtures: Fixtures): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) {
    const option = schema.anyOf.find((o) => o.type !== 'null') ?? schema.anyOf[0]!;
    return validValue(option, name, fixtures);
  }
  switch (schema.type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const key of schema.required ?? [])
        value[key] = validValue(schema.properties![key]!, key, fixtures);
      return value;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => validValue(schema.items!, name, fixtures));
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'null':
      return null;
    case 'string':
      if (name in PATTERNED) return PATTERNED[name];
      // Base64url values of the secrets area (sealed by the browser): a fixed length or any length.
      if (schema.pattern === '^[A-Za-z0-9_-]+$') return 'QUJDRA';
      {
        const fixed = /^\^\[A-Za-z0-9_-\]\{(\d+)\}\$$/.exec(schema.pattern ?? '');
        if (fixed) return 'A'.repeat(Number(fixed[1]));
      }
      if (schema.format === 'email') return 'fuzz-nobody@example.com';
      if (schema.format === 'uuid') return name === 'roleId' ? fixtures.roleId : fixtures.userId;
      if (schema.format === 'date') return '2020-01-02';
      if (schema.format === 'date-time') return new Date().toISOString();
      return 'Fuzz-Passw0rd!';
    default:
      return 'Fuzz';
  }
}

function typesOf(schema: Schema): string[] {
  if (schema.anyOf) return schema.anyOf.flatMap(typesOf);
  if (schema.enum || schema.const !== undefined) return ['string'];
  return schema.type ? [schema.type] : [];
}

/** The bad values to try in a field of this schema, each with its kind. */
function badValues(schema: Schema): Array<{ kind: string; value: unknown }> {
  const types = typesOf(schema);
  const bad: Array<{ kind: string; value: unknown }> = [
    { kind: 'nul', value: NUL },
    { kind: 'invisible', value: INVISIBLE },
    { kind: 'oversized', value: OVERSIZED },
  ];
  if (types.includes('string')) {
    bad.push({ kind: 'wrong type (number)', value: 12345 }, { kind: 'wrong type (list)', value: ['a'] });
  } else if (types.includes('boolean')) {
    bad.push({ kind: 'wrong type (text)', value: 'true' });
  } else if (types.includes('integer') || types.includes('number')) {
    bad.push({ kind: 'wrong type (text)', value: '5' });
  }
  if (types.includes('array')) {
    bad.push(
      { kind: 'nul item', value: [NUL] },
      { kind: 'invisible item', value: [INVISIBLE] },
      { kind: 'oversized item', value: [OVERSIZED] },
      { kind: 'wrong type item', value: [12345] },
    );
  }
  return bad;
}

function checkErrorBody(t: Test, label: string, status: number, body: Record<string, unknown>) {
  t.equal(body.statusCode, status, `${label}: statusCode in the body`);
  t.type(body.code, 'string', `${label}: code`);
  t.ok(typeof body.message === 'string' && body.message.length > 0, `${label}: message`);
  if (Array.isArray(body.details)) {
    for (const detail of body.details as Array<Record<string, unknown>>) {
      t.ok(
        typeof detail.field === 'string' &&
          typeof detail.code === 'string' &&
          typeof detail.message === 'string',
        `${label}: each detail has field, code and message`,
      );
    }
  }
}

t.test('bad input to every JSON write route: 4xx, the documented body, nothing audited', async (t) => {
  const { app, db, signIn } = await buildTestApp(t);
  const admin = await signIn({ builtInRoles: ['admin'] });
  const person = await createUser(db);
  const role = await createRole(db, { type: 'ACCESS', permissions: [] });
  const department = await db
    .insertInto('departments')
    .values({ name: 'Fuzz department' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const notification = await db
    .insertInto('notifications')
    .values({ user_id: admin.user.id, type: 'ANNOUNCEMENT', data: JSON.stringify({ message: 'hi' }) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const accessRequest = await db
    .insertInto('access_requests')
    .values({ requester_id: person.id, path: '/employee-management', permission: null, reason: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const fixtures: Fixtures = {
    userId: person.id,
    roleId: role.id,
    departmentId: department.id,
    notificationId: notification.id,
    accessRequestId: accessRequest.id,
  };
  const auditCount = async () =>
    Number(
      (
        await db
          .selectFrom('audit_events')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  const routes = app.apiRoutes.filter(
    (route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) && route.body,
  );
  t.ok(routes.length >= 25, `found ${routes.length} JSON write routes`);
  let address = 0;
  let requests = 0;

  for (const route of routes) {
    const name = `${route.method} ${route.url}`;
    const schema = route.body as Schema;
    const base = validValue(schema, 'body', fixtures) as Record<string, unknown>;
    t.ok(
      Value.Check(schema as unknown as TSchema, base),
      `${name}: the generated base body is valid (extend PATTERNED for a new pattern): ${JSON.stringify(base)}`,
    );
    const before = await auditCount();
    for (const [field, fieldSchema] of Object.entries(schema.properties ?? {})) {
      for (const { kind, value } of badValues(fieldSchema)) {
        const label = `${name} ${field} ${kind}`;
        const response = await admin.inject({
          method: route.method as 'POST',
          url: concrete(route.url, fixtures),
          payload: { ...base, [field]: value },
          // Per-address limits (sign-in, forgot-password) would answer 429 before looking at the body.
          remoteAddress: `10.66.${Math.floor(address / 250)}.${address++ % 250}`,
        });
        requests++;
        if (ANSWERED[name]?.[field]?.includes(kind.split(' ')[0]!)) {
          t.ok(response.statusCode < 500, `${label}: answered (${response.statusCode})`);
          continue;
        }
        if (response.statusCode < 400 || response.statusCode >= 500) {
          t.fail(`${label}: answered ${response.statusCode} ${response.body.slice(0, 300)}`);
          continue;
        }
        checkErrorBody(t, label, response.statusCode, response.json());
        if (response.json().code === 'VALIDATION_FAILED') {
          const details = response.json().details as Array<{ field: string }>;
          t.ok(
            details.some((d) => d.field === field || d.field.startsWith(`${field}.`)),
            `${label}: the error names ${field} (${JSON.stringify(details)})`,
          );
        }
      }
    }
    t.equal(await auditCount(), before, `${name}: no audit event for bad input`);
  }
  t.comment(`${requests} requests to ${routes.length} routes`);
});
