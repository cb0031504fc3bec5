import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { buildTestApp } from '../helpers/build-app.ts';
import {
  createDepartment,
  documentForm,
  documentState,
  docxFile,
  PLAIN_ZIP,
  pdfFile,
} from '../helpers/document-factories.ts';
import { createRole } from '../helpers/factories.ts';
import { HTML, storedFiles } from '../helpers/invoice-factories.ts';

/**
 * Company documents through the API (issue 21): publishing with a file checked by content, versions,
 * who sees what (everyone, roles, departments, enforced in the service), read acknowledgements per
 * version, tracking and reminders, and every refusal changing nothing.
 */

/** A form sent by someone reading Vietnamese. */
function viForm(...args: Parameters<typeof documentForm>) {
  const form = documentForm(...args);
  return { ...form, headers: { ...form.headers, 'accept-language': 'vi' } };
}

async function world(t: Parameters<typeof buildTestApp>[0]) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-documents-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const app = await buildTestApp(t, { DATA_DIR: dataDir });
  const hr = await app.signIn({ permissions: ['documents.view', 'documents.manage'], firstName: 'Hoa' });
  const employee = await app.signIn({ permissions: ['documents.view'], firstName: 'Lan', lastName: 'Pham' });
  return { app, dataDir, hr, employee };
}

type World = Awaited<ReturnType<typeof world>>;

async function publish(
  w: World,
  fields: Record<string, string | string[] | undefined> = {},
  files = [pdfFile()],
) {
  const response = await w.hr.inject({
    method: 'POST',
    url: '/api/documents',
    ...documentForm(
      {
        title: 'Code of conduct',
        category: 'POLICY',
        visibility: 'EVERYONE',
        requiresAcknowledgement: 'true',
        ...fields,
      },
      files,
    ),
  });
  if (response.statusCode !== 201) throw new Error(`publish failed: ${response.body}`);
  return response.json<{ id: string; currentVersion: { id: string; number: number } }>();
}

