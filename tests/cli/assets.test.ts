import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { jsonError, runCli } from '../helpers/cli.ts';
import { createAsset, createRisk } from '../helpers/asset-factories.ts';
import { createUser } from '../helpers/factories.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

// The asset and risk commands, spawned for real: `backoffice assets export|import` and
// `backoffice risks flag|export`.
t.setTimeout(300_000);

const database = await createTestDatabase();
const dir = mkdtempSync(path.join(os.tmpdir(), 'bo-assets-cli-'));
t.teardown(async () => {
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});
const db = database.db;
await createAsset(db, { name: 'Router', serialNumber: 'R-1' });

t.test('assets export writes the columns the import reads back; a wrong file writes nothing', async (t) => {
  const csv = path.join(dir, 'assets.csv');
  const exported = await runCli(database.url, ['assets', 'export', '--format', 'csv', '-o', csv]);
  t.equal(exported.code, 0, exported.stderr);
  const lines = readFileSync(csv, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  t.match(lines[0], /^ID,Name,Type,Status,Serial number,Quantity/);
  t.match(lines[1], /,Router,HARDWARE,IN_STORAGE,R-1,1,/);

  writeFileSync(
    csv,
    `${lines[0]}\r\n${lines[1]!.replace('Router', 'Core router')}\r\n,Switch,HARDWARE,IN_STORAGE,S-1,2,,,LOW,ASSIGNMENT,,,,PUBLIC,PUBLIC,PUBLIC\r\n`,
  );
  const dry = await runCli(database.url, ['--json', 'assets', 'import', csv, '--dry-run']);
  t.equal(dry.code, 0, dry.stderr);
  t.match(JSON.parse(dry.stdout), { total: 2, created: 1, updated: 1, dryRun: true });
  t.equal((await db.selectFrom('assets').select('id').execute()).length, 1, 'a dry run writes nothing');
  const done = await runCli(database.url, ['assets', 'import', csv]);
  t.equal(done.code, 0, done.stderr);
  t.same(
    (await db.selectFrom('assets').select('name').orderBy('name').execute()).map((r) => r.name),
    ['Core router', 'Switch'],
  );

  const bad = path.join(dir, 'bad.csv');
  writeFileSync(
    bad,
    'Name,Type,Quantity,Priority,Kind,Confidentiality,Integrity,Availability\nDesk,ZONE,0,LOW,INFORMATION,PUBLIC,PUBLIC,NONE\n',
  );
  const refused = await runCli(database.url, ['--json', 'assets', 'import', bad]);
  t.equal(refused.code, 1);
  t.equal(jsonError(refused).code, 'VALIDATION_FAILED');
  t.equal((await db.selectFrom('assets').select('id').execute()).length, 2, 'nothing written');
});

t.test('risks flag runs the worker’s flags as the system; a person is refused', async (t) => {
  const owner = await createUser(db);
  const asset = await createAsset(db);
  await createRisk(db, {
    assetId: asset.id,
    riskOwnerId: owner.id,
    state: 'MONITORING_IN_PROGRESS',
    treatmentMethod: 'MITIGATE',
    expectedCompletionDate: '2020-01-01',
  });
  const run = await runCli(database.url, ['--json', 'risks', 'flag']);
  t.equal(run.code, 0, run.stderr);
  t.match(JSON.parse(run.stdout), { overdue: { flagged: 1 }, reviews: { flagged: 0 } });
  const again = await runCli(database.url, ['--json', 'risks', 'flag']);
  t.match(JSON.parse(again.stdout), { overdue: { flagged: 0 } }, 'once per date');
  const person = await createUser(db, {
    permissions: ['risks.manage', 'risks.review'],
    email: 'iso@example.com',
  });
  const refused = await runCli(database.url, ['--json', '--as', person.email, 'risks', 'flag']);
  t.equal(refused.code, 1);
  t.equal(jsonError(refused).code, 'FORBIDDEN');
  const xlsx = path.join(dir, 'register.xlsx');
  const exported = await runCli(database.url, ['risks', 'export', '-o', xlsx]);
  t.equal(exported.code, 0, exported.stderr);
  t.ok(readFileSync(xlsx).length > 1000);
});
