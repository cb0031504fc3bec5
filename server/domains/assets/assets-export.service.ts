import type { AssetExportQuery } from '../../../shared/assets.schemas.ts';
import { recordAudit } from '../../core/audit.ts';
import type { ServiceContext } from '../../core/context.ts';
import { CONTENT_TYPES, writeTables } from '../../core/reporting/table-export.ts';
import { inTransaction } from '../../core/transaction.ts';
import type { PreparedExport } from '../../core/files/download.ts';
import { ASSET_SHEET_COLUMNS, tableColumns } from './asset-sheet.ts';
import { toAsset } from './asset-views.ts';
import { assetsPolicy } from './assets.policy.ts';
import * as repo from './assets.repository.ts';

/**
 * Exports the company's assets (the COMPANY_ASSET list's filters and order) as XLSX or CSV,
 * streamed; the columns are those the import reads back (asset-sheet.ts). Recorded in the audit
 * trail when it starts.
 */
export async function prepareAssetExport(
  ctx: ServiceContext,
  query: AssetExportQuery,
): Promise<PreparedExport> {
  assetsPolicy.authorize(ctx.actor, 'viewCompany', undefined);
  const format = query.format ?? 'xlsx';
  const language = ctx.request.language;
  const filters = {
    search: query.search,
    type: query.type,
    status: query.status,
    band: query.band,
    assigned: query.assigned,
    assigneeId: query.assigneeId,
    inactiveAssignee: query.inactiveAssignee,
    sort: query.sort,
  };
  await inTransaction(ctx, (tx) =>
    recordAudit(tx, { action: 'asset.exported', entityType: 'asset', after: { format, filters } }),
  );
  return {
    fileName: `assets.${format}`,
    contentType: CONTENT_TYPES[format],
    write: (output) =>
      writeTables(output, format, [
        {
          title: 'Assets',
          columns: tableColumns(language),
          rows: async function* () {
            for await (const rows of repo.iterateAssets(ctx.db, filters))
              yield rows.map((row) => {
                const asset = toAsset(ctx, row);
                return ASSET_SHEET_COLUMNS.map((column) => column.value(asset));
              });
          },
        },
      ]),
  };
}
