import { Type, type Static, type TSchema } from 'typebox';
import { Name, SearchText, Text, Uuid } from './common.schemas.ts';
import { Paged, PageQueryFields } from './paging.schemas.ts';
import { ExportFormatField } from './reporting.schemas.ts';
import { ASSET_VALUE_BANDS } from './rules/asset-value.ts';
import { RISK_LEVEL_BANDS } from './rules/risk-level.ts';
import { RISK_ACTIONS, RISK_STATES, STEP_STATUSES } from './rules/risk-workflow.ts';

/**
 * The ISO 27001 risk register (spec section 2-9; the calls are designed here): risks on assets,
 * their level, their three steps and the transitions between them, residual risks, the heat map and
 * the register's export.
 */

export { RISK_LEVEL_BANDS } from './rules/risk-level.ts';
export { RISK_ACTIONS, RISK_STATES, RISK_STEPS, STEP_STATUSES } from './rules/risk-workflow.ts';
export type { RiskLevelBand } from './rules/risk-level.ts';
export type { RiskAction, RiskState, RiskStep, StepStatus } from './rules/risk-workflow.ts';

export const TREATMENT_METHODS = ['ACCEPT', 'MITIGATE'] as const;
export type TreatmentMethod = (typeof TREATMENT_METHODS)[number];
/** ISO/IEC 27001:2022 Annex A controls: A.5.1-A.5.37, A.6.1-A.6.8, A.7.1-A.7.14, A.8.1-A.8.34. */
export const ANNEX_A_COUNTS: Record<number, number> = { 5: 37, 6: 8, 7: 14, 8: 34 };
/** How long an accepted risk stands before its acceptance is reviewed again. */
export const ACCEPTANCE_REVIEW_DAYS = 365;

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const DateOnly = Type.String({ format: 'date', maxLength: 10 });
const Scale = Type.Integer({ minimum: 1, maximum: 4 });
const LongText = Type.Optional(Nullable(Text(5000)));

const Person = Type.Object({
  id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  avatarUrl: Nullable(Type.String()),
});
export type RiskPerson = Static<typeof Person>;

export const RiskBody = Type.Object(
  {
    name: Name(200),
    threats: LongText,
    vulnerabilities: LongText,
    currentControls: LongText,
    /** An Annex A control of ISO/IEC 27001:2022, e.g. A.8.13. */
    referenceClause: Type.Optional(Nullable(Type.String({ maxLength: 10 }))),
    impact: Scale,
    likelihood: Scale,
    assetId: Uuid,
    riskOwnerId: Type.Optional(Nullable(Uuid)),
    implementingTeam: Type.Optional(Nullable(Text(255))),
    isoTeam: Type.Optional(Nullable(Text(255))),
    treatmentMethod: Type.Optional(Nullable(Type.Enum(TREATMENT_METHODS))),
    controlMeasures: LongText,
    actionPlan: LongText,
    expectedCompletionDate: Type.Optional(Nullable(DateOnly)),
    actualProgress: LongText,
  },
  { additionalProperties: false },
);
export type RiskBody = Static<typeof RiskBody>;

