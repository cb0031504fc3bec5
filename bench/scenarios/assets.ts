/**
 * Assets and risks at scale (issue 16): 20,000 assets (two thirds held by 500 people) and a
 * register of 5,000 risks on them.
 *
 * - The asset list, filtered and sorted (`GET /api/assets?…`), beside its very same two statements
 *   (`assetListQueries`) on a bare pg pool.
 * - The risk register, filtered and sorted (`GET /api/risks?…`), beside its very same two
 *   statements (`riskListQueries`) on a bare pool; the API also reads each page's residual risks.
 * - Reading the QR code of a photo of about 1 MB (a 12-megapixel-class JPEG with a label in it):
 *   the time of one decode, and the scan call through the API.
 */
import jpeg from 'jpeg-js';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { connectDatabase } from '../../server/db/connect.ts';
import { assetListQueries } from '../../server/domains/assets/assets.repository.ts';
import { readQr } from '../../server/domains/assets/qr-code.ts';
import { riskListQueries } from '../../server/domains/risks/risks.repository.ts';
import { createUser, DEFAULT_PASSWORD } from '../../tests/helpers/factories.ts';
import { compare, loopTest, type BenchEnv, type BenchRow } from '../lib.ts';

export const name = 'assets';
export const description =
  'asset list over 20,000 assets, risk register over 5,000 risks, QR decode of a 1 MB photo';

const ASSETS = 20_000;
const RISKS = 5_000;
const PEOPLE = 500;

/**
 * A photo-sized JPEG (about 1 MB, 2400 × 1800) with a QR label in it: a soft gradient with grain
 * (2 × 2 pixel noise), roughly what a phone photo of a desk compresses like.
 */
async function photoWithLabel(text: string): Promise<Buffer> {
  const width = 2400;
  const height = 1800;
  const data = Buffer.alloc(width * height * 4);
  let seed = 7;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (x % 2 === 0 && y % 2 === 0) seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const i = (y * width + x) * 4;
      const grey = 120 + Math.round(60 * Math.sin(x / 300) * Math.cos(y / 200)) + (seed % 20) - 10;
      data[i] = grey;
      data[i + 1] = grey - 8;
      data[i + 2] = grey - 16;
      data[i + 3] = 255;
    }
  const label = PNG.sync.read(await QRCode.toBuffer(text, { type: 'png', width: 420, margin: 3 }));
  for (let y = 0; y < label.height; y++)
    for (let x = 0; x < label.width; x++) {
      const from = (y * label.width + x) * 4;
      const to = ((y + 700) * width + (x + 1100)) * 4;
      data[to] = label.data[from]!;
      data[to + 1] = label.data[from + 1]!;
      data[to + 2] = label.data[from + 2]!;
    }
  for (let quality = 95; quality >= 50; quality -= 5) {
    const encoded = jpeg.encode({ data, width, height }, quality).data;
    if (encoded.length <= 1024 * 1024) return encoded;
  }
  return jpeg.encode({ data, width, height }, 50).data;
}

