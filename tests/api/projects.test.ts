import ExcelJS from 'exceljs';
import { randomBytes } from 'node:crypto';
import t from 'tap';
import type { Db } from '../../server/db/connect.ts';
import { resources } from '../../shared/i18n/index.ts';
import { buildTestApp } from '../helpers/build-app.ts';
import { createRole, createUser } from '../helpers/factories.ts';
import { createClient, createProject } from '../helpers/project-factories.ts';

/** Everything a project call could change: bad inputs must leave it exactly as it was. */
async function state(db: Db) {
  const projects = await db.selectFrom('projects').selectAll().orderBy('id').execute();
  const members = await db.selectFrom('project_members').selectAll().orderBy('id').execute();
  const history = await db.selectFrom('project_stage_changes').select('id').execute();
  const grants = await db
    .selectFrom('user_roles')
    .select(['user_id', 'role_id', 'project_id'])
    .orderBy('user_id')
    .orderBy('role_id')
    .execute();
  const audit = await db.selectFrom('audit_events').select('id').execute();
  return { projects, members, history: history.length, grants, audit: audit.length };
}

type Tree = { [key: string]: string | Tree };
function leaves(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leaves(value, `${prefix}${key}.`),
  );
}

t.test('the projects texts exist in English and Vietnamese alike', async (t) => {
  const en = leaves(resources.en.projects as unknown as Tree).sort();
  const vi = leaves(resources.vi.projects as unknown as Tree).sort();
  t.same(vi, en);
  for (const code of [
    'CLIENT_NAME_TAKEN',
    'PROJECT_NAME_TAKEN',
    'MEMBER_ALREADY_ACTIVE',
    'CLIENT_HAS_PROJECTS',
  ]) {
    t.ok((resources.vi.errors.codes as Record<string, string>)[code], code);
  }
});