t.test(
  'a policy requiring acknowledgement: to-read list, preview, acknowledge, tracking, reminder',
  async (t) => {
    const w = await world(t);
    const other = await w.app.signIn({ permissions: ['documents.view'], firstName: 'Minh' });
    const document = await publish(w);

    const notices = await w.app.db
      .selectFrom('notifications')
      .select(['user_id', 'type', 'data'])
      .where('type', '=', 'DOCUMENT_TO_ACKNOWLEDGE')
      .execute();
    t.ok(
      notices.some((n) => n.user_id === w.employee.user.id),
      'the employee was told',
    );
    t.notOk(
      notices.some((n) => n.user_id === w.hr.user.id),
      'the publisher was not',
    );

    const count = await w.employee.inject({ method: 'GET', url: '/api/documents/to-acknowledge/count' });
    t.same(count.json(), { count: 1 });
    const toRead = await w.employee.inject({ method: 'GET', url: '/api/documents?toAcknowledge=true' });
    t.equal(toRead.json().items[0].id, document.id);
    t.equal(toRead.json().items[0].acknowledgedAt, null);
    t.equal(toRead.json().items[0].acknowledgedCount, null, 'readers do not see the tracking');

    const file = await w.employee.inject({ method: 'GET', url: `/api/documents/${document.id}/file` });
    t.equal(file.statusCode, 200);
    t.equal(file.headers['content-type'], 'application/pdf');
    t.match(String(file.headers['content-disposition']), /^inline;/);
    t.ok(file.rawPayload.subarray(0, 5).equals(Buffer.from('%PDF-')));

    const ack = await w.employee.inject({
      method: 'POST',
      url: `/api/documents/${document.id}/acknowledgement`,
    });
    t.equal(ack.statusCode, 200);
    t.equal(ack.json().versionId, document.currentVersion.id);
    const again = await w.employee.inject({
      method: 'POST',
      url: `/api/documents/${document.id}/acknowledgement`,
    });
    t.equal(
      again.json().acknowledgedAt,
      ack.json().acknowledgedAt,
      'acknowledging twice keeps the first moment',
    );
    const events = await w.app.db
      .selectFrom('audit_events')
      .select('id')
      .where('action', '=', 'document.acknowledged')
      .execute();
    t.equal(events.length, 1, 'one audit event for one acknowledgement');
    t.same((await w.employee.inject({ method: 'GET', url: '/api/documents/to-acknowledge/count' })).json(), {
      count: 0,
    });

    const tracking = await w.hr.inject({
      method: 'GET',
      url: `/api/documents/${document.id}/acknowledgements`,
    });
    t.equal(tracking.statusCode, 200);
    const body = tracking.json();
    t.equal(body.acknowledgedCount, 1);
    t.ok(body.pendingCount >= 2, 'the others (HR, Minh) have not');
    const pending = await w.hr.inject({
      method: 'GET',
      url: `/api/documents/${document.id}/acknowledgements?status=PENDING`,
    });
    t.ok(pending.json().items.some((row: { userId: string }) => row.userId === other.user.id));
    t.notOk(pending.json().items.some((row: { userId: string }) => row.userId === w.employee.user.id));

    const reminded = await w.hr.inject({ method: 'POST', url: `/api/documents/${document.id}/reminders` });
    t.equal(reminded.statusCode, 200);
    const reminders = await w.app.db
      .selectFrom('notifications')
      .select('user_id')
      .where('type', '=', 'DOCUMENT_ACKNOWLEDGEMENT_REMINDER')
      .execute();
    t.ok(
      reminders.some((r) => r.user_id === other.user.id),
      'the one who has not read is reminded',
    );
    t.notOk(
      reminders.some((r) => r.user_id === w.employee.user.id),
      'the one who has is not',
    );
    t.equal(reminded.json().remindedCount, reminders.length);

    const list = await w.hr.inject({ method: 'GET', url: '/api/documents' });
    t.equal(list.json().items[0].acknowledgedCount, 1, 'HR sees the progress');
  },
);

t.test('a new version keeps the old one and must be acknowledged again', async (t) => {
  const w = await world(t);
  const document = await publish(w);
  await w.employee.inject({ method: 'POST', url: `/api/documents/${document.id}/acknowledgement` });

  const upload = await w.hr.inject({
    method: 'POST',
    url: `/api/documents/${document.id}/versions`,
    ...documentForm({ note: 'Section 3 rewritten' }, [docxFile('conduct-v2.docx')]),
  });
  t.equal(upload.statusCode, 201);
  t.equal(upload.json().currentVersion.number, 2);
  t.equal(upload.json().versions.length, 2);
  t.equal(upload.json().versions[1].id, document.currentVersion.id, 'version 1 stays');

  const count = await w.employee.inject({ method: 'GET', url: '/api/documents/to-acknowledge/count' });
  t.same(count.json(), { count: 1 }, 'to read again');
  const old = await w.employee.inject({
    method: 'GET',
    url: `/api/documents/${document.id}/versions/${document.currentVersion.id}/file?download=true`,
  });
  t.equal(old.statusCode, 200);
  t.match(String(old.headers['content-disposition']), /^attachment;/);

  const v1 = await w.hr.inject({
    method: 'GET',
    url: `/api/documents/${document.id}/acknowledgements?versionId=${document.currentVersion.id}`,
  });
  t.equal(v1.json().acknowledgedCount, 1, 'version 1 acknowledgements are kept per version');
  const v2 = await w.hr.inject({ method: 'GET', url: `/api/documents/${document.id}/acknowledgements` });
  t.equal(v2.json().acknowledgedCount, 0);
  t.equal(v2.json().versionNumber, 2);
});

