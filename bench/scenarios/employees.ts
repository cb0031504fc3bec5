/**
 * People at scale, each case beside a baseline measured in the same run:
 * (a) the filtered, sorted employee list over 10,000 employees (bench/employees/list.ts);
 * (b) `backoffice users import` of 10,000 rows beside PostgreSQL COPY (bench/employees/import.ts,
 *     copy-baselines.ts). The synthetic people they share are in bench/employees/people.ts.
 */
import type { BenchEnv, BenchRow } from '../lib.ts';
import { runImportCases } from '../employees/import.ts';
import { runListCases } from '../employees/list.ts';

export const name = 'employees';
export const description =
  'employee list over 10,000 people and a 10,000-row import, each beside its baseline';

export async function run(env: BenchEnv): Promise<BenchRow[]> {
  return [...(await runListCases(env)), ...(await runImportCases(env))];
}
