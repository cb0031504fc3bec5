import { Value } from 'typebox/value';
import { AssetBody, type AssetImportReport, type AssetStatus } from '../../../shared/assets.schemas.ts';
import type { FieldProblem, ValidationCode } from '../../../shared/errors.ts';
import { i18nFor } from '../../../shared/i18n/index.ts';
import { assetValueBand } from '../../../shared/rules/asset-value.ts';
import { problemMessage, schemaErrorProblems } from '../../../shared/rules/problems.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { cellValue, readSheet, type SheetData } from '../../core/reporting/read-sheet.ts';
import { inTransaction } from '../../core/transaction.ts';
import { recomputeRiskLevelsOfAsset } from '../risks/asset-risks.ts';
import { assetProblems, assetValues } from './asset-rules.ts';
import { assetHeader, columnForHeader, type AssetSheetColumn } from './asset-sheet.ts';
import { assetsPolicy } from './assets.policy.ts';
import * as repo from './assets.repository.ts';

/**
 * Imports assets from an XLSX or CSV file with the export's columns (asset-sheet.ts): a row with
 * the id of a live asset changes it, a row without an id creates one. Every row is checked first
 * with the API's rules (the same schema, the same serial-number and owner checks); when any row is
 * wrong the report lists every problem with its row and column and nothing is written. Otherwise
 * every row is written in one transaction, each with its audit event.
 */

export interface AssetImportOptions {
  dryRun?: boolean;
}

/** A text the export guarded against formulas ('=…' written as "'=…"), as it was. */
const unguard = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

const cellText = (cell: unknown) => unguard(String(cellValue(cell) ?? '')).trim();

interface Prepared {
  number: number;
  id?: string;
  existing?: repo.AssetRow;
  input: AssetBody;
  problems: Array<FieldProblem & { column: string }>;
}

function rowInput(cells: unknown[], columns: Array<AssetSheetColumn | undefined>) {
  const input: Record<string, unknown> = {};
  let id: string | undefined;
  let ownerEmail: string | undefined;
  columns.forEach((column, index) => {
    if (!column || column.readOnly) return;
    const text = cellText(cells[index]);
    if (column.key === 'id') id = text || undefined;
    else if (column.key === 'ownerEmail') ownerEmail = text || undefined;
    else if (text === '') input[column.key] = column.key === 'quantity' ? undefined : null;
    else if (column.kind === 'number') input[column.key] = Number(text.replace(/,/g, ''));
    else if (column.kind === 'enum') input[column.key] = text.toUpperCase().replace(/[\s-]+/g, '_');
    else input[column.key] = text;
  });
  // Optional columns left empty mean "none"; required ones stay missing so the schema names them.
  for (const key of [
    'name',
    'type',
    'priority',
    'kind',
    'confidentiality',
    'integrity',
    'availability',
    'status',
  ])
    if (input[key] === null) delete input[key];
  return { input, id, ownerEmail };
}

