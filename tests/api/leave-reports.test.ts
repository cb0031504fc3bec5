import ExcelJS from 'exceljs';
import t from 'tap';
import { buildTestApp, type TestApp } from '../helpers/build-app.ts';
import { absenceTypeId, createDepartment, leaveState, workWeek } from '../helpers/leave-factories.ts';

/** The leave summary and its export (issue 11): periods, groups, totals, XLSX and CSV. */

/** Two people of two departments with approved leave across a month's end, and one waiting request. */
async function history(app: TestApp) {
  const approver = await app.signIn({ permissions: ['leave.approve'] });
  const an = await app.signIn({ permissions: ['leave.request'], firstName: 'An', lastName: 'Pham' });
  const binh = await app.signIn({ permissions: ['leave.request'], firstName: 'Binh', lastName: 'Do' });
  await createDepartment(app.db, 'Delivery', [an.user.id]);
  await createDepartment(app.db, 'Sales', [binh.user.id]);
  const vacation = await absenceTypeId(app.db, 'Vacation');
  const sickness = await absenceTypeId(app.db, 'Sickness');
  const ask = async (who: typeof an, type: string, startDate: string, endDate: string, approve = true) => {
    const created = await who.inject({
      method: 'POST',
      url: '/api/leave-requests',
      payload: {
        absenceTypeId: type,
        startDate,
        startPart: 'MORNING',
        endDate,
        endPart: 'AFTERNOON',
        approverIds: [approver.user.id],
      },
    });
    if (created.statusCode !== 201) throw new Error(created.body);
    if (approve)
      await approver.inject({
        method: 'PUT',
        url: `/api/leave-request-approvers/${created.json().approvers[0].id}/action`,
        payload: { status: 'APPROVED' },
      });
  };
  const week = workWeek(3);
  await ask(an, vacation, week.monday, week.tuesday); // 2 days
  await ask(an, sickness, week.friday, week.friday); // 1
  await ask(binh, vacation, week.tuesday, week.friday); // 4
  await ask(binh, sickness, week.nextMonday, week.nextMonday, false); // waiting: 1
  return { week, an, binh };
}

