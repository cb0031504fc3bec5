import t from 'tap';
import { buildTestApp, type TestApp } from '../helpers/build-app.ts';
import { projectWithMembers } from '../helpers/worklog-factories.ts';

/**
 * A project's cloud accounts (spec: /projects/{id}/cloud-accounts …, /cloud-accounts/{id}): an
 * account ID in its service's shape (AWS 12 digits, Azure a GUID) or a translated refusal with
 * nothing written; roles; known accounts selected for another project; status and removal.
 */

const state = async (app: TestApp) => ({
  accounts: await app.db.selectFrom('cloud_accounts').selectAll().orderBy('id').execute(),
  links: await app.db.selectFrom('project_cloud_accounts').selectAll().orderBy('id').execute(),
  audit: (await app.db.selectFrom('audit_events').select('id').execute()).length,
});

t.test('an account ID in the wrong shape for its service is refused, nothing written', async (t) => {
  const app = await buildTestApp(t);
  const project = await projectWithMembers(app.db, [], ['projects.view'], 'Atlas');
  const manager = await app.signIn({ permissions: ['projects.view', 'projects.manage'] });
  const before = await state(app);
  const url = `/api/projects/${project.id}/cloud-accounts`;
  for (const [service, accountId, message] of [
    ['AWS', '12345678901', 'An AWS account ID has 12 digits'],
    ['AWS', '0f8fad5b-d9cb-469f-a165-70867728950e', 'An AWS account ID has 12 digits'],
    [
      'AZURE',
      '123456789012',
      'An Azure subscription ID is a GUID, e.g. 0f8fad5b-d9cb-469f-a165-70867728950e',
    ],
  ] as const) {
    const response = await manager.inject({
      method: 'POST',
      url,
      payload: { service, accountId, name: 'Production', role: 'VIEWER' },
    });
    t.equal(response.statusCode, 422, response.body);
    t.match(response.json().details, [{ field: 'accountId', message }]);
  }
  const vi = await manager.inject({
    method: 'POST',
    url,
    headers: { 'accept-language': 'vi' },
    payload: { service: 'AWS', accountId: 'abc', name: 'Production', role: 'VIEWER' },
  });
  t.match(vi.json().details, [{ field: 'accountId', message: 'ID tài khoản AWS gồm 12 chữ số' }]);
  t.same(await state(app), before, 'nothing written');
});

t.test('add, change, select for another project, deactivate and remove', async (t) => {
  const app = await buildTestApp(t);
  const atlas = await projectWithMembers(app.db, [], ['projects.view'], 'Atlas');
  const borealis = await projectWithMembers(app.db, [], ['projects.view'], 'Borealis');
  const manager = await app.signIn({ permissions: ['projects.view', 'projects.manage'] });

  const aws = await manager.inject({
    method: 'POST',
    url: `/api/projects/${atlas.id}/cloud-accounts`,
    payload: {
      service: 'AWS',
      accountId: '123456789012',
      name: 'Production',
      role: 'ADMINISTRATOR',
      note: 'Root',
    },
  });
  t.equal(aws.statusCode, 201, aws.body);
  t.match(aws.json(), {
    service: 'AWS',
    accountId: '123456789012',
    role: 'ADMINISTRATOR',
    note: 'Root',
    status: 'ACTIVE',
  });
  const azure = await manager.inject({
    method: 'POST',
    url: `/api/projects/${atlas.id}/cloud-accounts`,
    payload: {
      service: 'AZURE',
      accountId: '0F8FAD5B-D9CB-469F-A165-70867728950E',
      name: 'Staging',
      role: 'DEVELOPER',
    },
  });
  t.equal(azure.statusCode, 201, azure.body);
  t.equal(azure.json().accountId, '0f8fad5b-d9cb-469f-a165-70867728950e');

  const twice = await manager.inject({
    method: 'POST',
    url: `/api/projects/${atlas.id}/cloud-accounts`,
    payload: { service: 'AWS', accountId: '123456789012', name: 'Again', role: 'VIEWER' },
  });
  t.equal(twice.statusCode, 422);
  t.match(twice.json().details, [
    { field: 'accountId', message: 'Production is already used by this project' },
  ]);

  const changed = await manager.inject({
    method: 'PUT',
    url: `/api/cloud-accounts/${aws.json().linkId}`,
    payload: { role: 'SECURITY_AUDITOR', note: null, name: 'Prod' },
  });
  t.equal(changed.statusCode, 200, changed.body);
  t.match(changed.json(), { role: 'SECURITY_AUDITOR', note: null, name: 'Prod' });

  const offered = await manager.inject({
    method: 'GET',
    url: `/api/projects/${borealis.id}/cloud-accounts/select-accounts`,
  });
  t.same(
    offered.json().items.map((a: { accountId: string }) => a.accountId),
    ['123456789012', '0f8fad5b-d9cb-469f-a165-70867728950e'],
  );
  const selected = await manager.inject({
    method: 'POST',
    url: `/api/projects/${borealis.id}/cloud-accounts/select-accounts`,
    payload: { cloudAccountIds: [aws.json().id], role: 'POWER_USER' },
  });
  t.equal(selected.statusCode, 200, selected.body);
  t.match(selected.json().items, [{ accountId: '123456789012', role: 'POWER_USER' }]);
  const before = await state(app);
  const again = await manager.inject({
    method: 'POST',
    url: `/api/projects/${borealis.id}/cloud-accounts/select-accounts`,
    payload: { cloudAccountIds: [aws.json().id], role: 'POWER_USER' },
  });
  t.equal(again.statusCode, 422);
  t.same(await state(app), before);

  const off = await manager.inject({
    method: 'PATCH',
    url: `/api/projects/${atlas.id}/cloud-accounts/${aws.json().id}/status`,
    payload: { status: 'INACTIVE' },
  });
  t.equal(off.json().status, 'INACTIVE');
  const removed = await manager.inject({
    method: 'DELETE',
    url: `/api/projects/${atlas.id}/cloud-accounts/${aws.json().id}`,
  });
  t.equal(removed.statusCode, 204);
  const list = await manager.inject({ method: 'GET', url: `/api/projects/${atlas.id}/cloud-accounts` });
  t.same(
    list.json().items.map((a: { name: string }) => a.name),
    ['Staging'],
  );
  t.equal((await app.db.selectFrom('cloud_accounts').select('id').execute()).length, 2, 'the account stays');

  const viewer = await app.signIn({ permissions: ['projects.view'] });
  const refused = await viewer.inject({
    method: 'POST',
    url: `/api/projects/${atlas.id}/cloud-accounts`,
    payload: { service: 'AWS', accountId: '210987654321', name: 'Dev', role: 'VIEWER' },
  });
  t.equal(refused.statusCode, 403);
});
