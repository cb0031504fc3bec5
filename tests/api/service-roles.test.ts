import t from 'tap';
import { buildTestApp, type TestApp } from '../helpers/build-app.ts';
import { projectWithMembers } from '../helpers/worklog-factories.ts';

/**
 * Service roles (GET|POST /service-roles, PUT|DELETE /service-roles/{id}): a unique name and a
 * colour of the list, kept by accounts.manage, audited; a cloud account carries one as a chip.
 */

const state = async (app: TestApp) => ({
  roles: await app.db.selectFrom('service_roles').selectAll().orderBy('id').execute(),
  links: await app.db.selectFrom('project_cloud_accounts').selectAll().orderBy('id').execute(),
  audit: (await app.db.selectFrom('audit_events').select('id').execute()).length,
});

t.test('add, rename, recolour and delete a service role, each audited', async (t) => {
  const app = await buildTestApp(t);
  const admin = await app.signIn({ permissions: ['accounts.view', 'accounts.manage'] });
  const created = await admin.inject({
    method: 'POST',
    url: '/api/service-roles',
    payload: { name: ' Production ', color: 'RED' },
  });
  t.equal(created.statusCode, 201, created.body);
  t.match(created.json(), { name: 'Production', color: 'RED', usage: 0 });
  const id = created.json().id as string;

  const changed = await admin.inject({
    method: 'PUT',
    url: `/api/service-roles/${id}`,
    payload: { name: 'Prod', color: 'PURPLE' },
  });
  t.equal(changed.statusCode, 200, changed.body);
  t.match(changed.json(), { id, name: 'Prod', color: 'PURPLE' });

  const list = await admin.inject({ method: 'GET', url: '/api/service-roles' });
  t.match(list.json(), { items: [{ id, name: 'Prod', color: 'PURPLE' }], abilities: { manage: true } });

  const removed = await admin.inject({ method: 'DELETE', url: `/api/service-roles/${id}` });
  t.equal(removed.statusCode, 204, removed.body);
  t.same((await admin.inject({ method: 'GET', url: '/api/service-roles' })).json().items, []);
  const again = await admin.inject({
    method: 'POST',
    url: '/api/service-roles',
    payload: { name: 'prod', color: 'BLUE' },
  });
  t.equal(again.statusCode, 201, 'a deleted name can be used again');

  const audit = await app.db
    .selectFrom('audit_events')
    .select(['action', 'entity_id'])
    .where('entity_type', '=', 'service_role')
    .orderBy('occurred_at')
    .execute();
  t.same(
    audit.map((a) => a.action),
    ['service_role.created', 'service_role.updated', 'service_role.deleted', 'service_role.created'],
  );
});

t.test('a repeated name (any case) or a colour off the list is refused, nothing written', async (t) => {
  const app = await buildTestApp(t);
  const admin = await app.signIn({ permissions: ['accounts.view', 'accounts.manage'] });
  const first = await admin.inject({
    method: 'POST',
    url: '/api/service-roles',
    payload: { name: 'Ops', color: 'GREEN' },
  });
  const other = await admin.inject({
    method: 'POST',
    url: '/api/service-roles',
    payload: { name: 'Dev', color: 'GRAY' },
  });
  const before = await state(app);

  const repeated = await admin.inject({
    method: 'POST',
    url: '/api/service-roles',
    payload: { name: 'OPS', color: 'BLUE' },
  });
  t.equal(repeated.statusCode, 422, repeated.body);
  t.match(repeated.json().details, [
    { field: 'name', code: 'serviceRoleNameTaken', message: 'A service role named OPS already exists' },
  ]);
  const renamed = await admin.inject({
    method: 'PUT',
    url: `/api/service-roles/${other.json().id}`,
    headers: { 'accept-language': 'vi' },
    payload: { name: 'ops' },
  });
  t.equal(renamed.statusCode, 422, renamed.body);
  t.match(renamed.json().details, [{ field: 'name', message: 'Đã có vai trò dịch vụ tên ops' }]);
  const colour = await admin.inject({
    method: 'POST',
    url: '/api/service-roles',
    payload: { name: 'QA', color: 'PINK' },
  });
  t.equal(colour.statusCode, 422, colour.body);
  t.match(colour.json().details, [
    { field: 'color', message: 'Choose one of: RED, BLUE, GREEN, ORANGE, GRAY, PURPLE' },
  ]);
  const unknown = await admin.inject({
    method: 'PUT',
    url: '/api/service-roles/00000000-0000-4000-8000-000000000000',
    payload: { color: 'RED' },
  });
  t.equal(unknown.statusCode, 404);
  t.same(await state(app), before, 'nothing written');
  t.equal(first.statusCode, 201);
});