t.test('the summary switches periods; every view adds up to the same total', async (t) => {
  const app = await buildTestApp(t);
  const reporter = await app.signIn({ permissions: ['leave.report'] });
  const { week, an } = await history(app);
  const year = week.monday.slice(0, 4);
  const totals: Record<string, number> = {};
  for (const period of ['day', 'week', 'month', 'quarter', 'year']) {
    const response = await reporter.inject({
      method: 'GET',
      url: `/api/leave-requests/reports?period=${period}&from=${year}-01-01&to=${year}-12-31`,
    });
    t.equal(response.statusCode, 200, `${period}: ${response.body.slice(0, 200)}`);
    const report = response.json();
    totals[period] = report.total;
    t.equal(
      report.rows.reduce((sum: number, row: { total: number }) => sum + row.total, 0),
      report.total,
      `${period}: rows add up`,
    );
    t.equal(
      Object.values(report.totals as Record<string, number>).reduce((a, b) => a + b, 0),
      report.total,
      `${period}: periods add up`,
    );
  }
  t.same(new Set(Object.values(totals)), new Set([7]), 'approved days only: 2 + 1 + 4');

  const byDay = (
    await reporter.inject({
      method: 'GET',
      url: `/api/leave-requests/reports?period=day&from=${week.monday}&to=${week.sunday}`,
    })
  ).json();
  t.same(byDay.buckets.map((b: { key: string }) => b.key).length, 7);
  t.equal(byDay.totals[week.tuesday], 2, 'two people off on Tuesday');
  t.equal(byDay.rows[0].label.startsWith('Binh Do'), true, 'largest total first');

  const byDepartment = (
    await reporter.inject({
      method: 'GET',
      url: `/api/leave-requests/reports?period=year&groupBy=department&from=${year}-01-01&to=${year}-12-31`,
    })
  ).json();
  t.same(
    byDepartment.rows.map((r: { label: string; total: number }) => [r.label, r.total]),
    [
      ['Sales', 4],
      ['Delivery', 3],
    ],
  );
  const byType = (
    await reporter.inject({
      method: 'GET',
      url: `/api/leave-requests/reports?period=year&groupBy=type&from=${year}-01-01&to=${year}-12-31`,
    })
  ).json();
  t.same(
    byType.rows.map((r: { label: string; total: number }) => [r.label, r.total]),
    [
      ['Vacation', 6],
      ['Sickness', 1],
    ],
  );
  const planned = (
    await reporter.inject({
      method: 'GET',
      url: `/api/leave-requests/reports?period=year&status=WAITING%20FOR%20APPROVAL&from=${year}-01-01&to=${year}-12-31`,
    })
  ).json();
  t.equal(planned.total, 1);
  const onePerson = (
    await reporter.inject({
      method: 'GET',
      url: `/api/leave-requests/reports?period=month&personId=${an.user.id}&from=${year}-01-01&to=${year}-12-31`,
    })
  ).json();
  t.equal(onePerson.total, 3);
  const paged = (
    await reporter.inject({
      method: 'GET',
      url: `/api/leave-requests/reports?period=year&perPage=1&page=2&from=${year}-01-01&to=${year}-12-31`,
    })
  ).json();
  t.match(paged, { totalRows: 2, lastPage: 2, currentPage: 2, total: 7 });
  t.equal(paged.rows.length, 1);

  const employee = await app.signIn({ permissions: ['leave.request'] });
  t.equal((await employee.inject({ method: 'GET', url: '/api/leave-requests/reports' })).statusCode, 403);
  const backwards = await reporter.inject({
    method: 'GET',
    url: `/api/leave-requests/reports?from=${year}-05-01&to=${year}-04-01`,
  });
  t.equal(backwards.statusCode, 422);
  const tooMany = await reporter.inject({
    method: 'GET',
    url: `/api/leave-requests/reports?period=day&from=${year}-01-01&to=${Number(year) + 1}-12-31`,
  });
  t.equal(tooMany.statusCode, 422);
  t.match(tooMany.json().details[0].message, /Too many periods/);
});

t.test('the export downloads as a workbook (summary and requests) or as CSV, and is recorded', async (t) => {
  const app = await buildTestApp(t);
  const reporter = await app.signIn({ permissions: ['leave.report'], language: 'vi' });
  const { week } = await history(app);
  const year = week.monday.slice(0, 4);
  const before = await leaveState(app.db);
  const xlsx = await reporter.inject({
    method: 'GET',
    url: `/api/leave-requests/export-files?period=month&from=${year}-01-01&to=${year}-12-31`,
  });
  t.equal(xlsx.statusCode, 200);
  t.match(xlsx.headers['content-disposition'], /leave-person-month/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
  t.same(
    workbook.worksheets.map((sheet) => sheet.name),
    ['Tổng hợp', 'Đơn nghỉ'],
    'sheets in the caller’s language',
  );
  const summary = workbook.worksheets[0]!;
  t.equal(summary.getRow(1).getCell(1).value, 'Nhân viên');
  t.equal(summary.getRow(1).getCell(14).value, 'Tổng');
  const lastRow = summary.getRow(summary.rowCount);
  t.equal(lastRow.getCell(14).value, 7, 'the total row');
  const requests = workbook.worksheets[1]!;
  t.equal(requests.rowCount, 1 + 3, 'a header and one row per approved request');

  const csv = await reporter.inject({
    method: 'GET',
    url: `/api/leave-requests/export-files?format=csv&period=year&groupBy=type&from=${year}-01-01&to=${year}-12-31`,
  });
  t.equal(csv.statusCode, 200);
  t.match(csv.headers['content-type'], /text\/csv/);
  const lines = csv.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  t.same(lines, [`Loại nghỉ phép,${year},Tổng`, 'Vacation,6,6', 'Sickness,1,1', 'Tổng,7,7']);
  const after = await leaveState(app.db);
  t.equal(after.audit, before.audit + 2, 'each export is recorded');
});
