import ExcelJS from 'exceljs';
import t from 'tap';
import { companyToday } from '../../server/core/company-date.ts';
import { addDays } from '../../shared/rules/periods.ts';
import { findTransition, RISK_ACTIONS, RISK_STATES } from '../../shared/rules/risk-workflow.ts';
import { buildTestApp, type TestApp } from '../helpers/build-app.ts';
import { createAsset, createRisk } from '../helpers/asset-factories.ts';

/**
 * The risk register through the API (issue 16): the level on create and update, the rules
 * (impact and likelihood 1-4, Annex A clauses, the asset, the owner), the state machine — every
 * transition allowed and refused, table-driven — with separation of duties, a risk taken through
 * its three steps to a residual risk, the heat map, filters and the auditor's export.
 */

const MANAGER = ['risks.view', 'risks.manage'] as const;
const REVIEWER = ['risks.view', 'risks.review'] as const;

async function world(app: TestApp) {
  const manager = await app.signIn({ permissions: [...MANAGER], firstName: 'Lan', lastName: 'Pham' });
  const reviewer = await app.signIn({ permissions: [...REVIEWER], firstName: 'Hoa', lastName: 'Le' });
  const asset = await createAsset(app.db, {
    name: 'Laptop',
    confidentiality: 'SECRET',
    integrity: 'SECRET',
    availability: 'PUBLIC',
  });
  return { manager, reviewer, asset, today: companyToday(app.config) };
}

async function riskRows(app: TestApp) {
  const [risks, audits] = await Promise.all([
    app.db.selectFrom('risks').selectAll().orderBy('id').execute(),
    app.db.selectFrom('audit_events').select('id').execute(),
  ]);
  return { risks, audits: audits.length };
}

t.test('a risk’s level is impact × likelihood × its asset’s band; bad input changes nothing', async (t) => {
  const app = await buildTestApp(t);
  const { manager, asset } = await world(app);
  const created = await manager.inject({
    method: 'POST',
    url: '/api/risks',
    payload: {
      name: 'Stolen laptop',
      impact: 4,
      likelihood: 3,
      assetId: asset.id,
      referenceClause: 'A.7.9',
      riskOwnerId: manager.user.id,
    },
  });
  t.equal(created.statusCode, 201, created.body);
  t.equal(created.json().asset.band, 'MEDIUM');
  t.equal(created.json().level, 24);
  t.equal(created.json().levelBand, 'HIGH');
  t.same(created.json().steps, {
    IDENTIFICATION: 'IN_PROGRESS',
    TREATMENT: 'NOT_STARTED',
    MONITORING: 'NOT_STARTED',
  });

  const before = await riskRows(app);
  for (const [payload, field, code] of [
    [{ impact: 5 }, 'impact', 'maximum'],
    [{ likelihood: 0 }, 'likelihood', 'minimum'],
    [{ referenceClause: 'A.8.35' }, 'referenceClause', 'annexAControl'],
    [{ referenceClause: 'Clause 6' }, 'referenceClause', 'annexAControl'],
    [{ assetId: '00000000-0000-4000-8000-000000000000' }, 'assetId', 'unknownAsset'],
    [{ riskOwnerId: '00000000-0000-4000-8000-000000000000' }, 'riskOwnerId', 'unknownPerson'],
  ] as const) {
    const refused = await manager.inject({
      method: 'POST',
      url: '/api/risks',
      payload: { name: 'Bad', impact: 2, likelihood: 2, assetId: asset.id, ...payload },
    });
    t.equal(refused.statusCode, 422, `${field}`);
    t.equal(refused.json().details[0].field, field);
    t.equal(refused.json().details[0].code, code);
    t.ok(refused.json().details[0].message);
  }
  t.same(await riskRows(app), before, 'nothing changed');
  const reviewer = await app.signIn({ permissions: [...REVIEWER] });
  t.equal(
    (
      await reviewer.inject({
        method: 'POST',
        url: '/api/risks',
        payload: { name: 'X', impact: 1, likelihood: 1, assetId: asset.id },
      })
    ).statusCode,
    403,
  );
});

