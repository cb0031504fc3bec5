import { CONTRACT_TYPES, GENDERS, USER_STATUSES } from '../../../shared/employees.schemas.ts';
import { i18nFor, LANGUAGES, type Language } from '../../../shared/i18n/index.ts';
import type { EmployeeRecord } from './employees.repository.ts';

/**
 * The columns of the employee spreadsheet: what export writes and import reads, in this order.
 * Headers are translated; import recognises the English and the Vietnamese header, and the API
 * field name. Names of departments, employee roles and banks stand for their records.
 */
export type SheetKind = 'text' | 'date' | 'enum' | 'reference';

export interface SheetColumn {
  key: string;
  kind: SheetKind;
  /** Export only: import ignores the column. */
  readOnly?: boolean;
  width: number;
  /** For enums: the values and the i18n prefix of their labels. */
  values?: readonly string[];
  labels?: string;
  value: (record: EmployeeRecord) => string | null;
}

export const SHEET_COLUMNS: SheetColumn[] = [
  { key: 'email', kind: 'text', width: 32, value: (r) => r.email },
  { key: 'firstName', kind: 'text', width: 16, value: (r) => r.first_name },
  { key: 'lastName', kind: 'text', width: 20, value: (r) => r.last_name },
  {
    key: 'status',
    kind: 'enum',
    readOnly: true,
    width: 14,
    values: USER_STATUSES,
    labels: 'people:status',
    value: (r) => r.status,
  },
  {
    key: 'gender',
    kind: 'enum',
    width: 10,
    values: GENDERS,
    labels: 'people:gender',
    value: (r) => r.gender,
  },
  { key: 'birthday', kind: 'date', width: 12, value: (r) => r.birthday },
  { key: 'phoneNumber', kind: 'text', width: 16, value: (r) => r.phone_number },
  { key: 'address', kind: 'text', width: 36, value: (r) => r.address },
  {
    key: 'contractType',
    kind: 'enum',
    width: 16,
    values: CONTRACT_TYPES,
    labels: 'people:contractType',
    value: (r) => r.contract_type,
  },
  { key: 'employeeRole', kind: 'reference', width: 18, value: (r) => r.employee_role_name },
  { key: 'department', kind: 'reference', width: 18, value: (r) => r.department_name },
  { key: 'onboardDate', kind: 'date', width: 12, value: (r) => r.onboard_date },
  { key: 'offboardDate', kind: 'date', width: 12, value: (r) => r.offboard_date },
  { key: 'discordAccountId', kind: 'text', width: 22, value: (r) => r.discord_account_id },
  { key: 'bank', kind: 'reference', width: 14, value: (r) => r.bank_name },
  { key: 'bankAccountNumber', kind: 'text', width: 20, value: (r) => r.bank_account_number },
  { key: 'idCardNumber', kind: 'text', width: 16, value: (r) => r.id_card_number },
  { key: 'idCardIssueDate', kind: 'date', width: 12, value: (r) => r.id_card_issue_date },
  { key: 'idCardIssueAuthority', kind: 'text', width: 28, value: (r) => r.id_card_issue_authority },
  { key: 'socialInsuranceNumber', kind: 'text', width: 18, value: (r) => r.social_insurance_number },
  {
    key: 'language',
    kind: 'enum',
    width: 10,
    values: LANGUAGES,
    labels: 'people:languages',
    value: (r) => r.language,
  },
  // Added after the first release: at the end, so files made with the earlier layout still match.
  { key: 'employeeCode', kind: 'text', width: 14, value: (r) => r.employee_code },
];

export function peopleT(language: Language) {
  const instance = i18nFor(language);
  return (key: string, params?: Record<string, unknown>) => instance.t(key, params ?? {}) as string;
}

export function headerOf(column: SheetColumn, language: Language): string {
  return peopleT(language)(`people:fields.${column.key}`);
}