t.test('projects API', async (t) => {
  const { signIn, db } = await buildTestApp(t);
  const admin = await signIn({ builtInRoles: ['admin'] });
  const viewer = await signIn({ permissions: ['projects.view', 'clients.view'] });
  const nobody = await signIn({ permissions: ['employees.view'] });
  // A project role as a project manager's: everything about their project, nothing company-wide.
  const managerRole = await createRole(db, {
    name: 'Project manager',
    type: 'PROJECT',
    permissions: ['projects.view', 'projects.manage', 'projects.members.manage', 'projects.export'],
  });
  const developerRole = await createRole(db, {
    name: 'Developer',
    type: 'PROJECT',
    permissions: ['projects.view', 'worklogs.log'],
  });
  const accessRole = await createRole(db, { name: 'Auditor', type: 'ACCESS', permissions: ['audit.view'] });
  const retiredRole = await createRole(db, { name: 'Retired', type: 'PROJECT', status: 'INACTIVE' });
  const gone = await createUser(db, { firstName: 'Dung', lastName: 'Phạm', status: 'INACTIVE' });

  /**
   * Each subtest's own world: two clients and the people who work for them, tagged so nothing is
   * shared with another subtest (each runs alone with --grep). An and Bình act too: they hold no
   * permission of their own, only what their project roles give.
   */
  const world = async () => {
    const tag = randomBytes(3).toString('hex');
    const anSession = await signIn({ firstName: 'An', lastName: 'Nguyễn', email: `an.${tag}@example.com` });
    const binhSession = await signIn({
      firstName: 'Bình',
      lastName: 'Trần',
      email: `binh.${tag}@example.com`,
    });
    return {
      tag,
      acme: await createClient(db, { name: `Acme ${tag}` }),
      bamboo: await createClient(db, { name: `Bamboo ${tag}` }),
      anSession,
      binhSession,
      an: anSession.user,
      binh: binhSession.user,
      chi: await createUser(db, { firstName: 'Chi', lastName: 'Lê', email: `chi.${tag}@example.com` }),
      pending: await createUser(db, {
        firstName: 'Em',
        lastName: 'Võ',
        email: `em.${tag}@example.com`,
        status: 'PENDING',
      }),
    };
  };
  type World = Awaited<ReturnType<typeof world>>;

  /** A call the setup needs to succeed: its JSON, or the test stops with the answer. */
  const must = async (call: Parameters<typeof admin.inject>[0], status = 201) => {
    const response = await admin.inject(call);
    if (response.statusCode !== status) throw new Error(`${call.method} ${call.url}: ${response.body}`);
    return response.json();
  };
  const newProject = (clientId: string, payload: Record<string, unknown>): Promise<{ id: string }> =>
    must({ method: 'POST', url: `/api/clients/${clientId}/projects`, payload });
  const addMember = (projectId: string, payload: Record<string, unknown>): Promise<{ id: string }> =>
    must({ method: 'POST', url: `/api/projects/${projectId}/members`, payload });
  const moveStage = (projectId: string, stage: string) =>
    must({ method: 'PUT', url: `/api/projects/${projectId}`, payload: { stage } }, 200);

  /**
   * Four projects (Acme: payments, portal in development, mobile in POC; Bamboo: a "Cổng thanh
   * toán" that went live) staffed as a team would be: An manages payments with Bình and Chi on it;
   * Bình is also on Bamboo's, Chi on the portal, and Em, not signed up yet, on the mobile app.
   */
  const staffed = async (w: World) => {
    const ids = {
      payments: (
        await newProject(w.acme.id, {
          name: 'Cổng thanh toán',
          description: 'Payments',
          startDate: '2026-01-05',
          endDate: '2026-12-31',
        })
      ).id,
      portal: (await newProject(w.acme.id, { name: 'Customer portal', stage: 'DEVELOPMENT' })).id,
      mobile: (await newProject(w.acme.id, { name: 'Mobile app', stage: 'POC' })).id,
      website: (await newProject(w.bamboo.id, { name: 'Cổng thanh toán', stage: 'GO_LIVE' })).id,
    };
    const members = {
      anMember: (
        await addMember(ids.payments, {
          userId: w.an.id,
          roleId: managerRole.id,
          joinedAt: '2026-01-05',
          note: 'Lead',
        })
      ).id,
      binhMember: (await addMember(ids.payments, { userId: w.binh.id, roleId: developerRole.id })).id,
      chiMember: (await addMember(ids.payments, { userId: w.chi.id, roleId: developerRole.id })).id,
      binhWebsite: (await addMember(ids.website, { userId: w.binh.id, roleId: developerRole.id })).id,
      chiPortal: (await addMember(ids.portal, { userId: w.chi.id, roleId: developerRole.id })).id,
      pendingMobile: (await addMember(ids.mobile, { userId: w.pending.id, roleId: developerRole.id })).id,
    };
    return { ...ids, ...members };
  };

  t.test('create under a client; names unique per client; the first stage starts the history', async (t) => {
    const { acme, bamboo, tag } = await world();
    const ids: Record<string, string> = {};
    const created = await admin.inject({
      method: 'POST',
      url: `/api/clients/${acme.id}/projects`,
      payload: {
        name: ' Cổng thanh toán ',
        description: 'Payments',
        startDate: '2026-01-05',
        endDate: '2026-12-31',
      },
    });
    t.equal(created.statusCode, 201, created.body);
    const project = created.json();
    ids.payments = project.id;
    t.equal(project.name, 'Cổng thanh toán');
    t.same(project.client, { id: acme.id, name: `Acme ${tag}` });
    t.equal(project.stage, 'NEGOTIATION');
    t.equal(project.status, 'ACTIVE');
    t.equal(project.totalMembers, 0);
    t.same(project.members, []);
    t.same(
      project.stageHistory.map((h: { fromStage: string | null; toStage: string }) => [
        h.fromStage,
        h.toStage,
      ]),
      [[null, 'NEGOTIATION']],
    );
    t.same(project.abilities, {
      edit: true,
      changeStage: true,
      changeStatus: true,
      delete: true,
      manageMembers: true,
      export: true,
    });

    for (const [key, clientId, payload] of [
      ['portal', acme.id, { name: 'Customer portal', stage: 'DEVELOPMENT' }],
      ['mobile', acme.id, { name: 'Mobile app', stage: 'POC' }],
      ['website', bamboo.id, { name: 'Cổng thanh toán', stage: 'GO_LIVE' }],
    ] as const) {
      const response = await admin.inject({
        method: 'POST',
        url: `/api/clients/${clientId}/projects`,
        payload,
      });
      t.equal(response.statusCode, 201, response.body);
      ids[key] = response.json().id;
    }

    const before = await state(db);
    const duplicate = await admin.inject({
      method: 'POST',
      url: `/api/clients/${acme.id}/projects`,
      payload: { name: 'CỔNG THANH TOÁN' },
    });
    t.equal(duplicate.statusCode, 409);
    t.equal(duplicate.json().code, 'PROJECT_NAME_TAKEN');
    t.equal(duplicate.json().message, 'This client already has a project named “CỔNG THANH TOÁN”.');
    const vi = await admin.inject({
      method: 'POST',
      url: `/api/clients/${acme.id}/projects`,
      headers: { 'accept-language': 'vi' },
      payload: { name: 'Mobile App' },
    });
    t.equal(vi.json().message, 'Khách hàng này đã có dự án tên “Mobile App”.');
    const renamed = await admin.inject({
      method: 'PUT',
      url: `/api/projects/${ids.portal}`,
      payload: { name: 'mobile app' },
    });
    t.equal(renamed.statusCode, 409, 'renaming onto a taken name too');
    t.same(await state(db), before, 'nothing changed');
  });

  t.test('bad inputs get every problem at once and change nothing', async (t) => {
    const { acme } = await world();
    const ids = {
      payments: (
        await newProject(acme.id, { name: 'Cổng thanh toán', startDate: '2026-01-05', endDate: '2026-12-31' })
      ).id,
    };
    const before = await state(db);
    const bad = await admin.inject({
      method: 'POST',
      url: `/api/clients/${acme.id}/projects`,
      payload: { name: ' ', startDate: '2026-02-30', stage: 'LAUNCHED', description: 'x'.repeat(5001) },
    });
    t.equal(bad.statusCode, 422);
    const fields = bad
      .json()
      .details.map((d: { field: string }) => d.field)
      .sort();
    t.same(fields, ['description', 'name', 'stage', 'startDate']);
    const order = await admin.inject({
      method: 'POST',
      url: `/api/clients/${acme.id}/projects`,
      payload: { name: 'Late', startDate: '2026-06-01', endDate: '2026-06-01' },
    });
    t.equal(order.statusCode, 422);
    t.same(order.json().details, [
      { field: 'endDate', code: 'dateOrder', message: 'End date must be after start date' },
    ]);
    const orderOnUpdate = await admin.inject({
      method: 'PUT',
      url: `/api/projects/${ids.payments}`,
      payload: { endDate: '2025-12-31' },
      headers: { 'accept-language': 'vi' },
    });
    t.equal(orderOnUpdate.statusCode, 422, 'the end is checked against the stored start');
    t.equal(orderOnUpdate.json().details[0].message, 'Ngày kết thúc phải sau ngày bắt đầu');
    const unknownClient = await admin.inject({
      method: 'POST',
      url: '/api/clients/00000000-0000-4000-8000-000000000000/projects',
      payload: { name: 'X' },
    });
    t.equal(unknownClient.statusCode, 404);
    const extra = await admin.inject({
      method: 'PUT',
      url: `/api/projects/${ids.payments}`,
      payload: { status: 'INACTIVE' },
    });
    t.equal(extra.statusCode, 422, 'the status has its own call');
    const badStatus = await admin.inject({
      method: 'PATCH',
      url: `/api/projects/${ids.payments}/status`,
      payload: { status: 'ON_HOLD' },
    });
    t.equal(badStatus.statusCode, 422);
    t.same(await state(db), before, 'nothing changed');
  });

  t.test('moving the stage keeps a history; other edits do not add to it', async (t) => {
    const { acme } = await world();
    const ids = {
      payments: (
        await newProject(acme.id, {
          name: 'Cổng thanh toán',
          description: 'Payments',
          startDate: '2026-01-05',
        })
      ).id,
    };
    const moved = await admin.inject({
      method: 'PUT',
      url: `/api/projects/${ids.payments}`,
      payload: { stage: 'SIGNED_CONTRACT', description: null },
    });
    t.equal(moved.statusCode, 200, moved.body);
    t.equal(moved.json().stage, 'SIGNED_CONTRACT');
    t.equal(moved.json().description, null, 'null clears the description');
    const again = await admin.inject({
      method: 'PUT',
      url: `/api/projects/${ids.payments}`,
      payload: { stage: 'DEVELOPMENT', startDate: null },
    });
    const history = again.json().stageHistory;
    t.same(
      history.map((h: { fromStage: string | null; toStage: string }) => [h.fromStage, h.toStage]),
      [
        [null, 'NEGOTIATION'],
        ['NEGOTIATION', 'SIGNED_CONTRACT'],
        ['SIGNED_CONTRACT', 'DEVELOPMENT'],
      ],
    );
    t.equal(history[2].changedBy.label, admin.user.email);
    const same = await admin.inject({
      method: 'PUT',
      url: `/api/projects/${ids.payments}`,
      payload: { stage: 'DEVELOPMENT', name: 'Cổng thanh toán' },
    });
    t.equal(same.json().stageHistory.length, 3, 'the same stage is no change');
  });

  t.test('members: add with a project role; the role applies in that project only', async (t) => {
    const { acme, bamboo, an, binh, chi, pending, anSession } = await world();
    const ids: Record<string, string> = {
      payments: (await newProject(acme.id, { name: 'Cổng thanh toán' })).id,
      portal: (await newProject(acme.id, { name: 'Customer portal', stage: 'DEVELOPMENT' })).id,
      mobile: (await newProject(acme.id, { name: 'Mobile app', stage: 'POC' })).id,
      website: (await newProject(bamboo.id, { name: 'Cổng thanh toán', stage: 'GO_LIVE' })).id,
    };
    const added = await admin.inject({
      method: 'POST',
      url: `/api/projects/${ids.payments}/members`,
      payload: { userId: an.id, roleId: managerRole.id, joinedAt: '2026-01-05', note: ' Lead ' },
    });
    t.equal(added.statusCode, 201, added.body);
    t.equal(added.json().person.email, an.email);
    t.same(added.json().role, { id: managerRole.id, name: 'Project manager' });
    t.equal(added.json().note, 'Lead');
    t.equal(added.json().status, 'ACTIVE');
    t.same(added.json().abilities, { edit: true, changeStatus: true, delete: true });
    ids.anMember = added.json().id;
    for (const [key, projectId, userId, roleId] of [
      ['binhMember', ids.payments, binh.id, developerRole.id],
      ['chiMember', ids.payments, chi.id, developerRole.id],
      ['binhWebsite', ids.website, binh.id, developerRole.id],
      ['chiPortal', ids.portal, chi.id, developerRole.id],
      // Someone invited but not signed up yet may join (only deactivated people may not).
      ['pendingMobile', ids.mobile, pending.id, developerRole.id],
    ] as const) {
      const response = await admin.inject({
        method: 'POST',
        url: `/api/projects/${projectId}/members`,
        payload: { userId, roleId },
      });
      t.equal(response.statusCode, 201, response.body);
      ids[key] = response.json().id;
    }

    const list = await admin.inject({ method: 'GET', url: `/api/projects/${ids.payments}/members` });
    t.same(
      list.json().items.map((m: { person: { firstName: string } }) => m.person.firstName),
      ['Chi', 'An', 'Bình'],
      'by last name',
    );
    const project = await admin.inject({ method: 'GET', url: `/api/projects/${ids.payments}` });
    t.equal(project.json().totalMembers, 3);
    t.equal(project.json().members.length, 3);

    const roles = (await anSession.inject({ method: 'GET', url: '/api/user-roles/me' })).json();
    t.same(roles.projectPermissions, {
      [ids.payments!]: ['projects.export', 'projects.manage', 'projects.members.manage', 'projects.view'],
    });
    t.same(roles.permissions, [], 'nothing company-wide');

    const filtered = await admin.inject({
      method: 'GET',
      url: `/api/users/employees?projectId=${ids.website}`,
    });
    t.same(
      filtered.json().items.map((p: { email: string }) => p.email),
      [binh.email],
      'the employee list filters by project',
    );
    const options = await anSession.inject({ method: 'GET', url: '/api/project-roles' });
    t.same(
      options.json().items.map((r: { name: string }) => r.name),
      ['Developer', 'Project manager'],
      'active PROJECT roles only',
    );
  });

  t.test('member rules: each bad input gets a clear error and changes nothing', async (t) => {
    const w = await world();
    const { an, pending } = w;
    const ids = await staffed(w);
    const before = await state(db);
    const add = (payload: Record<string, unknown>, language = 'en') =>
      admin.inject({
        method: 'POST',
        url: `/api/projects/${ids.payments}/members`,
        headers: { 'accept-language': language },
        payload,
      });
    const twice = await add({ userId: an.id, roleId: developerRole.id });
    t.equal(twice.statusCode, 409);
    t.equal(twice.json().code, 'MEMBER_ALREADY_ACTIVE');
    t.equal(twice.json().message, 'Nguyễn An is already an active member of this project.');
    const twiceVi = await add({ userId: an.id, roleId: developerRole.id }, 'vi');
    t.equal(twiceVi.json().message, 'Nguyễn An đã là thành viên đang hoạt động của dự án này.');

    const detail = async (payload: Record<string, unknown>) => {
      const response = await add(payload);
      t.equal(response.statusCode, 422, response.body);
      return response.json().details.map((d: { field: string; code: string }) => `${d.field}:${d.code}`);
    };
    t.same(await detail({ userId: pending.id, roleId: accessRole.id }), ['roleId:notProjectRole']);
    t.same(await detail({ userId: pending.id, roleId: retiredRole.id }), ['roleId:inactiveProjectRole']);
    t.same(await detail({ userId: pending.id, roleId: '00000000-0000-4000-8000-000000000000' }), [
      'roleId:unknownProjectRole',
    ]);
    t.same(await detail({ userId: gone.id, roleId: developerRole.id }), ['userId:inactivePerson']);
    t.same(
      await detail({
        userId: '00000000-0000-4000-8000-000000000000',
        roleId: accessRole.id,
        joinedAt: '2026-03-01',
        exitedAt: '2026-02-01',
      }),
      ['userId:unknownPerson', 'roleId:notProjectRole', 'exitedAt:exitBeforeJoin'],
      'every problem at once',
    );
    const exit = await add({
      userId: pending.id,
      roleId: developerRole.id,
      joinedAt: '2026-03-01',
      exitedAt: '2026-03-01',
    });
    t.equal(exit.json().details[0].message, 'Exited at must be after joined at');
    t.equal((await add({ roleId: developerRole.id })).statusCode, 422, 'the person is required');
    t.equal(
      (await add({ userId: pending.id, roleId: developerRole.id, joinedAt: 'yesterday' })).statusCode,
      422,
    );

    const update = await admin.inject({
      method: 'PUT',
      url: `/api/projects/${ids.payments}/members/${ids.anMember}`,
      payload: { exitedAt: '2026-01-01' },
    });
    t.equal(update.statusCode, 422, 'exited at is checked against the stored joined at');
    const wrongProject = await admin.inject({
      method: 'PUT',
      url: `/api/projects/${ids.portal}/members/${ids.anMember}/note`,
      payload: { note: 'x' },
    });
    t.equal(wrongProject.statusCode, 404, 'a member is reached through their own project');
    const longNote = await admin.inject({
      method: 'PUT',
      url: `/api/projects/${ids.payments}/members/${ids.anMember}/note`,
      payload: { note: 'x'.repeat(5001) },
    });
    t.equal(longNote.statusCode, 422);
    t.same(await state(db), before, 'nothing changed');
  });

  t.test('member changes: role, dates, note, status and removal; grants follow at once', async (t) => {
    const w = await world();
    const { chi } = w;
    const ids = await staffed(w);
    const grantOf = async (userId: string, projectId: string) =>
      (
        await db
          .selectFrom('user_roles')
          .select('role_id')
          .where('user_id', '=', userId)
          .where('project_id', '=', projectId)
          .execute()
      ).map((g) => g.role_id);

    const promoted = await admin.inject({
      method: 'PUT',
      url: `/api/projects/${ids.payments}/members/${ids.chiMember}`,
      payload: { roleId: managerRole.id, joinedAt: '2026-02-01', exitedAt: '2026-12-31', note: 'Back-end' },
    });
    t.equal(promoted.statusCode, 200, promoted.body);
    t.equal(promoted.json().role.name, 'Project manager');
    t.equal(promoted.json().joinedAt, '2026-02-01');
    t.same(await grantOf(chi.id, ids.payments!), [managerRole.id], 'the new role applies');

    const note = await admin.inject({
      method: 'PUT',
      url: `/api/projects/${ids.payments}/members/${ids.chiMember}/note`,
      payload: { note: null },
    });
    t.equal(note.json().note, null);

    const off = await admin.inject({
      method: 'PATCH',
      url: `/api/projects/${ids.payments}/members/${ids.chiMember}/status`,
      payload: { status: 'DEACTIVATE' },
    });
    t.equal(off.json().status, 'INACTIVE');
    t.same(await grantOf(chi.id, ids.payments!), [], 'an inactive member holds no role');

    // Chi joins again; the old membership stays as history and cannot be active beside the new one.
    const rejoined = await admin.inject({
      method: 'POST',
      url: `/api/projects/${ids.payments}/members`,
      payload: { userId: chi.id, roleId: developerRole.id, joinedAt: '2027-01-10' },
    });
    t.equal(rejoined.statusCode, 201, rejoined.body);
    const before = await state(db);
    const both = await admin.inject({
      method: 'PATCH',
      url: `/api/projects/${ids.payments}/members/${ids.chiMember}/status`,
      payload: { status: 'ACTIVE' },
    });
    t.equal(both.statusCode, 409);
    t.same(await state(db), before, 'nothing changed');

    const removed = await admin.inject({
      method: 'DELETE',
      url: `/api/projects/${ids.payments}/members/${rejoined.json().id}`,
    });
    t.equal(removed.statusCode, 204);
    t.same(await grantOf(chi.id, ids.payments!), []);
    const on = await admin.inject({
      method: 'PATCH',
      url: `/api/projects/${ids.payments}/members/${ids.chiMember}/status`,
      payload: { status: 'ACTIVE' },
    });
    t.equal(on.statusCode, 200, on.body);
    t.same(await grantOf(chi.id, ids.payments!), [managerRole.id]);
    const members = await admin.inject({ method: 'GET', url: `/api/projects/${ids.payments}/members` });
    t.equal(members.json().items.length, 3, 'the removed membership is gone from the list');
    const inactive = await admin.inject({
      method: 'GET',
      url: `/api/projects/${ids.payments}/members?status=INACTIVE`,
    });
    t.same(inactive.json().items, []);
    const audit = await db
      .selectFrom('audit_events')
      .select(['action', 'subject_id'])
      .where('entity_id', '=', ids.chiMember!)
      .orderBy('id')
      .execute();
    t.same(
      audit.map((a) => a.action),
      [
        'project-member.added',
        'project-member.updated',
        'project-member.note-updated',
        'project-member.deactivated',
        'project-member.activated',
      ],
    );
    t.ok(
      audit.every((a) => a.subject_id === chi.id),
      'the events name the person',
    );
  });

  t.test('the list: filters, counts per stage, sort and pages', async (t) => {
    const w = await world();
    const { acme, bamboo, binh, tag } = w;
    const ids = await staffed(w);
    await moveStage(ids.payments, 'DEVELOPMENT');
    // Only this subtest's clients are listed.
    const mine = `clientId=${acme.id}&clientId=${bamboo.id}`;
    const names = (response: { json(): { items: Array<{ name: string; client: { name: string } }> } }) =>
      response.json().items.map((p) => `${p.client.name.replace(` ${tag}`, '')}/${p.name}`);
    const all = await viewer.inject({ method: 'GET', url: `/api/projects/list?${mine}` });
    t.equal(all.statusCode, 200, all.body);
    t.same(names(all), [
      'Acme/Cổng thanh toán',
      'Bamboo/Cổng thanh toán',
      'Acme/Customer portal',
      'Acme/Mobile app',
    ]);
    t.same(all.json().stageCounts, {
      NEGOTIATION: 0,
      POC: 1,
      SIGNED_CONTRACT: 0,
      DEVELOPMENT: 2,
      GO_LIVE: 1,
      CLOSED: 0,
    });
    t.same(all.json().items[0].abilities, {
      edit: false,
      changeStage: false,
      changeStatus: false,
      delete: false,
      manageMembers: false,
      export: false,
    });
    const dev = await viewer.inject({
      method: 'GET',
      url: `/api/projects/list?stage=DEVELOPMENT&clientId=${acme.id}`,
    });
    t.same(names(dev), ['Acme/Cổng thanh toán', 'Acme/Customer portal']);
    t.equal(dev.json().total, 2);
    t.same(
      dev.json().stageCounts,
      { NEGOTIATION: 0, POC: 1, SIGNED_CONTRACT: 0, DEVELOPMENT: 2, GO_LIVE: 0, CLOSED: 0 },
      'counts per stage apply the other filters, not the stage',
    );
    const search = await viewer.inject({
      method: 'GET',
      url: `/api/projects/list?search=cong%20thanh&${mine}`,
    });
    t.same(names(search), ['Acme/Cổng thanh toán', 'Bamboo/Cổng thanh toán'], 'accents do not matter');
    const ofBinh = await viewer.inject({ method: 'GET', url: `/api/projects/list?memberId=${binh.id}` });
    t.same(names(ofBinh), ['Acme/Cổng thanh toán', 'Bamboo/Cổng thanh toán']);
    const bySize = await viewer.inject({
      method: 'GET',
      url: `/api/projects/list?sortField=totalMembers&sortOrder=desc&perPage=2&${mine}`,
    });
    t.same(
      bySize.json().items.map((p: { name: string; totalMembers: number }) => [p.name, p.totalMembers]),
      [
        ['Cổng thanh toán', 3],
        ['Cổng thanh toán', 1],
      ],
    );
    t.equal(bySize.json().lastPage, 2);
    const byStage = await viewer.inject({ method: 'GET', url: `/api/projects/list?sortField=stage&${mine}` });
    t.same(
      byStage.json().items.map((p: { stage: string }) => p.stage),
      ['POC', 'DEVELOPMENT', 'DEVELOPMENT', 'GO_LIVE'],
      'stages sort in their order, not alphabetically',
    );
    const byClient = await viewer.inject({
      method: 'GET',
      url: `/api/projects/list?sortField=client&sortOrder=desc&perPage=1&page=1&${mine}`,
    });
    t.same(names(byClient), ['Bamboo/Cổng thanh toán']);
    const none = await viewer.inject({ method: 'GET', url: `/api/projects/list?status=INACTIVE&${mine}` });
    t.equal(none.json().total, 0);
    t.equal(none.json().lastPage, 1);
    const bad = await viewer.inject({ method: 'GET', url: '/api/projects/list?stage=LAUNCHED&perPage=1000' });
    t.equal(bad.statusCode, 422);
  });

  t.test('a project manager of one project is refused on another', async (t) => {
    const w = await world();
    const { acme, an, binh, pending, anSession, binhSession } = w;
    const ids = await staffed(w);
    const list = await anSession.inject({ method: 'GET', url: '/api/projects/list' });
    t.same(
      list.json().items.map((p: { id: string }) => p.id),
      [ids.payments],
      'they see their project only',
    );
    t.same(list.json().items[0].abilities, {
      edit: true,
      changeStage: true,
      changeStatus: true,
      delete: false,
      manageMembers: true,
      export: true,
    });
    t.equal(
      (await anSession.inject({ method: 'GET', url: `/api/projects/${ids.payments}` })).statusCode,
      200,
    );

    const before = await state(db);
    const calls = [
      { method: 'GET', url: `/api/projects/${ids.portal}` },
      { method: 'GET', url: `/api/projects/${ids.portal}/members` },
      { method: 'PUT', url: `/api/projects/${ids.portal}`, payload: { stage: 'CLOSED' } },
      { method: 'PATCH', url: `/api/projects/${ids.portal}/status`, payload: { status: 'DEACTIVATE' } },
      {
        method: 'POST',
        url: `/api/projects/${ids.portal}/members`,
        payload: { userId: binh.id, roleId: developerRole.id },
      },
      {
        method: 'PATCH',
        url: `/api/projects/${ids.portal}/members/${ids.chiPortal}/status`,
        payload: { status: 'DEACTIVATE' },
      },
      { method: 'DELETE', url: `/api/projects/${ids.portal}/members/${ids.chiPortal}` },
      { method: 'GET', url: `/api/projects/${ids.portal}/export` },
    ] as const;
    for (const call of calls) {
      const response = await anSession.inject(call);
      t.equal(response.statusCode, 404, `${call.method} ${call.url}: project B looks like it does not exist`);
    }
    const deletion = await anSession.inject({ method: 'DELETE', url: `/api/projects/${ids.payments}` });
    t.equal(deletion.statusCode, 403, 'deleting a project is a company-wide decision');
    const create = await anSession.inject({
      method: 'POST',
      url: `/api/clients/${acme.id}/projects`,
      payload: { name: 'Side project' },
    });
    t.equal(create.statusCode, 403);

    // A developer of the project sees it but may not staff it; a company-wide viewer neither.
    const developerAdds = await binhSession.inject({
      method: 'POST',
      url: `/api/projects/${ids.payments}/members`,
      payload: { userId: pending.id, roleId: developerRole.id },
    });
    t.equal(developerAdds.statusCode, 403);
    const viewerAdds = await viewer.inject({
      method: 'POST',
      url: `/api/projects/${ids.payments}/members`,
      payload: { userId: pending.id, roleId: developerRole.id },
    });
    t.equal(viewerAdds.statusCode, 403);
    t.equal((await nobody.inject({ method: 'GET', url: '/api/projects/list' })).statusCode, 403);
    t.equal((await nobody.inject({ method: 'GET', url: `/api/users/${an.id}/projects` })).statusCode, 403);
    t.same(await state(db), before, 'nothing changed');

    // In their own project they manage it.
    const moved = await anSession.inject({
      method: 'PUT',
      url: `/api/projects/${ids.payments}`,
      payload: { stage: 'GO_LIVE' },
    });
    t.equal(moved.statusCode, 200, moved.body);
    const staffing = await anSession.inject({
      method: 'POST',
      url: `/api/projects/${ids.payments}/members`,
      payload: { userId: pending.id, roleId: developerRole.id, note: 'Tester' },
    });
    t.equal(staffing.statusCode, 201, staffing.body);
    const export_ = await anSession.inject({ method: 'GET', url: `/api/projects/${ids.payments}/export` });
    t.equal(export_.statusCode, 200);
  });

  t.test("a person's projects: their own, or those the caller may see", async (t) => {
    const w = await world();
    const { binh, chi, anSession, binhSession, tag } = w;
    const ids = await staffed(w);
    const own = await binhSession.inject({ method: 'GET', url: `/api/users/${binh.id}/projects` });
    t.equal(own.statusCode, 200, own.body);
    t.same(
      own
        .json()
        .items.map((p: { project: { name: string; client: { name: string } } }) => p.project.client.name),
      [`Acme ${tag}`, `Bamboo ${tag}`],
    );
    t.same(own.json().items[0].role, { id: developerRole.id, name: 'Developer' });
    const byManager = await anSession.inject({ method: 'GET', url: `/api/users/${binh.id}/projects` });
    t.same(
      byManager.json().items.map((p: { project: { id: string } }) => p.project.id),
      [ids.payments],
      'a project manager sees only memberships of their projects',
    );
    const byAdmin = await admin.inject({ method: 'GET', url: `/api/users/${chi.id}/projects` });
    t.same(
      byAdmin.json().items.map((p: { project: { id: string }; status: string }) => [p.project.id, p.status]),
      [
        [ids.payments, 'ACTIVE'],
        [ids.portal, 'ACTIVE'],
      ],
    );
    const missing = await admin.inject({
      method: 'GET',
      url: '/api/users/00000000-0000-4000-8000-000000000000/projects',
    });
    t.equal(missing.statusCode, 404);
  });

  t.test(
    'the project export: the project, its members with roles and dates, its stage history',
    async (t) => {
      const w = await world();
      const { an, binh, chi, pending, tag } = w;
      const ids = await staffed(w);
      // Where the project stands when its manager exports it: gone live, four members.
      for (const stage of ['SIGNED_CONTRACT', 'DEVELOPMENT', 'GO_LIVE']) await moveStage(ids.payments, stage);
      await addMember(ids.payments, { userId: pending.id, roleId: developerRole.id, note: 'Tester' });
      const response = await admin.inject({ method: 'GET', url: `/api/projects/${ids.payments}/export` });
      t.equal(response.statusCode, 200);
      t.match(response.headers['content-disposition'], /filename\*=UTF-8''C%E1%BB%95ng%20thanh%20to%C3%A1n-/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      t.same(
        workbook.worksheets.map((s) => s.name),
        ['Projects', 'Members', 'Stage history'],
      );
      const [projects, members, history] = workbook.worksheets as [
        ExcelJS.Worksheet,
        ExcelJS.Worksheet,
        ExcelJS.Worksheet,
      ];
      t.same((projects.getRow(2).values as unknown[]).slice(1, 3), [`Acme ${tag}`, 'Cổng thanh toán']);
      t.equal(projects.getRow(2).getCell(6).value, 'Go live');
      t.equal(projects.getRow(2).getCell(8).value, 4, 'total members');
      const emails = [];
      for (let row = 2; row <= members.rowCount; row++) emails.push(members.getRow(row).getCell(3).value);
      t.same([...emails].sort(), [an.email, binh.email, chi.email, pending.email].sort());
      const anRow = members.getRow(emails.indexOf(an.email) + 2);
      t.equal(anRow.getCell(5).value, 'Project manager');
      t.same(anRow.getCell(7).value, new Date('2026-01-05T00:00:00Z'), 'dates are real dates');
      t.equal(history.rowCount, 5, 'the header and four stages');
      t.equal(history.getRow(5).getCell(4).value, 'Go live');
      const audit = await db
        .selectFrom('audit_events')
        .select('action')
        .where('entity_id', '=', ids.payments!)
        .where('action', '=', 'project.exported')
        .execute();
      t.equal(audit.length, 1, 'the export is recorded');
    },
  );

  t.test(
    'deactivating a project deactivates all its members at once; activating brings nobody back',
    async (t) => {
      const w = await world();
      const { pending, anSession } = w;
      const ids = await staffed(w);
      await addMember(ids.payments, { userId: pending.id, roleId: developerRole.id });
      const anRoles = async () =>
        (await anSession.inject({ method: 'GET', url: '/api/user-roles/me' })).json().projectPermissions;
      t.ok((await anRoles())[ids.payments!], 'An manages the project');

      const off = await admin.inject({
        method: 'PATCH',
        url: `/api/projects/${ids.payments}/status`,
        payload: { status: 'DEACTIVATE' },
      });
      t.equal(off.statusCode, 200, off.body);
      t.equal(off.json().status, 'INACTIVE');
      t.equal(off.json().totalMembers, 0);
      t.same(
        off.json().members.map((m: { status: string }) => m.status),
        ['INACTIVE', 'INACTIVE', 'INACTIVE', 'INACTIVE'],
      );
      const grants = await db
        .selectFrom('user_roles')
        .select('id')
        .where('project_id', '=', ids.payments!)
        .execute();
      t.same(grants, [], 'no project role of the project applies any more');
      t.same(await anRoles(), {}, 'the same session lost the project role at once');
      t.equal(
        (await anSession.inject({ method: 'GET', url: `/api/projects/${ids.payments}` })).statusCode,
        403,
        'An holds no project permission anywhere now: the gate refuses',
      );
      const audit = await db
        .selectFrom('audit_events')
        .select(['after'])
        .where('entity_id', '=', ids.payments!)
        .where('action', '=', 'project.deactivated')
        .executeTakeFirstOrThrow();
      t.equal((audit.after as { deactivatedMembers: unknown[] }).deactivatedMembers.length, 4);

      const before = await state(db);
      const join = await admin.inject({
        method: 'POST',
        url: `/api/projects/${ids.payments}/members`,
        payload: { userId: pending.id, roleId: developerRole.id },
      });
      t.equal(join.statusCode, 422);
      t.match(join.json().details, [{ field: 'projectId', code: 'inactiveProject' }]);
      const revive = await admin.inject({
        method: 'PATCH',
        url: `/api/projects/${ids.payments}/members/${ids.anMember}/status`,
        payload: { status: 'ACTIVE' },
      });
      t.equal(revive.statusCode, 422, 'nobody is active in an inactive project');
      t.same(await state(db), before, 'nothing changed');

      const on = await admin.inject({
        method: 'PATCH',
        url: `/api/projects/${ids.payments}/status`,
        payload: { status: 'ACTIVE' },
      });
      t.equal(on.json().status, 'ACTIVE');
      t.equal(on.json().totalMembers, 0, 'members come back one by one');
      const back = await admin.inject({
        method: 'PATCH',
        url: `/api/projects/${ids.payments}/members/${ids.anMember}/status`,
        payload: { status: 'ACTIVE' },
      });
      t.equal(back.statusCode, 200);
      t.ok((await anRoles())[ids.payments!], 'the role applies again');
    },
  );

  t.test('deleting a project: admins only; members deactivated; then the client can go', async (t) => {
    const w = await world();
    const { acme, chi, tag } = w;
    const ids = await staffed(w);
    const chiRoles = async () =>
      (
        await db
          .selectFrom('user_roles')
          .select('project_id')
          .where('user_id', '=', chi.id)
          .where('project_id', '=', ids.portal!)
          .execute()
      ).length;
    t.equal(await chiRoles(), 1);
    const deleted = await admin.inject({ method: 'DELETE', url: `/api/projects/${ids.portal}` });
    t.equal(deleted.statusCode, 204);
    t.equal(await chiRoles(), 0, 'the members’ roles went with it');
    const member = await db
      .selectFrom('project_members')
      .select('status')
      .where('id', '=', ids.chiPortal!)
      .executeTakeFirstOrThrow();
    t.equal(member.status, 'INACTIVE');
    t.equal((await admin.inject({ method: 'GET', url: `/api/projects/${ids.portal}` })).statusCode, 404);
    const list = await admin.inject({ method: 'GET', url: `/api/projects/list?clientId=${acme.id}` });
    t.equal(list.json().total, 2);
    const again = await admin.inject({
      method: 'POST',
      url: `/api/clients/${acme.id}/projects`,
      payload: { name: 'Customer portal' },
    });
    t.equal(again.statusCode, 201, 'a deleted project frees its name');

    const lonely = await createClient(db, { name: `Lonely ${tag}` });
    const only = await createProject(db, lonely.id, { name: 'Only one' });
    t.equal((await admin.inject({ method: 'DELETE', url: `/api/clients/${lonely.id}` })).statusCode, 422);
    t.equal((await admin.inject({ method: 'DELETE', url: `/api/projects/${only.id}` })).statusCode, 204);
    t.equal((await admin.inject({ method: 'DELETE', url: `/api/clients/${lonely.id}` })).statusCode, 204);
  });
});
