/**
 * The import's baselines, each into a fresh database: COPY of the same people into `users` alone, and
 * COPY of every row the import writes (per person the user, their default access role and the two
 * audit events: created, role member added), each table by COPY in one transaction.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { BenchEnv, BenchRow } from '../lib.ts';
import { bulkRow, copyFromStdin, csvCell, PEOPLE, person, seedDepartments } from './people.ts';

export async function copyPeopleIntoUsers(env: BenchEnv): Promise<BenchRow> {
  const copyDb = await env.createDatabase();
  try {
    const copyDepartments = await seedDepartments(copyDb);
    env.log(`COPY of the same ${PEOPLE} rows`);
    const copyData = Buffer.from(
      Array.from({ length: PEOPLE }, (_, i) => {
        const p = person(i);
        return [
          p.email,
          p.firstName,
          p.lastName,
          p.contractType,
          copyDepartments.get(p.department)!,
          p.onboardDate,
          'PENDING',
        ]
          .map(csvCell)
          .join(',');
      }).join('\n') + '\n',
    );
    const copyPool = new pg.Pool({ connectionString: copyDb.url, max: 1 });
    const client = await copyPool.connect();
    let copyMs = 0;
    try {
      const copyStarted = performance.now();
      await copyFromStdin(
        client,
        'copy users (email, first_name, last_name, contract_type, department_id, onboard_date, status) from stdin with (format csv)',
        copyData,
      );
      copyMs = performance.now() - copyStarted;
    } finally {
      client.release();
      await copyPool.end();
    }
    return bulkRow(`COPY ${PEOPLE} rows into users (baseline)`, PEOPLE, copyMs);
  } finally {
    await copyDb.drop();
  }
}

export async function copySameRowsAsImport(env: BenchEnv): Promise<BenchRow> {
  const copyAllDb = await env.createDatabase();
  try {
    // The same work as the import without the app: per person the user, their default access role and
    // the two audit events the import writes (created; role member added), each table by COPY.
    env.log(
      `COPY of the rows the import writes: ${PEOPLE} users, role grants and ${2 * PEOPLE} audit events`,
    );
    const allDepartments = await seedDepartments(copyAllDb);
    const defaultRole = await copyAllDb.db
      .selectFrom('roles')
      .select('id')
      .where('built_in_key', '=', 'user')
      .executeTakeFirstOrThrow();
    const ids = Array.from({ length: PEOPLE }, () => randomUUID());
    const tsv = (rows: Array<Array<string | null>>) =>
      Buffer.from(
        rows
          .map((row) =>
            row
              .map((cell) =>
                cell === null
                  ? '\\N'
                  : cell.replace(/[\\\t\n]/g, (c) => (c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\\\')),
              )
              .join('\t'),
          )
          .join('\n') + '\n',
      );
    const usersData = tsv(
      ids.map((id, i) => {
        const p = person(i);
        return [
          id,
          p.email,
          p.firstName,
          p.lastName,
          p.contractType,
          allDepartments.get(p.department)!,
          p.onboardDate,
          'PENDING',
        ];
      }),
    );
    const rolesData = tsv(ids.map((id) => [id, defaultRole.id]));
    const auditData = tsv(
      ids.flatMap((id, i) => {
        const p = person(i);
        const created = JSON.stringify({
          email: p.email,
          first_name: p.firstName,
          last_name: p.lastName,
          contract_type: p.contractType,
          department_id: allDepartments.get(p.department),
          onboard_date: p.onboardDate,
          source: 'import',
        });
        const granted = JSON.stringify({ userId: id, email: p.email, reason: 'default' });
        return [
          ['bench', 'employee.created', 'user', id, created],
          ['bench', 'role.member_added', 'role', defaultRole.id, granted],
        ];
      }),
    );
    const copyAllPool = new pg.Pool({ connectionString: copyAllDb.url, max: 1 });
    const copyAllClient = await copyAllPool.connect();
    let copyAllMs = 0;
    try {
      const started = performance.now();
      await copyAllClient.query('begin');
      await copyFromStdin(
        copyAllClient,
        'copy users (id, email, first_name, last_name, contract_type, department_id, onboard_date, status) from stdin',
        usersData,
      );
      await copyFromStdin(copyAllClient, 'copy user_roles (user_id, role_id) from stdin', rolesData);
      await copyFromStdin(
        copyAllClient,
        'copy audit_events (actor_label, action, entity_type, entity_id, after) from stdin',
        auditData,
      );
      await copyAllClient.query('commit');
      copyAllMs = performance.now() - started;
    } finally {
      copyAllClient.release();
      await copyAllPool.end();
    }
    return bulkRow(
      `COPY the same rows the import writes (users, role grants, audit events)`,
      PEOPLE,
      copyAllMs,
    );
  } finally {
    await copyAllDb.drop();
  }
}