/** Lower case, no accents, letters and digits only: 'Ngày vào làm' and 'ngay_vao_lam' compare equal. */
export function normalizeLabel(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/gi, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

let headerIndex: Map<string, SheetColumn> | null = null;
/** The column a header names, in English, in Vietnamese or by its API key. */
export function columnForHeader(header: string): SheetColumn | undefined {
  if (!headerIndex) {
    headerIndex = new Map();
    for (const column of SHEET_COLUMNS) {
      headerIndex.set(normalizeLabel(column.key), column);
      for (const language of LANGUAGES) headerIndex.set(normalizeLabel(headerOf(column, language)), column);
    }
    // Common alternatives in the files HR already keeps.
    const aliases: Record<string, string> = {
      departmentid: 'department',
      employeeroleid: 'employeeRole',
      role: 'employeeRole',
      bankid: 'bank',
      phone: 'phoneNumber',
      discord: 'discordAccountId',
      discordid: 'discordAccountId',
      code: 'employeeCode',
      staffcode: 'employeeCode',
      manv: 'employeeCode',
    };
    for (const [alias, key] of Object.entries(aliases)) {
      headerIndex.set(
        alias,
        SHEET_COLUMNS.find((c) => c.key === key)!,
      );
    }
  }
  return headerIndex.get(normalizeLabel(header));
}

/** The label of an enum value in a language ('FULLTIME' → 'Full-time'). */
export function enumLabel(column: SheetColumn, value: string, language: Language): string {
  return column.labels ? peopleT(language)(`${column.labels}.${value}`) : value;
}

/** Per column: every accepted spelling of its values (normalized) → the value. Built once. */
const enumSpellings = new WeakMap<SheetColumn, Map<string, string>>();

/** The enum value a cell means: the code itself, or its English or Vietnamese label. */
export function enumValue(column: SheetColumn, cell: string): string | null {
  let spellings = enumSpellings.get(column);
  if (!spellings) {
    // An import asks for every row: translating and normalizing every label each time was a fifth
    // of a 10,000-row import's time.
    spellings = new Map();
    for (const value of column.values ?? []) {
      const forms = [value, ...LANGUAGES.map((language) => enumLabel(column, value, language))];
      for (const form of forms) {
        const key = normalizeLabel(form);
        if (!spellings.has(key)) spellings.set(key, value);
      }
    }
    enumSpellings.set(column, spellings);
  }
  return spellings.get(normalizeLabel(cell)) ?? null;
}

/** A calendar date as the product shows it (YYYY/MM/DD). */
export function sheetDate(value: string): string {
  return value.replaceAll('-', '/');
}

/**
 * A date cell as YYYY-MM-DD: spreadsheet dates (read as UTC midnight), 'YYYY/MM/DD', 'YYYY-MM-DD'
 * and 'DD/MM/YYYY'. Anything else is returned as written, for the validation to report.
 */
export function parseSheetDate(cell: unknown): string {
  if (cell instanceof Date && !Number.isNaN(cell.getTime())) return cell.toISOString().slice(0, 10);
  const text = String(cell).trim();
  const ymd = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$/.exec(text);
  if (ymd) return `${ymd[1]}-${ymd[2]!.padStart(2, '0')}-${ymd[3]!.padStart(2, '0')}`;
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (dmy) return `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  return text;
}

// Apostrophes, then a character that starts a formula: what the guard below produces.
const GUARDED = /^'+[=@+\-\t\r]/;

/**
 * Spreadsheet programs run a cell that starts with = + - @ (or a tab or carriage return) as a
 * formula: such cells are written with a leading apostrophe, which import removes. Phone numbers
 * starting with '+' stay as they are. A value that itself starts with apostrophes and such a
 * character gets one more, so `unguardFormula(guardFormula(x)) === x` for every text.
 */
export function guardFormula(text: string): string {
  const formula = /^[=@\t\r]/.test(text) || (/^[+-]/.test(text) && !/^[+-][0-9 ().-]*$/.test(text));
  return formula || GUARDED.test(text) ? `'${text}` : text;
}

/** The text of a cell as it was before `guardFormula`; applied to every column of an import. */
export function unguardFormula(text: string): string {
  return GUARDED.test(text) ? text.slice(1) : text;
}
