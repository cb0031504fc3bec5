import type { RiskExportQuery } from '../../../shared/risks.schemas.ts';
import { i18nFor } from '../../../shared/i18n/index.ts';
import { fullName } from '../../../shared/rules/format.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import {
  CONTENT_TYPES,
  writeTables,
  type Cell,
  type TableColumn,
} from '../../core/reporting/table-export.ts';
import { inTransaction } from '../../core/transaction.ts';
import type { PreparedExport } from '../../core/files/download.ts';
import { toRisks } from './risk-views.ts';
import { risksPolicy } from './risks.policy.ts';
import * as repo from './risks.repository.ts';
import type { Risk } from '../../../shared/risks.schemas.ts';

/**
 * The risk register as a file an auditor can take away (XLSX by default, or CSV): every risk of the
 * register's filters with its assessment, treatment, owners, steps and dates, in the caller's
 * language. Recorded in the audit trail.
 */

const COLUMNS: Array<{
  key: string;
  kind?: TableColumn['kind'];
  width?: number;
  value(r: Risk, t: (k: string) => string): Cell;
}> = [
  { key: 'name', width: 32, value: (r) => r.name },
  { key: 'residualOf', width: 24, value: (r) => r.parentRisk?.name ?? null },
  { key: 'asset', width: 24, value: (r) => r.asset.name },
  { key: 'assetValue', kind: 'number', value: (r) => r.asset.securityValue },
  { key: 'assetBand', value: (r, t) => t(`assets:bands.${r.asset.band}`) },
  { key: 'assetOwner', width: 22, value: (r) => (r.asset.owner ? fullName(r.asset.owner) : null) },
  { key: 'threats', width: 32, value: (r) => r.threats },
  { key: 'vulnerabilities', width: 32, value: (r) => r.vulnerabilities },
  { key: 'currentControls', width: 32, value: (r) => r.currentControls },
  { key: 'referenceClause', value: (r) => r.referenceClause },
  { key: 'impact', kind: 'number', value: (r) => r.impact },
  { key: 'likelihood', kind: 'number', value: (r) => r.likelihood },
  { key: 'level', kind: 'number', value: (r) => r.level },
  { key: 'levelBand', value: (r, t) => t(`risks:bands.${r.levelBand}`) },
  { key: 'riskOwner', width: 22, value: (r) => (r.riskOwner ? fullName(r.riskOwner) : null) },
  { key: 'implementingTeam', value: (r) => r.implementingTeam },
  { key: 'isoTeam', value: (r) => r.isoTeam },
  {
    key: 'treatmentMethod',
    value: (r, t) => (r.treatmentMethod ? t(`risks:methods.${r.treatmentMethod}`) : null),
  },
  { key: 'controlMeasures', width: 32, value: (r) => r.controlMeasures },
  { key: 'actionPlan', width: 32, value: (r) => r.actionPlan },
  { key: 'expectedCompletionDate', kind: 'date', value: (r) => r.expectedCompletionDate },
  { key: 'actualProgress', width: 32, value: (r) => r.actualProgress },
  { key: 'state', width: 24, value: (r, t) => t(`risks:states.${r.state}`) },
  { key: 'rejectionReason', width: 24, value: (r) => r.rejectionReason },
  { key: 'reviewDueDate', kind: 'date', value: (r) => r.reviewDueDate },
  { key: 'updatedAt', value: (r) => r.updatedAt.slice(0, 10).replaceAll('-', '/') },
];

/** Prepares the register's export with the list's filters and order. */
export async function prepareRiskExport(
  ctx: ServiceContext,
  query: RiskExportQuery,
): Promise<PreparedExport> {
  risksPolicy.authorize(ctx.actor, 'view', undefined);
  const format = query.format ?? 'xlsx';
  const t = i18nFor(ctx.request.language).t as unknown as (key: string) => string;
  const filters = {
    search: query.search,
    state: query.state,
    band: query.band,
    treatmentMethod: query.treatmentMethod,
    assetId: query.assetId,
    riskOwnerId: query.riskOwnerId,
    residual: query.residual,
    sort: query.sort,
  };
  await inTransaction(ctx, (tx) =>
    recordAudit(tx, { action: 'risk.exported', entityType: 'risk', after: { format, filters } }),
  );
  return {
    fileName: `risk-register.${format}`,
    contentType: CONTENT_TYPES[format],
    write: (output) =>
      writeTables(output, format, [
        {
          title: t('risks:export.sheet'),
          columns: COLUMNS.map((c) => ({
            header: t(`risks:export.columns.${c.key}`),
            kind: c.kind,
            width: c.width,
          })),
          rows: async function* () {
            for await (const rows of repo.iterateRisks(ctx.db, filters)) {
              const risks = await toRisks(ctx, rows);
              yield risks.map((risk) => COLUMNS.map((c) => c.value(risk, t)));
            }
          },
        },
      ]),
  };
}
