import t from 'tap';
import { buildApp } from '../../server/app.ts';
import { connectDatabase } from '../../server/db/connect.ts';
import {
  derivePasscodeKeys,
  rewrapForPasscode,
  openVault,
  PASSCODE_KDF_ITERATIONS,
} from '../../shared/crypto/vault-crypto.ts';
import { buildTestApp } from '../helpers/build-app.ts';
import {
  passcodeProof,
  recoveryProof,
  setUpVault,
  TEST_KDF_ITERATIONS,
  unlock,
  vaultStatus,
} from '../helpers/secret-factories.ts';

/** The vault: setup, unlock, the lockout (one server and two), recovery and the passcode reset. */

const USER = { permissions: ['secrets.use' as const] };

t.test('setting up a vault gives hasEncryptionKey, once; a second setup is refused', async (t) => {
  const { signIn, db } = await buildTestApp(t);
  const alice = await signIn(USER);
  t.equal((await alice.inject({ method: 'GET', url: '/api/auth/me' })).json().hasEncryptionKey, false);
  t.equal((await vaultStatus(alice)).hasEncryptionKey, false);

  const vault = await setUpVault(alice);
  t.equal(vault.status.hasEncryptionKey, true);
  t.equal(vault.recoveryKey.length, 32, 'a 32-character recovery key, shown once by the browser');
  t.equal((await alice.inject({ method: 'GET', url: '/api/auth/me' })).json().hasEncryptionKey, true);

  const again = await alice.inject({ method: 'POST', url: '/api/secrets/vault', payload: vault.material });
  t.equal(again.statusCode, 409);
  t.equal(again.json().code, 'VAULT_EXISTS');
  const row = await db
    .selectFrom('secret_vaults')
    .selectAll()
    .where('user_id', '=', alice.user.id)
    .executeTakeFirstOrThrow();
  t.not(row.passcode_verifier, vault.material.passcodeProof, 'the proof is kept as an HMAC, not as sent');
  t.notMatch(
    row.passcode_wrapped_key,
    vault.material.passcodeWrappedKey.ciphertext,
    'the wrapped key is sealed again',
  );
});

t.test('the right passcode opens the vault; a person without the permission is refused', async (t) => {
  const { signIn } = await buildTestApp(t);
  const alice = await signIn(USER);
  const vault = await setUpVault(alice, '246810');
  const { response, keys } = await unlock(alice, '246810');
  t.equal(response.statusCode, 200);
  t.ok(keys, 'the released user key opens the private key');
  t.equal(keys!.publicKey, vault.keys.publicKey);

  const outsider = await signIn({ permissions: ['employees.view'] });
  t.equal((await outsider.inject({ method: 'GET', url: '/api/secrets/vault' })).statusCode, 403);
});

t.test('unlocking before setup answers VAULT_REQUIRED', async (t) => {
  const { signIn } = await buildTestApp(t);
  const alice = await signIn(USER);
  const proof = (await derivePasscodeKeys('123456', 'c2FsdHNhbHRzYWx0', TEST_KDF_ITERATIONS)).proof;
  const response = await alice.inject({
    method: 'POST',
    url: '/api/secrets/vault/unlock',
    payload: { passcodeProof: proof },
  });
  t.equal(response.statusCode, 409);
  t.equal(response.json().code, 'VAULT_REQUIRED');
});

