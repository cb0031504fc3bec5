import t from 'tap';
import { openJson, sealJson } from '../../shared/crypto/vault-crypto.ts';
import { buildTestApp, type TestApp } from '../helpers/build-app.ts';
import { createSecret, readSecret, setUpVault, share } from '../helpers/secret-factories.ts';

/** Secrets: store and open, every read audited, search by name, and what each share role may do. */

const USER = { permissions: ['secrets.use' as const] };

async function person(app: TestApp, options = USER) {
  const caller = await app.signIn(options);
  const vault = await setUpVault(caller);
  return { caller, keys: vault.keys, recipient: { id: caller.user.id, publicKey: vault.keys.publicKey } };
}

t.test(
  'a secret is stored encrypted, opened by its owner, and every read is audited without content',
  async (t) => {
    const app = await buildTestApp(t);
    const alice = await person(app);
    const content = {
      host: 'db.internal',
      port: '22',
      text: 'deploy',
      longText: '-----BEGIN OPENSSH PRIVATE KEY-----xyz',
    };
    const { secret } = await createSecret(alice.caller, alice.keys, {
      name: 'Prod SSH',
      content,
      folder: 'Ops',
      tags: ['prod'],
    });
    t.equal(secret.myRole, 'OWNER');

    const read = await readSecret(alice.caller, alice.keys, secret.id);
    t.same(read.content, content);
    const row = await app.db
      .selectFrom('secrets')
      .select(['content'])
      .where('id', '=', secret.id)
      .executeTakeFirstOrThrow();
    t.notMatch(JSON.stringify(row.content), 'db.internal', 'the database holds ciphertext');

    const events = await app.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'secret.read')
      .where('entity_id', '=', secret.id)
      .execute();
    t.equal(events.length, 1, 'one read, one event');
    t.equal(events[0]!.actor_id, alice.caller.user.id, 'who');
    t.ok(events[0]!.occurred_at, 'when');
    t.notMatch(JSON.stringify(events[0]), 'BEGIN OPENSSH', 'never the content');
  },
);

t.test('search is by name only; folders and tags filter', async (t) => {
  const app = await buildTestApp(t);
  const alice = await person(app);
  await createSecret(alice.caller, alice.keys, {
    name: 'Kube staging',
    type: 'K8S_KEY',
    content: { secretText: 'needle-token' },
    folder: 'K8s',
  });
  await createSecret(alice.caller, alice.keys, {
    name: 'Notes',
    type: 'SECURE_NOTE',
    content: { longText: 'needle' },
    tags: ['hr'],
  });
  const byName = await alice.caller.inject({ method: 'GET', url: '/api/secrets?search=kube' });
  t.same(
    byName.json().items.map((s: { name: string }) => s.name),
    ['Kube staging'],
  );
  const byContent = await alice.caller.inject({ method: 'GET', url: '/api/secrets?search=needle' });
  t.equal(byContent.json().total, 0, 'contents are not searchable');
  t.equal((await alice.caller.inject({ method: 'GET', url: '/api/secrets?folder=K8s' })).json().total, 1);
  t.equal(
    (await alice.caller.inject({ method: 'GET', url: '/api/secrets?tag=hr' })).json().items[0].name,
    'Notes',
  );
});

