/**
 * `backoffice users import` of 10,000 rows (validation of every row, people, default roles and their
 * audit trail, one transaction) beside PostgreSQL COPY: of the same people into `users` alone (the
 * issue's bar), and of the same rows the import writes (copy-baselines.ts). The CLI's own start-up
 * (loading its modules) is the start-up benchmark's; a one-row dry run loads them first.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { runCli } from '../../cli/program.ts';
import { compare, type BenchEnv, type BenchRow } from '../lib.ts';
import { copyPeopleIntoUsers, copySameRowsAsImport } from './copy-baselines.ts';
import { bulkRow, csvCell, PEOPLE, person, seedDepartments } from './people.ts';

export async function runImportCases(env: BenchEnv): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-'));
  const importDb = await env.createDatabase();
  try {
    await seedDepartments(importDb);
    const header = 'Email,First name,Last name,Contract type,Department,Onboard date\n';
    const csv =
      header +
      Array.from({ length: PEOPLE }, (_, i) => {
        const p = person(i);
        return [p.email, p.firstName, p.lastName, p.contractType, p.department, p.onboardDate]
          .map(csvCell)
          .join(',');
      }).join('\n') +
      '\n';
    const file = path.join(dataDir, 'employees.csv');
    writeFileSync(file, `\uFEFF${csv}`);

    const cliEnv = {
      ...process.env,
      DATABASE_URL: importDb.url,
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      LANG: 'en',
    };
    const warmUp = path.join(dataDir, 'one.csv');
    writeFileSync(warmUp, `${header}${csv.split('\n')[1]}\n`);
    await runCli(['--json', 'users', 'import', '--dry-run', warmUp], cliEnv);
    env.log(`backoffice users import of ${PEOPLE} rows`);
    const importStarted = performance.now();
    const code = await runCli(['--json', 'users', 'import', file], cliEnv);
    const importMs = performance.now() - importStarted;
    const imported = await importDb.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('email', 'like', '%@bench.example')
      .executeTakeFirstOrThrow();
    const importRow = bulkRow(
      `users import ${PEOPLE} rows (CLI, one transaction)`,
      PEOPLE,
      importMs,
      code === 0 && Number(imported.n) === PEOPLE ? 0 : 1,
    );

    const copyRow = await copyPeopleIntoUsers(env);
    const copyAllRow = await copySameRowsAsImport(env);
    return [
      copyRow,
      compare(importRow, copyRow),
      copyAllRow,
      compare({ ...importRow, case: `${importRow.case} vs the same rows` }, copyAllRow),
    ];
  } finally {
    await importDb.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
