import {
  ASSET_KINDS,
  ASSET_PRIORITIES,
  ASSET_STATUSES,
  ASSET_TYPES,
  CIA_LABELS,
  CONFIDENTIALITY_LABELS,
  type Asset,
} from '../../../shared/assets.schemas.ts';
import { i18nFor, type Language } from '../../../shared/i18n/index.ts';
import type { TableColumn } from '../../core/reporting/table-export.ts';

/**
 * The columns of the asset spreadsheet, shared by the export and the import so a file exported
 * can be changed and imported back: the id matches a row to its asset (empty: a new asset),
 * enumerations are written as their codes (HARDWARE, TOP_SECRET …), people as emails. Columns
 * marked `readOnly` are exported for the reader and ignored on import (the value is computed, or
 * — the assignee — changed through an assignment so the history stays true).
 */

export interface AssetSheetColumn {
  key: string;
  kind: 'text' | 'number' | 'enum';
  values?: readonly string[];
  readOnly?: boolean;
  width?: number;
  value(asset: Asset): string | number | null;
}

export const ASSET_SHEET_COLUMNS: AssetSheetColumn[] = [
  { key: 'id', kind: 'text', width: 38, value: (a) => a.id },
  { key: 'name', kind: 'text', width: 30, value: (a) => a.name },
  { key: 'type', kind: 'enum', values: ASSET_TYPES, value: (a) => a.type },
  { key: 'status', kind: 'enum', values: ASSET_STATUSES, value: (a) => a.status },
  { key: 'serialNumber', kind: 'text', width: 20, value: (a) => a.serialNumber },
  { key: 'quantity', kind: 'number', value: (a) => a.quantity },
  { key: 'storageGb', kind: 'number', value: (a) => a.storageGb },
  { key: 'processors', kind: 'text', value: (a) => a.processors },
  { key: 'priority', kind: 'enum', values: ASSET_PRIORITIES, value: (a) => a.priority },
  { key: 'kind', kind: 'enum', values: ASSET_KINDS, value: (a) => a.kind },
  { key: 'description', kind: 'text', width: 30, value: (a) => a.description },
  { key: 'location', kind: 'text', value: (a) => a.location },
  { key: 'ownerEmail', kind: 'text', width: 28, value: (a) => a.owner?.email ?? null },
  { key: 'confidentiality', kind: 'enum', values: CONFIDENTIALITY_LABELS, value: (a) => a.confidentiality },
  { key: 'integrity', kind: 'enum', values: CIA_LABELS, value: (a) => a.integrity },
  { key: 'availability', kind: 'enum', values: CIA_LABELS, value: (a) => a.availability },
  { key: 'securityValue', kind: 'number', readOnly: true, value: (a) => a.securityValue },
  { key: 'securityBand', kind: 'text', readOnly: true, value: (a) => a.securityBand },
  { key: 'assigneeEmail', kind: 'text', readOnly: true, width: 28, value: (a) => a.assignee?.email ?? null },
];

export function assetHeader(column: AssetSheetColumn, language: Language): string {
  return i18nFor(language).t(`assets:sheet.${column.key}`);
}

export function tableColumns(language: Language): TableColumn[] {
  return ASSET_SHEET_COLUMNS.map((column) => ({
    header: assetHeader(column, language),
    width: column.width,
    kind: column.kind === 'number' ? 'number' : 'text',
  }));
}

const normalize = (text: string) => text.normalize('NFC').trim().toLowerCase().replace(/\s+/g, ' ');

/** The column a header names: its key, or its English or Vietnamese header. */
export function columnForHeader(header: string): AssetSheetColumn | undefined {
  const wanted = normalize(header);
  if (!wanted) return undefined;
  return ASSET_SHEET_COLUMNS.find(
    (column) =>
      normalize(column.key) === wanted ||
      normalize(assetHeader(column, 'en')) === wanted ||
      normalize(assetHeader(column, 'vi')) === wanted,
  );
}