t.test(
  'who may: accounts.manage keeps the list; a project manager reads it; others are refused',
  async (t) => {
    const app = await buildTestApp(t);
    const viewer = await app.signIn({ permissions: ['accounts.view'] });
    const manager = await app.signIn({ permissions: ['projects.view', 'projects.manage'] });
    const nobody = await app.signIn({ permissions: ['projects.view'] });
    t.equal(
      (await viewer.inject({ method: 'GET', url: '/api/service-roles' })).json().abilities.manage,
      false,
    );
    t.equal((await manager.inject({ method: 'GET', url: '/api/service-roles' })).statusCode, 200);
    t.equal((await nobody.inject({ method: 'GET', url: '/api/service-roles' })).statusCode, 403);
    const refused = await viewer.inject({
      method: 'POST',
      url: '/api/service-roles',
      payload: { name: 'X', color: 'RED' },
    });
    t.equal(refused.statusCode, 403);
    t.equal(
      await app.db
        .selectFrom('service_roles')
        .select('id')
        .execute()
        .then((r) => r.length),
      0,
    );
  },
);

t.test(
  'a cloud account carries a service role; an unknown one is refused; deleting the role clears it',
  async (t) => {
    const app = await buildTestApp(t);
    const project = await projectWithMembers(app.db, [], ['projects.view'], 'Atlas');
    const admin = await app.signIn({
      permissions: ['accounts.view', 'accounts.manage', 'projects.view', 'projects.manage'],
    });
    const role = (
      await admin.inject({
        method: 'POST',
        url: '/api/service-roles',
        payload: { name: 'Billing', color: 'ORANGE' },
      })
    ).json();
    const account = (
      await admin.inject({
        method: 'POST',
        url: `/api/projects/${project.id}/cloud-accounts`,
        payload: { service: 'AWS', accountId: '123456789012', name: 'Production', role: 'VIEWER' },
      })
    ).json();
    t.equal(account.serviceRole, null);

    const before = await state(app);
    const unknown = await admin.inject({
      method: 'PUT',
      url: `/api/cloud-accounts/${account.linkId}`,
      payload: { serviceRoleId: '00000000-0000-4000-8000-000000000000', note: 'x' },
    });
    t.equal(unknown.statusCode, 422, unknown.body);
    t.match(unknown.json().details, [
      { field: 'serviceRoleId', message: 'This service role does not exist' },
    ]);
    t.same(await state(app), before, 'nothing written');

    const tagged = await admin.inject({
      method: 'PUT',
      url: `/api/cloud-accounts/${account.linkId}`,
      payload: { serviceRoleId: role.id },
    });
    t.equal(tagged.statusCode, 200, tagged.body);
    t.same(tagged.json().serviceRole, { id: role.id, name: 'Billing', color: 'ORANGE' });
    t.match((await admin.inject({ method: 'GET', url: '/api/service-roles' })).json().items, [
      { id: role.id, usage: 1 },
    ]);

    await admin.inject({ method: 'DELETE', url: `/api/service-roles/${role.id}` });
    const list = (
      await admin.inject({ method: 'GET', url: `/api/projects/${project.id}/cloud-accounts` })
    ).json();
    t.match(list.items, [{ linkId: account.linkId, role: 'VIEWER', serviceRole: null }]);
  },
);