export async function run(env: BenchEnv): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-'));
  const database = await env.createDatabase();
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    RATE_LIMIT_PER_MINUTE: '1000000000',
  });
  const handle = connectDatabase(database.url, config.DATABASE_POOL_SIZE);
  const app = await buildApp({ db: handle.db, config, logger: false });
  const direct = new pg.Pool({ connectionString: database.url, max: config.DATABASE_POOL_SIZE });
  const db = handle.db;
  const rows: BenchRow[] = [];
  try {
    env.log(`seeding ${ASSETS} assets (two thirds held by ${PEOPLE} people) and ${RISKS} risks`);
    await direct.query(`
      insert into users (email, first_name, last_name, status, user_type)
        select 'holder' || g || '@bench.example', 'Người', 'Giữ ' || g,
          case when g % 50 = 0 then 'INACTIVE' else 'ACTIVE' end, 'EMPLOYEE' from generate_series(1, ${PEOPLE}) g;
      create temporary table bench_people as
        select id, row_number() over (order by id) - 1 as n from users where email like 'holder%';
      insert into assets (name, type, status, serial_number, quantity, priority, kind, confidentiality,
          integrity, availability, security_value, assignee_id, assigned_at, location)
        select 'Tài sản ' || g,
          (array['HARDWARE','INFORMATION','SOFTWARE','HR','ZONE'])[g % 5 + 1],
          case when g % 3 = 0 then 'IN_STORAGE' when g % 17 = 0 then 'DAMAGED' else 'IN_USE' end,
          'SN-' || g, 1, g % 3 + 1, g % 2,
          (array['TOP_SECRET','SECRET','INTERNAL_USE_ONLY','PUBLIC'])[g % 4 + 1],
          (array['TOP_SECRET','SECRET','INTERNAL_USE_ONLY','PUBLIC'])[(g / 4) % 4 + 1],
          (array['TOP_SECRET','SECRET','INTERNAL_USE_ONLY','PUBLIC'])[(g / 16) % 4 + 1],
          3, case when g % 3 = 0 then null else (select id from bench_people where n = g % ${PEOPLE}) end,
          case when g % 3 = 0 then null else now() end, 'Tầng ' || (g % 9)
        from generate_series(1, ${ASSETS}) g;
      update assets set status = 'IN_STORAGE' where assignee_id is null;
      update assets set security_value =
        (case confidentiality when 'TOP_SECRET' then 3 when 'SECRET' then 2 else 1 end) +
        (case integrity when 'TOP_SECRET' then 3 when 'SECRET' then 2 else 1 end) +
        (case availability when 'TOP_SECRET' then 3 when 'SECRET' then 2 else 1 end);
      insert into asset_assignments (asset_id, user_id, assigned_at)
        select id, assignee_id, assigned_at from assets where assignee_id is not null;
      create temporary table bench_assets as select id, security_value, row_number() over (order by id) as n from assets;
      insert into risks (name, impact, likelihood, asset_id, asset_band, risk_level, state, treatment_method)
        select 'Rủi ro ' || g, g % 4 + 1, (g / 4) % 4 + 1, a.id,
          case when a.security_value <= 4 then 'LOW' when a.security_value <= 6 then 'MEDIUM' else 'HIGH' end,
          (g % 4 + 1) * ((g / 4) % 4 + 1) *
            case when a.security_value <= 4 then 1 when a.security_value <= 6 then 2 else 3 end,
          (array['IDENTIFICATION_IN_PROGRESS','TREATMENT_IN_PROGRESS','MONITORING_IN_PROGRESS','CLOSED'])[g % 4 + 1],
          case when g % 2 = 0 then 'MITIGATE' else 'ACCEPT' end
        from generate_series(1, ${RISKS}) g join bench_assets a on a.n = g * 3;`);
    for (const table of ['assets', 'asset_assignments', 'risks', 'users'])
      await direct.query(`vacuum analyze ${table}`);

    await app.listen({ host: '127.0.0.1', port: 0 });
    const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const manager = await createUser(db, { permissions: ['assets.view', 'assets.manage', 'risks.view'] });
    const signIn = await fetch(`${appUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: manager.email, password: DEFAULT_PASSWORD }),
    });
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const headers = { authorization: `Bearer ${accessToken}` };
    const seconds = Math.max(3, Math.round(env.durationSeconds / 2));
    const window = { offset: 0, limit: 50, currentPage: 1, perPage: 50 };
    const get = (url: string) => async () => {
      const response = await fetch(`${appUrl}${url}`, { headers });
      if (!response.ok) throw new Error(String(response.status));
      await response.arrayBuffer();
    };
    const bare = (queries: {
      rows: { compile(): { sql: string; parameters: readonly unknown[] } };
      count: { compile(): { sql: string; parameters: readonly unknown[] } };
    }) => {
      const [a, b] = [queries.rows.compile(), queries.count.compile()];
      return () =>
        Promise.all([direct.query(a.sql, [...a.parameters]), direct.query(b.sql, [...b.parameters])]);
    };

    const assetCases = [
      {
        label: 'company list by name',
        query: 'tab=COMPANY_ASSET&sort=name',
        filters: { sort: 'name' as const },
      },
      {
        label: 'hardware in use, most valuable first',
        query: 'tab=COMPANY_ASSET&type=HARDWARE&status=IN_USE&sort=-securityValue',
        filters: { type: 'HARDWARE' as const, status: 'IN_USE' as const, sort: '-securityValue' as const },
      },
      {
        label: 'assigned, search "99"',
        query: 'tab=COMPANY_ASSET&assigned=true&search=99&sort=name',
        filters: { assigned: true, search: '99', sort: 'name' as const },
      },
    ];
    for (const c of assetCases) {
      const baseline = await loopTest(
        env,
        `asset list, ${c.label}: the same SQL on bare pg`,
        bare(assetListQueries(db, c.filters, window)),
        seconds,
      );
      const appRow = await loopTest(
        env,
        `GET /api/assets?${c.query}&perPage=50 (app)`,
        get(`/api/assets?${c.query}&perPage=50`),
        seconds,
      );
      rows.push(baseline, compare(appRow, baseline));
    }
    const riskCases = [
      { label: 'register by level', query: 'sort=-level', filters: { sort: '-level' as const } },
      {
        label: 'high, being treated, mitigated',
        query: 'band=HIGH&state=TREATMENT_IN_PROGRESS&treatmentMethod=MITIGATE&sort=-level',
        filters: {
          band: 'HIGH' as const,
          state: 'TREATMENT_IN_PROGRESS' as const,
          treatmentMethod: 'MITIGATE' as const,
          sort: '-level' as const,
        },
      },
      {
        label: 'search by name',
        query: 'search=R%E1%BB%A7i%20ro%201&sort=name',
        filters: { search: 'Rủi ro 1', sort: 'name' as const },
      },
    ];
    for (const c of riskCases) {
      const baseline = await loopTest(
        env,
        `risk register, ${c.label}: the same SQL on bare pg`,
        bare(riskListQueries(db, c.filters, window)),
        seconds,
      );
      const appRow = await loopTest(
        env,
        `GET /api/risks?${c.query}&perPage=50 (app)`,
        get(`/api/risks?${c.query}&perPage=50`),
        seconds,
      );
      rows.push(baseline, compare(appRow, baseline));
    }

    const target = await direct.query<{ id: string }>('select id from assets order by id limit 1');
    const photo = await photoWithLabel(`${config.publicUrl}/asset-management/${target.rows[0]!.id}`);
    env.log(`a ${(photo.length / 1024).toFixed(0)} KB JPEG of 2400 × 1800 pixels`);
    if (readQr(photo, 'image/jpeg') === null) throw new Error('the benchmark photo does not decode');
    rows.push(
      await loopTest(
        env,
        `readQr: decode a ${(photo.length / 1024).toFixed(0)} KB photo (2400 × 1800 JPEG)`,
        () => readQr(photo, 'image/jpeg'),
        seconds,
      ),
    );
    const boundary = '----benchscan';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="image"; filename="photo.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`,
      ),
      photo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    rows.push(
      await loopTest(
        env,
        'POST /api/assets/scan with that photo (app)',
        async () => {
          const response = await fetch(`${appUrl}/api/assets/scan`, {
            method: 'POST',
            headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
            body,
          });
          if (!response.ok) throw new Error(String(response.status));
          await response.arrayBuffer();
        },
        seconds,
      ),
    );
    return rows;
  } finally {
    await app.close();
    await direct.end();
    await handle.destroy();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