t.test('who sees a document is enforced in the service', async (t) => {
  const w = await world(t);
  const sales = await createDepartment(w.app.db, 'Sales');
  await w.app.db
    .updateTable('users')
    .set({ department_id: sales })
    .where('id', '=', w.employee.user.id)
    .execute();
  const outsider = await w.app.signIn({ permissions: ['documents.view'] });
  const byDepartment = await publish(w, {
    title: 'Sales commission',
    visibility: 'DEPARTMENTS',
    departmentIds: [sales],
  });
  const role = await createRole(w.app.db, { type: 'ACCESS', permissions: ['documents.view'] });
  const byRole = await publish(w, { title: 'Team leads handbook', visibility: 'ROLES', roleIds: [role.id] });

  const seen = await w.employee.inject({ method: 'GET', url: '/api/documents' });
  t.same(
    seen.json().items.map((d: { title: string }) => d.title),
    ['Sales commission'],
    'a member of the department sees its document, not the role’s',
  );
  const hidden = await outsider.inject({ method: 'GET', url: `/api/documents/${byDepartment.id}` });
  t.equal(hidden.statusCode, 404, 'another document is as if it did not exist');
  const hiddenFile = await outsider.inject({ method: 'GET', url: `/api/documents/${byDepartment.id}/file` });
  t.equal(hiddenFile.statusCode, 404);
  const hiddenAck = await outsider.inject({
    method: 'POST',
    url: `/api/documents/${byRole.id}/acknowledgement`,
  });
  t.equal(hiddenAck.statusCode, 404);
  t.equal((await outsider.inject({ method: 'GET', url: '/api/documents' })).json().total, 0);

  await w.app.db
    .insertInto('user_roles')
    .values({ user_id: outsider.user.id, role_id: role.id, project_id: null })
    .execute();
  const nowSeen = await outsider.inject({ method: 'GET', url: `/api/documents/${byRole.id}` });
  t.equal(nowSeen.statusCode, 200, 'a holder of the role sees it');

  const tracking = await w.hr.inject({
    method: 'GET',
    url: `/api/documents/${byDepartment.id}/acknowledgements`,
  });
  t.same(
    tracking.json().items.map((row: { userId: string }) => row.userId),
    [w.employee.user.id],
    'the audience is the department’s members',
  );
  const forbidden = await w.employee.inject({
    method: 'GET',
    url: `/api/documents/${byDepartment.id}/acknowledgements`,
  });
  t.equal(forbidden.statusCode, 403, 'only managers track');
});

