import t from 'tap';
import { companyToday } from '../../server/core/company-date.ts';
import { createContext, SYSTEM_ACTOR } from '../../server/core/context.ts';
import type { Db } from '../../server/db/connect.ts';
import { flagOverdueTreatmentPlans } from '../../server/domains/risks/risk-jobs.service.ts';
import { addDays } from '../../shared/rules/periods.ts';
import { createAsset, createRisk } from '../helpers/asset-factories.ts';
import { testConfig } from '../helpers/build-app.ts';
import { createUser } from '../helpers/factories.ts';
import { auditOfJob, runJobHandler } from '../helpers/jobs.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

// The jobs of server/domains/risks/risks.jobs.ts against a real database: treatment plans past their
// expected completion date and acceptances due for review are flagged to their risk owners once per
// date — a second run flags nothing, a new date is flagged again — and only those.

const config = testConfig();
const today = companyToday(config);

async function freshDatabase(t: { teardown(fn: () => unknown): void }): Promise<Db> {
  const database = await createTestDatabase();
  t.teardown(() => database.drop());
  return database.db;
}

const noticesOf = (db: Db, userId: string) =>
  db
    .selectFrom('notifications')
    .select(['type', 'data'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

t.test(
  'risks.flag-overdue-plans: a late mitigation plan is flagged to its owner once per date',
  async (t) => {
    const db = await freshDatabase(t);
    const owner = await createUser(db);
    const asset = await createAsset(db);
    const late = await createRisk(db, {
      assetId: asset.id,
      name: 'Late plan',
      riskOwnerId: owner.id,
      state: 'MONITORING_IN_PROGRESS',
      treatmentMethod: 'MITIGATE',
      expectedCompletionDate: addDays(today, -1),
    });
    await createRisk(db, {
      assetId: asset.id,
      riskOwnerId: owner.id,
      state: 'MONITORING_IN_PROGRESS',
      treatmentMethod: 'MITIGATE',
      expectedCompletionDate: today,
    });
    await createRisk(db, {
      assetId: asset.id,
      riskOwnerId: owner.id,
      state: 'CLOSED',
      treatmentMethod: 'MITIGATE',
      expectedCompletionDate: addDays(today, -5),
    });
    await createRisk(db, {
      assetId: asset.id,
      riskOwnerId: owner.id,
      state: 'MONITORING_IN_PROGRESS',
      treatmentMethod: 'ACCEPT',
      expectedCompletionDate: addDays(today, -5),
    });

    t.same(await runJobHandler(db, config, 'risks.flag-overdue-plans'), { today, flagged: 1 });
    const notices = await noticesOf(db, owner.id);
    t.same(
      notices.map((n) => [n.type, (n.data as { risk: { id: string; date: string } }).risk]),
      [['RISK_TREATMENT_OVERDUE', { id: late.id, name: 'Late plan', date: addDays(today, -1) }]],
    );
    t.equal((await auditOfJob(db, 'risks.flag-overdue-plans'))[0]?.action, 'risk.treatment_overdue_flagged');

    t.same(
      await runJobHandler(db, config, 'risks.flag-overdue-plans'),
      { today, flagged: 0 },
      'once per date',
    );
    t.equal((await noticesOf(db, owner.id)).length, 1);

    const ctx = createContext({ db, config }, SYSTEM_ACTOR, { requestId: 'job:manual' });
    t.same(
      await flagOverdueTreatmentPlans(ctx, { today: addDays(today, 10) }),
      { today: addDays(today, 10), flagged: 1 },
      'the other plan, late by then',
    );
    await db
      .updateTable('risks')
      .set({ expected_completion_date: addDays(today, 5) })
      .where('id', '=', late.id)
      .execute();
    t.same(
      await flagOverdueTreatmentPlans(ctx, { today: addDays(today, 10) }),
      { today: addDays(today, 10), flagged: 1 },
      'a moved date is flagged when it passes',
    );
  },
);

t.test(
  'risks.flag-reviews-due: an acceptance due for review is flagged once; inactive owners get nothing',
  async (t) => {
    const db = await freshDatabase(t);
    const owner = await createUser(db);
    const leaver = await createUser(db, { status: 'INACTIVE' });
    const asset = await createAsset(db);
    const due = await createRisk(db, {
      assetId: asset.id,
      name: 'Accepted',
      riskOwnerId: owner.id,
      state: 'MONITORING_IN_PROGRESS',
      treatmentMethod: 'ACCEPT',
      reviewDueDate: today,
    });
    await createRisk(db, {
      assetId: asset.id,
      riskOwnerId: owner.id,
      state: 'MONITORING_IN_PROGRESS',
      treatmentMethod: 'ACCEPT',
      reviewDueDate: addDays(today, 1),
    });
    await createRisk(db, {
      assetId: asset.id,
      riskOwnerId: leaver.id,
      state: 'CLOSED',
      treatmentMethod: 'ACCEPT',
      reviewDueDate: addDays(today, -3),
    });

    t.same(await runJobHandler(db, config, 'risks.flag-reviews-due'), { today, flagged: 2 });
    const notices = await noticesOf(db, owner.id);
    t.same(
      notices.map((n) => [n.type, (n.data as { risk: { id: string } }).risk.id]),
      [['RISK_REVIEW_DUE', due.id]],
    );
    t.equal(
      (await noticesOf(db, leaver.id)).length,
      0,
      'an inactive owner is not notified (the risk is still marked)',
    );
    t.same(await runJobHandler(db, config, 'risks.flag-reviews-due'), { today, flagged: 0 }, 'once per date');
  },
);