/** Who takes an action in the table: the submitter revokes, reviewers decide, managers submit. */
t.test('the state machine: every transition of every state, allowed or refused with 409', async (t) => {
  const app = await buildTestApp(t);
  const { manager, reviewer, asset, today } = await world(app);
  const submitter = await app.signIn({ permissions: ['risks.view', 'risks.manage', 'risks.review'] });
  for (const state of RISK_STATES) {
    for (const action of RISK_ACTIONS) {
      const transition = findTransition(state, action);
      const risk = await createRisk(app.db, {
        assetId: asset.id,
        state,
        riskOwnerId: manager.user.id,
        submittedBy: state.endsWith('_REVIEW') ? submitter.user.id : null,
        treatmentMethod: 'MITIGATE',
        expectedCompletionDate: addDays(today, 30),
      });
      const caller = action === 'revoke' ? submitter : transition?.by === 'reviewer' ? reviewer : manager;
      const before = await app.db
        .selectFrom('risks')
        .selectAll()
        .where('id', '=', risk.id)
        .executeTakeFirstOrThrow();
      const answer = await caller.inject({
        method: 'POST',
        url: `/api/risks/${risk.id}/transitions`,
        payload: {
          action,
          version: risk.version,
          ...(action === 'reject' && { reason: 'Not enough detail' }),
          ...(action === 'recordResidual' && {
            residual: { name: 'Remaining theft risk', impact: 2, likelihood: 1 },
          }),
        },
      });
      if (transition) {
        t.equal(
          answer.statusCode,
          200,
          `${state} --${action}--> ${transition.to}: ${answer.body.slice(0, 200)}`,
        );
        t.equal(answer.json().state, transition.to);
      } else {
        t.equal(answer.statusCode, 409, `${state} --${action}--> refused`);
        t.equal(answer.json().code, 'RISK_TRANSITION_NOT_ALLOWED');
        t.match(answer.json().message, /is not possible now/);
        const after = await app.db
          .selectFrom('risks')
          .selectAll()
          .where('id', '=', risk.id)
          .executeTakeFirstOrThrow();
        t.same(after, before, 'nothing changed');
      }
    }
  }
});

t.test(
  'separation of duties and permitted people: refused with a clear answer, nothing changed',
  async (t) => {
    const app = await buildTestApp(t);
    const { manager, reviewer, asset, today } = await world(app);
    const both = await app.signIn({ permissions: ['risks.view', 'risks.manage', 'risks.review'] });
    const risk = await createRisk(app.db, {
      assetId: asset.id,
      riskOwnerId: manager.user.id,
      treatmentMethod: 'MITIGATE',
      expectedCompletionDate: addDays(today, 10),
    });
    const submitted = await both.inject({
      method: 'POST',
      url: `/api/risks/${risk.id}/transitions`,
      payload: { action: 'submit', version: 1 },
    });
    t.equal(submitted.statusCode, 200);
    t.equal(submitted.json().abilities.approve, false, 'the submitter is not offered the review');
    const before = await riskRows(app);
    const self = await both.inject({
      method: 'POST',
      url: `/api/risks/${risk.id}/transitions`,
      payload: { action: 'approve', version: 2 },
    });
    t.equal(self.statusCode, 403);
    t.equal(self.json().code, 'RISK_SELF_REVIEW');
    const byManager = await manager.inject({
      method: 'POST',
      url: `/api/risks/${risk.id}/transitions`,
      payload: { action: 'approve', version: 2 },
    });
    t.equal(byManager.statusCode, 403, 'a manager without risks.review');
    const revokeByOther = await reviewer.inject({
      method: 'POST',
      url: `/api/risks/${risk.id}/transitions`,
      payload: { action: 'revoke', version: 2 },
    });
    t.equal(revokeByOther.statusCode, 403, 'only the submitter revokes');
    const noReason = await reviewer.inject({
      method: 'POST',
      url: `/api/risks/${risk.id}/transitions`,
      payload: { action: 'reject', version: 2 },
    });
    t.equal(noReason.statusCode, 422);
    t.equal(noReason.json().details[0].code, 'rejectionReasonRequired');
    const stale = await reviewer.inject({
      method: 'POST',
      url: `/api/risks/${risk.id}/transitions`,
      payload: { action: 'approve', version: 1 },
    });
    t.equal(stale.statusCode, 412);
    const edit = await manager.inject({
      method: 'PUT',
      url: `/api/risks/${risk.id}`,
      payload: { name: 'Changed', impact: 1, likelihood: 1, assetId: asset.id, version: 2 },
    });
    t.equal(edit.statusCode, 409, 'no edits while awaiting review');
    t.same(await riskRows(app), before, 'nothing changed');

    const rejected = await reviewer.inject({
      method: 'POST',
      url: `/api/risks/${risk.id}/transitions`,
      payload: { action: 'reject', version: 2, reason: ' Name the threat ' },
    });
    t.equal(rejected.json().state, 'IDENTIFICATION_IN_PROGRESS');
    t.equal(rejected.json().rejectionReason, 'Name the threat');
  },
);