t.test(
  'share roles: viewer reads, commenter comments, editor edits and shares below owner, owner deletes',
  async (t) => {
    const app = await buildTestApp(t);
    const [owner, editor, commenter, viewer, outsider] = await Promise.all([
      person(app),
      person(app),
      person(app),
      person(app),
      person(app),
    ]);
    const { secret, itemKey } = await createSecret(owner.caller, owner.keys, {
      name: 'Shared',
      content: { longText: 'k' },
    });
    t.equal((await share(owner.caller, secret.id, itemKey, editor.recipient, 'EDITOR')).statusCode, 200);
    t.equal(
      (await share(owner.caller, secret.id, itemKey, commenter.recipient, 'COMMENTER')).statusCode,
      200,
    );

    // The editor shares on as VIEWER with the key they unwrapped themselves; OWNER is not theirs to give.
    const asEditor = await readSecret(editor.caller, editor.keys, secret.id);
    t.same(asEditor.content, { longText: 'k' });
    t.same(asEditor.detail!.abilities, { read: true, edit: true, comment: true, share: true, delete: false });
    t.equal(
      (await share(editor.caller, secret.id, asEditor.itemKey!, viewer.recipient, 'VIEWER')).statusCode,
      200,
    );
    const ownerGrant = await share(editor.caller, secret.id, asEditor.itemKey!, outsider.recipient, 'OWNER');
    t.equal(ownerGrant.statusCode, 422);
    t.equal(ownerGrant.json().details[0].code, 'shareRoleNotAllowed');
    const demoteOwner = await editor.caller.inject({
      method: 'PUT',
      url: `/api/secrets/${secret.id}/members/${owner.caller.user.id}`,
      payload: { role: 'VIEWER' },
    });
    t.equal(demoteOwner.statusCode, 422, "an editor never changes an owner's role");

    const content = await sealJson(asEditor.itemKey!, { longText: 'k2' }, 'content');
    const edited = await editor.caller.inject({
      method: 'PUT',
      url: `/api/secrets/${secret.id}`,
      payload: { name: 'Shared v2', content, version: asEditor.detail!.version },
    });
    t.equal(edited.statusCode, 200);
    const stale = await owner.caller.inject({
      method: 'PUT',
      url: `/api/secrets/${secret.id}`,
      payload: { name: 'Old', content, version: asEditor.detail!.version },
    });
    t.equal(stale.statusCode, 412, 'a stale version is refused');
    t.equal(
      (await editor.caller.inject({ method: 'DELETE', url: `/api/secrets/${secret.id}` })).statusCode,
      403,
    );

    // The viewer reads the editor's change, and may do nothing else.
    const asViewer = await readSecret(viewer.caller, viewer.keys, secret.id);
    t.same(asViewer.content, { longText: 'k2' });
    t.same(asViewer.detail!.abilities, {
      read: true,
      edit: false,
      comment: false,
      share: false,
      delete: false,
    });
    const viewerEdit = await viewer.caller.inject({
      method: 'PUT',
      url: `/api/secrets/${secret.id}`,
      payload: { name: 'x', content, version: 2 },
    });
    t.equal(viewerEdit.statusCode, 403);
    const comment = { content: await sealJson(asViewer.itemKey!, 'hello', 'comment') };
    t.equal(
      (
        await viewer.caller.inject({
          method: 'POST',
          url: `/api/secrets/${secret.id}/comments`,
          payload: comment,
        })
      ).statusCode,
      403,
    );
    t.equal(
      (await share(viewer.caller, secret.id, asViewer.itemKey!, outsider.recipient, 'VIEWER')).statusCode,
      403,
    );

    // The commenter comments (encrypted), and cannot edit.
    const asCommenter = await readSecret(commenter.caller, commenter.keys, secret.id);
    const commented = await commenter.caller.inject({
      method: 'POST',
      url: `/api/secrets/${secret.id}/comments`,
      payload: { content: await sealJson(asCommenter.itemKey!, 'rotated on Monday', 'comment') },
    });
    t.equal(commented.statusCode, 201);
    t.equal(
      await openJson(asCommenter.itemKey!, commented.json().comments[0].content, 'comment'),
      'rotated on Monday',
    );
    t.equal(
      (
        await commenter.caller.inject({
          method: 'PUT',
          url: `/api/secrets/${secret.id}`,
          payload: { name: 'x', content, version: 2 },
        })
      ).statusCode,
      403,
    );

    // An outsider cannot learn the secret exists.
    t.equal(
      (await outsider.caller.inject({ method: 'GET', url: `/api/secrets/${secret.id}` })).statusCode,
      404,
    );
    t.equal((await outsider.caller.inject({ method: 'GET', url: '/api/secrets' })).json().total, 0);

    // The last owner stays; the owner deletes, and everyone loses it.
    const leave = await owner.caller.inject({
      method: 'DELETE',
      url: `/api/secrets/${secret.id}/members/${owner.caller.user.id}`,
    });
    t.equal(leave.statusCode, 422);
    t.equal(leave.json().details[0].code, 'lastOwner');
    t.equal(
      (await owner.caller.inject({ method: 'DELETE', url: `/api/secrets/${secret.id}` })).statusCode,
      204,
    );
    t.equal(
      (await viewer.caller.inject({ method: 'GET', url: `/api/secrets/${secret.id}` })).statusCode,
      404,
    );
    t.equal(
      await app.db
        .selectFrom('secret_members')
        .select('user_id')
        .where('secret_id', '=', secret.id)
        .execute()
        .then((r) => r.length),
      0,
    );
  },
);

t.test('sharing with someone without a vault is refused and changes nothing', async (t) => {
  const app = await buildTestApp(t);
  const owner = await person(app);
  const noVault = await app.signIn(USER);
  const { secret, itemKey } = await createSecret(owner.caller, owner.keys, {
    name: 'S',
    content: { longText: 'k' },
  });
  const response = await share(
    owner.caller,
    secret.id,
    itemKey,
    { id: noVault.user.id, publicKey: owner.keys.publicKey },
    'VIEWER',
  );
  t.equal(response.statusCode, 422);
  t.equal(
    response.json().details[0].message,
    'This person has not set up a passcode yet, so nothing can be shared with them',
  );
  t.equal(
    (await app.db.selectFrom('secret_members').selectAll().where('secret_id', '=', secret.id).execute())
      .length,
    1,
  );
  const recipients = await owner.caller.inject({ method: 'GET', url: '/api/secrets/recipients' });
  t.notOk(
    recipients.json().items.some((r: { id: string }) => r.id === noVault.user.id),
    'only people with a vault are offered',
  );
});

t.test(
  'a secrets manager sees the inventory (names, not contents) and removes access; a viewer may not',
  async (t) => {
    const app = await buildTestApp(t);
    const owner = await person(app);
    const colleague = await person(app);
    const manager = await app.signIn({ permissions: ['secrets.use', 'secrets.manage'] });
    const { secret, itemKey } = await createSecret(owner.caller, owner.keys, {
      name: 'Payroll DB',
      content: { longText: 'x' },
    });
    await share(owner.caller, secret.id, itemKey, colleague.recipient, 'VIEWER');

    const inventory = await manager.inject({ method: 'GET', url: '/api/secrets?scope=all' });
    t.same(
      inventory.json().items.map((s: { name: string; myRole: null }) => [s.name, s.myRole]),
      [['Payroll DB', null]],
    );
    t.equal(
      (await manager.inject({ method: 'GET', url: `/api/secrets/${secret.id}` })).statusCode,
      404,
      'no key, no read',
    );
    t.equal(
      (await colleague.caller.inject({ method: 'GET', url: '/api/secrets?scope=all' })).statusCode,
      403,
    );
    t.equal(
      (
        await colleague.caller.inject({
          method: 'DELETE',
          url: `/api/secrets/${secret.id}/members/${owner.caller.user.id}`,
        })
      ).statusCode,
      403,
    );
    const revoked = await manager.inject({
      method: 'DELETE',
      url: `/api/secrets/${secret.id}/members/${colleague.caller.user.id}`,
    });
    t.equal(revoked.statusCode, 200);
    t.equal(
      (await colleague.caller.inject({ method: 'GET', url: `/api/secrets/${secret.id}` })).statusCode,
      404,
    );
  },
);