export const RiskUpdateBody = Type.Object(
  { ...RiskBody.properties, version: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);
export type RiskUpdateBody = Static<typeof RiskUpdateBody>;

/** A residual risk: what remains after mitigation, on the same asset. */
export const ResidualRiskBody = Type.Object(
  {
    name: Name(200),
    riskOwnerId: Type.Optional(Nullable(Uuid)),
    impact: Scale,
    likelihood: Scale,
    treatmentMethod: Type.Optional(Nullable(Type.Enum(TREATMENT_METHODS))),
  },
  { additionalProperties: false },
);
export type ResidualRiskBody = Static<typeof ResidualRiskBody>;

export const RiskTransitionBody = Type.Object(
  {
    action: Type.Enum(RISK_ACTIONS),
    version: Type.Integer({ minimum: 1 }),
    /** reject: why. */
    reason: Type.Optional(Text(2000)),
    /** recordResidual: the residual risk to create. */
    residual: Type.Optional(ResidualRiskBody),
  },
  { additionalProperties: false },
);
export type RiskTransitionBody = Static<typeof RiskTransitionBody>;

const StepStatus = Type.Enum(STEP_STATUSES);
const RiskRef = Type.Object({
  id: Type.String(),
  name: Type.String(),
  state: Type.Enum(RISK_STATES),
  level: Type.Integer(),
  levelBand: Type.Enum(RISK_LEVEL_BANDS),
});

const B = Type.Boolean();
export const RiskAbilities = Type.Object({
  edit: B,
  delete: B,
  submit: B,
  revoke: B,
  reject: B,
  approve: B,
  accept: B,
  mitigate: B,
  confirmNoResidual: B,
  recordResidual: B,
});

export const Risk = Type.Object({
  id: Type.String(),
  name: Type.String(),
  threats: Nullable(Type.String()),
  vulnerabilities: Nullable(Type.String()),
  currentControls: Nullable(Type.String()),
  referenceClause: Nullable(Type.String()),
  impact: Type.Integer(),
  likelihood: Type.Integer(),
  asset: Type.Object({
    id: Type.String(),
    name: Type.String(),
    securityValue: Type.Integer(),
    band: Type.Enum(ASSET_VALUE_BANDS),
    owner: Nullable(Person),
  }),
  level: Type.Integer(),
  levelBand: Type.Enum(RISK_LEVEL_BANDS),
  riskOwner: Nullable(Person),
  implementingTeam: Nullable(Type.String()),
  isoTeam: Nullable(Type.String()),
  treatmentMethod: Nullable(Type.Enum(TREATMENT_METHODS)),
  controlMeasures: Nullable(Type.String()),
  actionPlan: Nullable(Type.String()),
  expectedCompletionDate: Nullable(Type.String()),
  actualProgress: Nullable(Type.String()),
  rejectionReason: Nullable(Type.String()),
  state: Type.Enum(RISK_STATES),
  steps: Type.Object({ IDENTIFICATION: StepStatus, TREATMENT: StepStatus, MONITORING: StepStatus }),
  submittedBy: Nullable(Person),
  decidedBy: Nullable(Person),
  reviewDueDate: Nullable(Type.String()),
  /** Set on a residual risk. */
  parentRisk: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
  residualRisks: Type.Array(RiskRef),
  version: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  abilities: RiskAbilities,
});
export type Risk = Static<typeof Risk>;
export const RiskPage = Paged(Risk);
export type RiskPage = Static<typeof RiskPage>;

export const RISK_SORTS = [
  '-level',
  'level',
  'name',
  '-name',
  'expectedCompletionDate',
  '-createdAt',
] as const;
export type RiskSort = (typeof RISK_SORTS)[number];

const RiskFilterFields = {
  search: Type.Optional(SearchText(150)),
  state: Type.Optional(Type.Enum(RISK_STATES)),
  band: Type.Optional(Type.Enum(RISK_LEVEL_BANDS)),
  treatmentMethod: Type.Optional(Type.Enum(TREATMENT_METHODS)),
  assetId: Type.Optional(Uuid),
  riskOwnerId: Type.Optional(Uuid),
  /** true: residual risks only; false: risks only. */
  residual: Type.Optional(Type.Boolean()),
  sort: Type.Optional(Type.Enum(RISK_SORTS)),
};
export const RiskQuery = Type.Object(
  { ...RiskFilterFields, ...PageQueryFields },
  { additionalProperties: false },
);
export type RiskQuery = Static<typeof RiskQuery>;
export const RiskExportQuery = Type.Object(
  { ...RiskFilterFields, format: Type.Optional(ExportFormatField) },
  { additionalProperties: false },
);
export type RiskExportQuery = Static<typeof RiskExportQuery>;

/** Counts by impact (rows 1-4) and likelihood (columns 1-4), and the highest level in each cell. */
const HeatGrid = Type.Array(
  Type.Object({
    impact: Type.Integer(),
    likelihood: Type.Integer(),
    count: Type.Integer(),
    maxLevel: Nullable(Type.Integer()),
  }),
);
export const RiskHeatMap = Type.Object({ current: HeatGrid, residual: HeatGrid });
export type RiskHeatMap = Static<typeof RiskHeatMap>;

/** Who may be chosen as a risk owner, or an asset's owner or assignee (a picker's choices). */
export const PersonOptionQuery = Type.Object(
  { search: Type.Optional(SearchText(150)) },
  { additionalProperties: false },
);
export type PersonOptionQuery = Static<typeof PersonOptionQuery>;
export const PersonOptionList = Type.Object({ items: Type.Array(Person) });
export type PersonOptionList = Static<typeof PersonOptionList>;

export const RiskJobResult = Type.Object({ today: Type.String(), flagged: Type.Integer() });
export type RiskJobResult = Static<typeof RiskJobResult>;