t.test(
  'a risk through its three steps with a second person reviewing, leaving a residual risk',
  async (t) => {
    const app = await buildTestApp(t);
    const { manager, reviewer, asset, today } = await world(app);
    const act = async (who: typeof manager, id: string, payload: object) => {
      const current = await who.inject({ method: 'GET', url: `/api/risks/${id}` });
      const answer = await who.inject({
        method: 'POST',
        url: `/api/risks/${id}/transitions`,
        payload: { version: current.json().version, ...payload },
      });
      t.equal(answer.statusCode, 200, answer.body.slice(0, 300));
      return answer.json();
    };
    const created = (
      await manager.inject({
        method: 'POST',
        url: '/api/risks',
        payload: {
          name: 'Data leak',
          impact: 3,
          likelihood: 3,
          assetId: asset.id,
          riskOwnerId: manager.user.id,
          threats: 'Leak',
          vulnerabilities: 'No DLP',
        },
      })
    ).json();
    await act(manager, created.id, { action: 'submit' });
    let risk = await act(reviewer, created.id, { action: 'approve' });
    t.same(risk.steps, { IDENTIFICATION: 'DONE', TREATMENT: 'IN_PROGRESS', MONITORING: 'NOT_STARTED' });

    const plan = {
      name: 'Data leak',
      impact: 3,
      likelihood: 3,
      assetId: asset.id,
      riskOwnerId: manager.user.id,
      threats: 'Leak',
      vulnerabilities: 'No DLP',
      treatmentMethod: 'MITIGATE',
      controlMeasures: 'DLP',
      actionPlan: 'Roll out DLP',
    };
    const late = await manager.inject({
      method: 'PUT',
      url: `/api/risks/${created.id}`,
      payload: { ...plan, expectedCompletionDate: addDays(today, -1), version: risk.version },
    });
    t.equal(late.statusCode, 200);
    const before = await riskRows(app);
    const pastSubmit = await manager.inject({
      method: 'POST',
      url: `/api/risks/${created.id}/transitions`,
      payload: { action: 'submit', version: late.json().version },
    });
    t.equal(pastSubmit.statusCode, 422);
    t.same(
      pastSubmit.json().details.map((d: { field: string; code: string }) => [d.field, d.code]),
      [['expectedCompletionDate', 'completionDateInPast']],
    );
    t.same(await riskRows(app), before, 'a plan already late is not submitted');
    await manager.inject({
      method: 'PUT',
      url: `/api/risks/${created.id}`,
      payload: { ...plan, expectedCompletionDate: addDays(today, 20), version: late.json().version },
    });
    await act(manager, created.id, { action: 'submit' });
    risk = await act(reviewer, created.id, { action: 'mitigate' });
    t.equal(risk.treatmentMethod, 'MITIGATE');
    t.equal(risk.state, 'MONITORING_IN_PROGRESS');
    const monitored = await manager.inject({
      method: 'PUT',
      url: `/api/risks/${created.id}`,
      payload: {
        ...plan,
        expectedCompletionDate: addDays(today, 20),
        actualProgress: 'DLP live on laptops',
        version: risk.version,
      },
    });
    t.equal(monitored.statusCode, 200);
    await act(manager, created.id, { action: 'submit' });
    risk = await act(reviewer, created.id, {
      action: 'recordResidual',
      residual: { name: 'Leak by phone photo', impact: 2, likelihood: 1, treatmentMethod: 'ACCEPT' },
    });
    t.equal(risk.state, 'CLOSED');
    t.same(risk.steps, { IDENTIFICATION: 'DONE', TREATMENT: 'DONE', MONITORING: 'DONE' });
    t.equal(risk.residualRisks.length, 1);
    const residual = (
      await manager.inject({ method: 'GET', url: `/api/risks/${risk.residualRisks[0].id}` })
    ).json();
    t.equal(residual.state, 'IDENTIFICATION_IN_PROGRESS', 'the residual risk goes through the same steps');
    t.equal(residual.parentRisk.id, created.id);
    t.equal(residual.level, 4);
    t.equal(residual.riskOwner.id, manager.user.id);

    const residuals = await manager.inject({ method: 'GET', url: '/api/risks?residual=true' });
    t.same(
      residuals.json().items.map((r: { id: string }) => r.id),
      [residual.id],
    );
    const map = (await manager.inject({ method: 'GET', url: '/api/risks/heat-map' })).json();
    t.equal(map.current.length, 16);
    t.same(
      map.residual.find((c: { impact: number; likelihood: number }) => c.impact === 2 && c.likelihood === 1),
      {
        impact: 2,
        likelihood: 1,
        count: 1,
        maxLevel: 4,
      },
    );
    t.equal(
      map.current.reduce((sum: number, c: { count: number }) => sum + c.count, 0),
      0,
      'the closed risk left the map',
    );
  },
);

