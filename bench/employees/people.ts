/**
 * The synthetic company of the employees benchmark: 10,000 people with Vietnamese names, the same in
 * the seeded list, the import file and the COPY baselines; and the bulk helpers its cases share.
 */
import type pg from 'pg';
import type { TestDatabase } from '../../tests/helpers/test-database.ts';
import type { BenchRow } from '../lib.ts';

export const PEOPLE = 10_000;
const GIVEN = [
  'An',
  'Bình',
  'Chi',
  'Dũng',
  'Giang',
  'Hà',
  'Hải',
  'Hạnh',
  'Hòa',
  'Hùng',
  'Hương',
  'Khoa',
  'Lan',
  'Linh',
  'Long',
  'Mai',
  'Minh',
  'Nam',
  'Nga',
  'Ngọc',
  'Phong',
  'Phúc',
  'Quân',
  'Quang',
  'Sơn',
  'Tâm',
  'Thảo',
  'Thành',
  'Trang',
  'Trung',
  'Tuấn',
  'Vy',
];
const FAMILY = [
  'Nguyễn',
  'Trần',
  'Lê',
  'Phạm',
  'Hoàng',
  'Huỳnh',
  'Phan',
  'Vũ',
  'Võ',
  'Đặng',
  'Bùi',
  'Đỗ',
  'Hồ',
  'Ngô',
  'Dương',
  'Lý',
];
const MIDDLE = ['Văn', 'Thị', 'Minh', 'Đức', 'Ngọc', 'Thanh', 'Hữu', 'Quốc'];
const CONTRACTS = ['FULLTIME', 'FULLTIME', 'PART_TIME', 'PROBATION', 'INTERNSHIP', 'FREELANCER'];
const STATUSES = ['ACTIVE', 'ACTIVE', 'ACTIVE', 'PENDING', 'INACTIVE'];

/** The i-th synthetic person: the same in the seeded list, the import file and the COPY data. */
export function person(i: number) {
  const day = new Date(Date.UTC(2015, 0, 1) + ((i * 37) % 3650) * 86_400_000).toISOString().slice(0, 10);
  return {
    email: `nv${i}@bench.example`,
    firstName: GIVEN[i % GIVEN.length]!,
    lastName: `${FAMILY[Math.floor(i / 7) % FAMILY.length]} ${MIDDLE[Math.floor(i / 3) % MIDDLE.length]}`,
    status: STATUSES[i % STATUSES.length]!,
    contractType: CONTRACTS[i % CONTRACTS.length]!,
    department: `Phòng ${(i % 10) + 1}`,
    onboardDate: day,
  };
}

export async function seedDepartments(database: TestDatabase): Promise<Map<string, string>> {
  const rows = await database.db
    .insertInto('departments')
    .values(
      Array.from({ length: 10 }, (_, i) => ({ name: `Phòng ${i + 1}`, description: null, created_by: null })),
    )
    .returning(['id', 'name'])
    .execute();
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** A one-off bulk operation as a row: rows per second, and its duration in the latency columns. */
export function bulkRow(label: string, rows: number, milliseconds: number, failures = 0): BenchRow {
  return {
    case: label,
    perSecond: Number(((rows * 1000) / milliseconds).toFixed(1)),
    p50Ms: Math.round(milliseconds),
    p99Ms: Math.round(milliseconds),
    total: rows,
    failures,
  };
}

/**
 * COPY … FROM STDIN with node-postgres alone: the client hands the connection to this object when
 * the server asks for the data (what pg-copy-streams does, without the dependency).
 */
export function copyFromStdin(client: pg.PoolClient, text: string, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    let failed: Error | null = null;
    const submittable = {
      submit(connection: { query(text: string): void }) {
        connection.query(text);
      },
      handleCopyInResponse(connection: { sendCopyFromChunk(b: Buffer): void; endCopyFrom(): void }) {
        for (let i = 0; i < data.length; i += 64 * 1024)
          connection.sendCopyFromChunk(data.subarray(i, i + 64 * 1024));
        connection.endCopyFrom();
      },
      handleCommandComplete() {},
      handleReadyForQuery() {
        if (failed) reject(failed);
        else resolve();
      },
      handleError(error: Error) {
        failed = error;
      },
    };
    void client.query(submittable as unknown as pg.QueryConfig);
  });
}

export const csvCell = (value: string) =>
  /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