t.test('wrong passcodes count down, then lock for 10 minutes even for the right one', async (t) => {
  const { signIn, db } = await buildTestApp(t);
  const alice = await signIn(USER);
  await setUpVault(alice, '111111');
  const wrong = await passcodeProof(alice, '999999');
  for (const remaining of [4, 3, 2, 1]) {
    const response = await alice.inject({
      method: 'POST',
      url: '/api/secrets/vault/unlock',
      payload: { passcodeProof: wrong },
    });
    t.equal(response.statusCode, 422);
    t.equal(response.json().code, 'PASSCODE_INCORRECT');
    t.equal(response.json().message, `Incorrect passcode. Attempts remaining: ${remaining}`);
    t.equal(response.json().details.attemptsRemaining, remaining);
  }
  const fifth = await alice.inject({
    method: 'POST',
    url: '/api/secrets/vault/unlock',
    payload: { passcodeProof: wrong },
  });
  t.equal(fifth.statusCode, 429);
  t.equal(fifth.json().message, 'Too many incorrect attempts. Please wait 10 minutes and try again');
  const right = await unlock(alice, '111111');
  t.equal(right.response.statusCode, 429, 'the right passcode waits too');
  const status = await vaultStatus(alice);
  t.ok(status.lockedUntil);
  t.ok(Date.parse(status.lockedUntil!) - Date.now() > 9 * 60_000, 'about ten minutes');

  const vi = await alice.inject({
    method: 'POST',
    url: '/api/secrets/vault/unlock',
    headers: { 'accept-language': 'vi' },
    payload: { passcodeProof: wrong },
  });
  t.equal(vi.json().message, 'Bạn đã nhập sai quá nhiều lần. Vui lòng đợi 10 phút rồi thử lại');

  // Ten minutes later (moved back in the database): the count starts again.
  await db
    .updateTable('secret_vaults')
    .set({ locked_until: new Date(Date.now() - 1000) })
    .where('user_id', '=', alice.user.id)
    .execute();
  const later = await alice.inject({
    method: 'POST',
    url: '/api/secrets/vault/unlock',
    payload: { passcodeProof: wrong },
  });
  t.equal(later.json().details.attemptsRemaining, 4, 'a fresh count after the lockout');
  t.equal((await unlock(alice, '111111')).response.statusCode, 200);
  t.equal((await vaultStatus(alice)).attemptsRemaining, 5, 'the right passcode resets the count');

  const events = await db
    .selectFrom('audit_events')
    .select('action')
    .where('entity_type', '=', 'secret_vault')
    .execute();
  t.ok(
    events.some((e) => e.action === 'secret_vault.locked'),
    'the lockout is audited',
  );
  t.ok(
    events.some((e) => e.action === 'secret_vault.unlock_failed'),
    'wrong attempts are audited',
  );
});

t.test('the lockout holds across two server instances on one database', async (t) => {
  const { signIn, database, config } = await buildTestApp(t);
  const second = connectDatabase(database.url, 3);
  const replica = await buildApp({ db: second.db, config, logger: false });
  await replica.ready();
  t.teardown(async () => {
    await replica.close();
    await second.destroy();
  });
  const alice = await signIn(USER);
  await setUpVault(alice, '135790');
  const wrong = await passcodeProof(alice, '000000');
  const viaReplica = (proof: string) =>
    replica.inject({
      method: 'POST',
      url: '/api/secrets/vault/unlock',
      headers: { authorization: `Bearer ${alice.accessToken}` },
      payload: { passcodeProof: proof },
    });
  const viaFirst = (proof: string) =>
    alice.inject({ method: 'POST', url: '/api/secrets/vault/unlock', payload: { passcodeProof: proof } });

  const answers = [];
  for (const call of [viaFirst, viaReplica, viaFirst, viaReplica])
    answers.push((await call(wrong)).json().details.attemptsRemaining);
  t.same(answers, [4, 3, 2, 1], 'one count for both servers');
  // Parallel wrong attempts on both servers: serialised on the vault row, never more than five.
  const parallel = await Promise.all([
    viaFirst(wrong),
    viaReplica(wrong),
    viaFirst(wrong),
    viaReplica(wrong),
  ]);
  t.same(
    parallel.map((r) => r.statusCode),
    [429, 429, 429, 429],
  );
  const right = await passcodeProof(alice, '135790');
  t.equal((await viaReplica(right)).statusCode, 429, 'locked on the other server too');
  t.equal((await viaFirst(right)).statusCode, 429);
});