t.test('the register filters and sorts, and exports an XLSX an auditor can take away', async (t) => {
  const app = await buildTestApp(t);
  const { manager, asset } = await world(app);
  await createRisk(app.db, { assetId: asset.id, name: 'Low', impact: 1, likelihood: 1 });
  await createRisk(app.db, { assetId: asset.id, name: 'High', impact: 4, likelihood: 4 });
  await createRisk(app.db, {
    assetId: asset.id,
    name: 'Mid',
    impact: 3,
    likelihood: 2,
    state: 'TREATMENT_IN_PROGRESS',
  });
  const list = await manager.inject({ method: 'GET', url: '/api/risks' });
  t.same(
    list.json().items.map((r: { name: string }) => r.name),
    ['High', 'Mid', 'Low'],
    'highest level first',
  );
  const high = await manager.inject({ method: 'GET', url: '/api/risks?band=HIGH' });
  t.same(
    high.json().items.map((r: { name: string; level: number }) => [r.name, r.level]),
    [['High', 32]],
  );
  const medium = await manager.inject({ method: 'GET', url: '/api/risks?band=MEDIUM' });
  t.same(
    medium.json().items.map((r: { name: string; level: number }) => [r.name, r.level]),
    [['Mid', 12]],
  );
  const byState = await manager.inject({ method: 'GET', url: '/api/risks?state=TREATMENT_IN_PROGRESS' });
  t.same(
    byState.json().items.map((r: { name: string }) => r.name),
    ['Mid'],
  );
  const byName = await manager.inject({ method: 'GET', url: '/api/risks?sort=name&search=i' });
  t.same(
    byName.json().items.map((r: { name: string }) => r.name),
    ['High', 'Mid'],
  );
  const file = await manager.inject({ method: 'GET', url: '/api/risks/export' });
  t.equal(file.statusCode, 200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  t.equal(sheet.name, 'Risk register');
  t.equal(sheet.getRow(1).getCell(1).value, 'Risk');
  t.equal(sheet.getRow(2).getCell(1).value, 'High');
  t.equal(sheet.rowCount, 4);
});