/** Reads, checks and (unless a dry run, or any row is wrong) writes an asset file. */
export async function importAssets(
  ctx: ServiceContext,
  data: Buffer,
  options: AssetImportOptions = {},
): Promise<AssetImportReport> {
  assetsPolicy.authorize(ctx.actor, 'manage', undefined);
  const t = i18nFor(ctx.request.language).t;
  const report: AssetImportReport = {
    total: 0,
    created: 0,
    updated: 0,
    dryRun: Boolean(options.dryRun),
    errors: [],
  };
  const fileProblem = (code: ValidationCode, params: Record<string, string> = {}) => {
    report.errors.push({
      row: 0,
      column: '',
      field: 'file',
      code,
      message: problemMessage(t, { field: 'file', code, params }),
    });
    return report;
  };
  let sheet: SheetData;
  try {
    sheet = await readSheet(data);
  } catch (error) {
    return fileProblem('importUnreadable', { reason: (error as Error).message });
  }
  const columns = sheet.headers.map(columnForHeader);
  if (!columns.some((c) => c?.key === 'name')) return fileProblem('importMissingName');
  const rows = sheet.rows.filter((row) => row.cells.some((cell) => cellText(cell) !== ''));
  report.total = rows.length;
  if (rows.length === 0) return fileProblem('importEmpty');
  const columnOf = (field: string) => {
    const key = field === 'ownerId' ? 'ownerEmail' : field;
    const column = columns.find((c) => c?.key === key);
    return column ? assetHeader(column, ctx.request.language) : field;
  };

  const parsed = rows.map((row) => ({ number: row.number, ...rowInput(row.cells, columns) }));
  const owners = new Map(
    (
      await repo.findPeopleByEmails(
        ctx.db,
        parsed.flatMap((p) => (p.ownerEmail ? [p.ownerEmail] : [])),
      )
    ).map((p) => [p.email.toLowerCase(), p.id]),
  );
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const prepared: Prepared[] = [];
  for (const row of parsed) {
    const problems: Prepared['problems'] = [];
    const existing = row.id && uuid.test(row.id) ? await repo.findAsset(ctx.db, row.id) : undefined;
    if (row.id && !existing) problems.push({ field: 'id', code: 'invalid', column: columnOf('id') });
    if (row.ownerEmail) {
      const ownerId = owners.get(row.ownerEmail.toLowerCase());
      if (ownerId) row.input.ownerId = ownerId;
      else
        problems.push({
          field: 'ownerId',
          code: 'unknownEmail',
          params: { email: row.ownerEmail },
          column: columnOf('ownerId'),
        });
    } else row.input.ownerId = null;
    // An asset in use stays in use (its holder changes through an assignment, never a file).
    const status = row.input.status as AssetStatus | undefined;
    if (status === 'IN_USE' && existing?.status === 'IN_USE') delete row.input.status;
    for (const problem of schemaErrorProblems(Value.Errors(AssetBody, row.input)))
      problems.push({ ...problem, column: columnOf(problem.field.split('.')[0]!) });
    prepared.push({
      number: row.number,
      id: existing?.id,
      existing,
      input: row.input as AssetBody,
      problems,
    });
  }
  const sound = prepared.filter((p) => p.problems.length === 0);
  const ruleProblems = await assetProblems(
    ctx,
    sound.map((p) => ({ input: p.input, id: p.id })),
  );
  sound.forEach((p, i) =>
    p.problems.push(...ruleProblems[i]!.map((x) => ({ ...x, column: columnOf(x.field) }))),
  );
  for (const row of prepared)
    for (const problem of row.problems)
      report.errors.push({
        row: row.number,
        column: problem.column,
        field: problem.field,
        code: problem.code,
        message: problemMessage(t, problem),
      });
  report.created = prepared.filter((p) => !p.id).length;
  report.updated = prepared.length - report.created;
  if (report.errors.length > 0 || options.dryRun) return report;

  await inTransaction(ctx, async (tx) => {
    for (const row of prepared) {
      if (!row.id) {
        const id = await repo.insertAsset(tx.db, { ...assetValues(row.input), created_by: tx.actor.id });
        await recordAudit(tx, {
          action: 'asset.created',
          entityType: 'asset',
          entityId: id,
          after: { ...row.input, source: 'import' },
        });
        continue;
      }
      const values = assetValues(row.input, row.existing!.status);
      await repo.updateAsset(tx.db, row.id, values);
      const band = assetValueBand(values.security_value);
      if (band !== assetValueBand(row.existing!.security_value))
        await recomputeRiskLevelsOfAsset(tx, row.id, band);
      await recordAudit(tx, {
        action: 'asset.updated',
        entityType: 'asset',
        entityId: row.id,
        before: row.existing,
        after: { ...row.input, source: 'import' },
      });
    }
    await recordAudit(tx, {
      action: 'asset.imported',
      entityType: 'asset',
      after: { total: report.total, created: report.created, updated: report.updated },
    });
  });
  return report;
}