t.test('a forgotten passcode is reset with the recovery key; the new one must differ', async (t) => {
  const { signIn, db } = await buildTestApp(t);
  const alice = await signIn(USER);
  const vault = await setUpVault(alice, '222222');

  const bad = await alice.inject({
    method: 'POST',
    url: '/api/secrets/vault/recover',
    payload: { recoveryProof: await recoveryProof('ABCDEFGHJKLMNPQRSTUVWXYZ23456789') },
  });
  t.equal(bad.statusCode, 422);
  t.equal(bad.json().message, 'Invalid Recovery Key, please try again');

  // Locked out first: the recovery key still works and ends the lockout.
  await db
    .updateTable('secret_vaults')
    .set({ locked_until: new Date(Date.now() + 600_000) })
    .where('user_id', '=', alice.user.id)
    .execute();
  const typed = vault.recoveryKey.toLowerCase().replace(/(.{4})/g, '$1-'); // typed in groups, lower case
  const proof = await recoveryProof(typed);
  const opened = await alice.inject({
    method: 'POST',
    url: '/api/secrets/vault/recover',
    payload: { recoveryProof: proof },
  });
  t.equal(opened.statusCode, 200);
  const { deriveRecoveryKeys } = await import('../../shared/crypto/vault-crypto.ts');
  const status = await vaultStatus(alice);
  const keys = await openVault((await deriveRecoveryKeys(typed)).key, opened.json().wrappedUserKey, {
    publicKey: status.publicKey!,
    wrappedPrivateKey: status.wrappedPrivateKey!,
  });

  const before = await db
    .selectFrom('secret_vaults')
    .selectAll()
    .where('user_id', '=', alice.user.id)
    .executeTakeFirstOrThrow();
  const same = await rewrapForPasscode(keys.userKeyRaw, '222222', TEST_KDF_ITERATIONS);
  const sameProof = (await derivePasscodeKeys('222222', status.passcodeSalt!, TEST_KDF_ITERATIONS)).proof;
  const unchanged = await alice.inject({
    method: 'PUT',
    url: '/api/secrets/vault/passcode',
    payload: { recoveryProof: proof, sameAsCurrentProof: sameProof, ...same },
  });
  t.equal(unchanged.statusCode, 422);
  t.equal(unchanged.json().details[0].message, 'The new passcode must be different from the current one');
  t.same(
    await db
      .selectFrom('secret_vaults')
      .selectAll()
      .where('user_id', '=', alice.user.id)
      .executeTakeFirstOrThrow(),
    before,
    'nothing changed',
  );

  const fresh = await rewrapForPasscode(keys.userKeyRaw, '333333', TEST_KDF_ITERATIONS);
  const freshUnderOld = (await derivePasscodeKeys('333333', status.passcodeSalt!, TEST_KDF_ITERATIONS)).proof;
  const wrongRecovery = await alice.inject({
    method: 'PUT',
    url: '/api/secrets/vault/passcode',
    payload: {
      recoveryProof: await recoveryProof('X'.repeat(32)),
      sameAsCurrentProof: freshUnderOld,
      ...fresh,
    },
  });
  t.equal(wrongRecovery.json().code, 'RECOVERY_KEY_INVALID');
  const reset = await alice.inject({
    method: 'PUT',
    url: '/api/secrets/vault/passcode',
    payload: { recoveryProof: proof, sameAsCurrentProof: freshUnderOld, ...fresh },
  });
  t.equal(reset.statusCode, 200);
  t.equal(reset.json().lockedUntil, null, 'the lockout ended');
  t.equal((await unlock(alice, '222222')).response.statusCode, 422, 'the old passcode no longer opens');
  const now = await unlock(alice, '333333');
  t.equal(now.response.statusCode, 200);
  t.equal(now.keys!.publicKey, vault.keys.publicKey, 'the same vault, the same keys');
});

t.test('a passcode change with the current passcode counts a wrong one as an attempt', async (t) => {
  const { signIn } = await buildTestApp(t);
  const alice = await signIn(USER);
  const vault = await setUpVault(alice, '444444');
  const status = await vaultStatus(alice);
  const fresh = await rewrapForPasscode(vault.userKeyRaw, '555555', TEST_KDF_ITERATIONS);
  const freshUnderOld = (await derivePasscodeKeys('555555', status.passcodeSalt!, TEST_KDF_ITERATIONS)).proof;
  const wrong = await alice.inject({
    method: 'PUT',
    url: '/api/secrets/vault/passcode',
    payload: {
      currentPasscodeProof: await passcodeProof(alice, '000000'),
      sameAsCurrentProof: freshUnderOld,
      ...fresh,
    },
  });
  t.equal(wrong.json().code, 'PASSCODE_INCORRECT');
  t.equal((await vaultStatus(alice)).attemptsRemaining, 4);
  const neither = await alice.inject({
    method: 'PUT',
    url: '/api/secrets/vault/passcode',
    payload: { sameAsCurrentProof: freshUnderOld, ...fresh },
  });
  t.equal(neither.statusCode, 422);
  const changed = await alice.inject({
    method: 'PUT',
    url: '/api/secrets/vault/passcode',
    payload: {
      currentPasscodeProof: await passcodeProof(alice, '444444'),
      sameAsCurrentProof: freshUnderOld,
      ...fresh,
    },
  });
  t.equal(changed.statusCode, 200);
  t.equal((await unlock(alice, '555555')).response.statusCode, 200);
});

t.test('the real PBKDF2 cost (600 000) works end to end', async (t) => {
  const { signIn } = await buildTestApp(t);
  const alice = await signIn(USER);
  await setUpVault(alice, '778899', PASSCODE_KDF_ITERATIONS);
  t.equal((await vaultStatus(alice)).kdfIterations, PASSCODE_KDF_ITERATIONS);
  t.equal((await unlock(alice, '778899', PASSCODE_KDF_ITERATIONS)).response.statusCode, 200);
});