t.test('bad input gets its translated message and changes nothing', async (t) => {
  const w = await world(t);
  await publish(w, { title: 'Existing' });
  const before = await documentState(w.app.db);
  const filesBefore = storedFiles(w.dataDir);
  const cases: Array<{
    name: string;
    fields: Record<string, string | string[]>;
    files?: Parameters<typeof documentForm>[1];
    status: number;
    field: string;
    message: RegExp;
  }> = [
    {
      name: 'a regulation without acknowledgement',
      fields: { category: 'REGULATION', requiresAcknowledgement: 'false' },
      status: 422,
      field: 'requiresAcknowledgement',
      message: /regulation always requires acknowledgement/,
    },
    {
      name: 'roles without a role',
      fields: { visibility: 'ROLES' },
      status: 422,
      field: 'roleIds',
      message: /Choose at least one/,
    },
    {
      name: 'an unknown department',
      fields: { visibility: 'DEPARTMENTS', departmentIds: ['00000000-0000-4000-8000-000000000000'] },
      status: 422,
      field: 'departmentIds',
      message: /does not exist|Invalid/,
    },
    { name: 'no file', fields: {}, files: [], status: 422, field: 'file', message: /Choose a file/ },
    {
      name: 'an HTML page named .pdf',
      fields: {},
      files: [{ fileName: 'policy.pdf', type: 'application/pdf', data: HTML }],
      status: 415,
      field: 'file',
      message: /Unsupported file type/,
    },
    {
      name: 'a ZIP that is no office document',
      fields: {},
      files: [{ fileName: 'policy.docx', type: 'application/zip', data: PLAIN_ZIP }],
      status: 415,
      field: 'file',
      message: /Unsupported file type/,
    },
    {
      name: 'a taken title',
      fields: { title: ' existing ' },
      status: 409,
      field: 'title',
      message: /already in use/,
    },
    { name: 'a blank title', fields: { title: '   ' }, status: 422, field: 'title', message: /./ },
  ];
  for (const c of cases) {
    const response = await w.hr.inject({
      method: 'POST',
      url: '/api/documents',
      ...documentForm(
        {
          title: 'New policy',
          category: 'POLICY',
          visibility: 'EVERYONE',
          requiresAcknowledgement: 'true',
          ...c.fields,
        },
        c.files ?? [pdfFile()],
      ),
    });
    t.equal(response.statusCode, c.status, c.name);
    const details = response.json().details as Array<{ field: string; message: string }>;
    const problem = details.find((d) => d.field === c.field);
    t.ok(problem, `${c.name}: on ${c.field}`);
    t.match(problem?.message || response.json().message, c.message, c.name);
  }
  t.same(await documentState(w.app.db), before, 'no row changed');
  t.same(storedFiles(w.dataDir), filesBefore, 'no file kept');

  const vi = await w.hr.inject({
    method: 'POST',
    url: '/api/documents',
    ...viForm({
      title: 'Quy định',
      category: 'REGULATION',
      visibility: 'EVERYONE',
      requiresAcknowledgement: 'false',
    }),
  });
  t.match(vi.json().details[0].message, /Quy định luôn yêu cầu xác nhận/);
});

t.test('refusals on existing documents', async (t) => {
  const w = await world(t);
  const informational = await publish(w, { title: 'Holiday calendar', requiresAcknowledgement: 'false' });
  const before = await documentState(w.app.db);

  const notRequired = await w.employee.inject({
    method: 'POST',
    url: `/api/documents/${informational.id}/acknowledgement`,
  });
  t.equal(notRequired.statusCode, 409);
  t.match(notRequired.json().message, /does not require acknowledgement/);

  const stale = await w.hr.inject({
    method: 'PUT',
    url: `/api/documents/${informational.id}`,
    payload: { title: 'Holidays 2027', version: 99 },
  });
  t.equal(stale.statusCode, 412);

  const notManager = await w.employee.inject({
    method: 'POST',
    url: '/api/documents',
    ...documentForm({ title: 'Mine', category: 'OTHER', visibility: 'EVERYONE' }),
  });
  t.equal(notManager.statusCode, 403);
  const regulationOff = await w.hr.inject({
    method: 'PUT',
    url: `/api/documents/${informational.id}`,
    payload: { category: 'REGULATION', version: 1 },
  });
  t.equal(regulationOff.statusCode, 422, 'a regulation must require acknowledgement, on change too');
  t.same(await documentState(w.app.db), before, 'nothing changed');

  const turnedOn = await w.hr.inject({
    method: 'PUT',
    url: `/api/documents/${informational.id}`,
    payload: { requiresAcknowledgement: true, version: 1 },
  });
  t.equal(turnedOn.statusCode, 200);
  const told = await w.app.db
    .selectFrom('notifications')
    .select('user_id')
    .where('type', '=', 'DOCUMENT_TO_ACKNOWLEDGE')
    .execute();
  t.ok(
    told.some((n) => n.user_id === w.employee.user.id),
    'turning acknowledgement on tells the audience',
  );

  const removed = await w.hr.inject({ method: 'DELETE', url: `/api/documents/${informational.id}` });
  t.equal(removed.statusCode, 204);
  const gone = await w.employee.inject({ method: 'GET', url: `/api/documents/${informational.id}` });
  t.equal(gone.statusCode, 404);
});
