import type ExcelJS from 'exceljs';

let loading: Promise<typeof ExcelJS> | undefined;

/**
 * ExcelJS, loaded on first use: it is a large module (0.4 s of start-up) that only exports and
 * imports need, so the server and the CLI start without it.
 */
export function loadExcelJS(): Promise<typeof ExcelJS> {
  loading ??= import('exceljs').then((module) => module.default);
  return loading;
}
