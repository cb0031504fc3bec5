import t from 'tap';
import {
  assetSecurity,
  assetValue,
  assetValueBand,
  CIA_LABELS,
  CONFIDENTIALITY_LABELS,
} from '../../shared/rules/asset-value.ts';
import { riskLevel, riskLevelBand } from '../../shared/rules/risk-level.ts';
import {
  actionsFrom,
  findTransition,
  mayTake,
  RISK_ACTIONS,
  RISK_STATES,
  RISK_TRANSITIONS,
  stepStatuses,
  type RiskAction,
  type RiskState,
} from '../../shared/rules/risk-workflow.ts';

// The pure rules of assets and risks (shared/rules/asset-value.ts, risk-level.ts, risk-workflow.ts).

t.test(
  'the asset value is C + I + A, banded low 3-4, medium 5-6, high 7 and above (9 included)',
  async (t) => {
    t.equal(assetValue({ confidentiality: 'PUBLIC', integrity: 'PUBLIC', availability: 'PUBLIC' }), 3);
    t.equal(
      assetValue({ confidentiality: 'NONE', integrity: 'SECRET', availability: 'INTERNAL_USE_ONLY' }),
      4,
    );
    t.same(
      assetSecurity({ confidentiality: 'TOP_SECRET', integrity: 'TOP_SECRET', availability: 'TOP_SECRET' }),
      {
        value: 9,
        band: 'HIGH',
      },
    );
    const expected: Record<number, string> = {
      3: 'LOW',
      4: 'LOW',
      5: 'MEDIUM',
      6: 'MEDIUM',
      7: 'HIGH',
      8: 'HIGH',
      9: 'HIGH',
    };
    for (const [value, band] of Object.entries(expected))
      t.equal(assetValueBand(Number(value)), band, `${value}`);
    t.throws(() => assetValueBand(2));
    t.throws(() => assetValueBand(10));
    // Every combination of labels has a value 3-9.
    for (const c of CONFIDENTIALITY_LABELS)
      for (const i of CIA_LABELS)
        for (const a of CIA_LABELS) {
          const value = assetValue({ confidentiality: c, integrity: i, availability: a });
          t.ok(value >= 3 && value <= 9, `${c}/${i}/${a} → ${value}`);
        }
  },
);

t.test('the risk level over all 48 combinations of impact, likelihood and asset band', async (t) => {
  const factor = { LOW: 1, MEDIUM: 2, HIGH: 3 } as const;
  const bandOf = (level: number) =>
    level <= 11 ? 'LOW' : level <= 23 ? 'MEDIUM' : level <= 35 ? 'HIGH' : 'VERY_HIGH';
  let combinations = 0;
  for (const impact of [1, 2, 3, 4])
    for (const likelihood of [1, 2, 3, 4])
      for (const band of ['LOW', 'MEDIUM', 'HIGH'] as const) {
        const { level, band: levelBand } = riskLevel(impact, likelihood, band);
        const wanted = impact * likelihood * factor[band];
        t.equal(level, wanted, `${impact} × ${likelihood} × ${band}`);
        t.equal(levelBand, bandOf(wanted), `${wanted} is ${bandOf(wanted)}`);
        t.ok(level >= 1 && level <= 48);
        combinations++;
      }
  t.equal(combinations, 48);
  t.equal(riskLevel(4, 4, 'HIGH').level, 48);
  t.equal(riskLevelBand(11), 'LOW');
  t.equal(riskLevelBand(12), 'MEDIUM');
  t.equal(riskLevelBand(23), 'MEDIUM');
  t.equal(riskLevelBand(24), 'HIGH');
  t.equal(riskLevelBand(35), 'HIGH');
  t.equal(riskLevelBand(36), 'VERY_HIGH');
  t.throws(() => riskLevel(0, 1, 'LOW'));
  t.throws(() => riskLevel(1, 5, 'LOW'));
  t.throws(() => riskLevel(1.5, 1, 'LOW'));
  t.throws(() => riskLevelBand(49));
});

t.test('the workflow table: every state and action, allowed or refused', async (t) => {
  const allowed: Partial<Record<RiskState, Partial<Record<RiskAction, RiskState>>>> = {
    IDENTIFICATION_IN_PROGRESS: { submit: 'IDENTIFICATION_REVIEW' },
    IDENTIFICATION_REVIEW: {
      revoke: 'IDENTIFICATION_IN_PROGRESS',
      reject: 'IDENTIFICATION_IN_PROGRESS',
      approve: 'TREATMENT_IN_PROGRESS',
    },
    TREATMENT_IN_PROGRESS: { submit: 'TREATMENT_REVIEW' },
    TREATMENT_REVIEW: {
      revoke: 'TREATMENT_IN_PROGRESS',
      reject: 'TREATMENT_IN_PROGRESS',
      accept: 'MONITORING_IN_PROGRESS',
      mitigate: 'MONITORING_IN_PROGRESS',
    },
    MONITORING_IN_PROGRESS: { submit: 'MONITORING_REVIEW' },
    MONITORING_REVIEW: {
      revoke: 'MONITORING_IN_PROGRESS',
      reject: 'MONITORING_IN_PROGRESS',
      confirmNoResidual: 'CLOSED',
      recordResidual: 'CLOSED',
    },
    CLOSED: {},
  };
  for (const state of RISK_STATES)
    for (const action of RISK_ACTIONS) {
      const to = allowed[state]?.[action];
      t.equal(findTransition(state, action)?.to, to, `${state} --${action}--> ${to ?? 'refused'}`);
    }
  t.equal(RISK_TRANSITIONS.length, 14);
  t.same(actionsFrom('CLOSED'), []);
});

t.test(
  'who may take a transition: editors submit, submitters revoke, reviewers decide but never their own',
  async (t) => {
    const submit = findTransition('IDENTIFICATION_IN_PROGRESS', 'submit')!;
    const approve = findTransition('IDENTIFICATION_REVIEW', 'approve')!;
    const revoke = findTransition('IDENTIFICATION_REVIEW', 'revoke')!;
    t.ok(mayTake(submit, { manages: true, reviews: false, isSubmitter: false }));
    t.notOk(mayTake(submit, { manages: false, reviews: true, isSubmitter: false }));
    t.ok(mayTake(approve, { manages: false, reviews: true, isSubmitter: false }));
    t.notOk(mayTake(approve, { manages: true, reviews: true, isSubmitter: true }), 'separation of duties');
    t.notOk(mayTake(approve, { manages: true, reviews: false, isSubmitter: false }));
    t.ok(mayTake(revoke, { manages: false, reviews: false, isSubmitter: true }));
    t.notOk(mayTake(revoke, { manages: true, reviews: true, isSubmitter: false }));
  },
);

t.test('step statuses follow the state', async (t) => {
  t.same(stepStatuses('IDENTIFICATION_IN_PROGRESS'), {
    IDENTIFICATION: 'IN_PROGRESS',
    TREATMENT: 'NOT_STARTED',
    MONITORING: 'NOT_STARTED',
  });
  t.same(stepStatuses('TREATMENT_REVIEW'), {
    IDENTIFICATION: 'DONE',
    TREATMENT: 'AWAITING_REVIEW',
    MONITORING: 'NOT_STARTED',
  });
  t.same(stepStatuses('CLOSED'), { IDENTIFICATION: 'DONE', TREATMENT: 'DONE', MONITORING: 'DONE' });
});
