import { formatDate } from '../shared/rules/format.ts';

export interface Column<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | null | undefined;
  align?: 'left' | 'right';
}

const width = (text: string) => [...text].length;

/** Writes rows as an aligned text table with a header line; `empty` when there are no rows. */
export function printTable<Row>(columns: Column<Row>[], rows: readonly Row[], empty: string): void {
  if (rows.length === 0) {
    process.stdout.write(`${empty}\n`);
    return;
  }
  const cells = rows.map((row) => columns.map((column) => String(column.value(row) ?? '')));
  const widths = columns.map((column, i) =>
    Math.max(width(column.header), ...cells.map((line) => width(line[i]!))),
  );
  const render = (line: string[]) =>
    line
      .map((cell, i) => {
        const pad = ' '.repeat(widths[i]! - width(cell));
        return columns[i]!.align === 'right' ? pad + cell : cell + pad;
      })
      .join('  ')
      .trimEnd();
  const header = columns.map((column) => column.header);
  const rule = widths.map((w) => '-'.repeat(w));
  process.stdout.write([header, rule, ...cells].map(render).join('\n') + '\n');
}

/** Writes a value as indented JSON on stdout: the stable, machine-readable output of every command. */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Writes lines of human output on stdout. */
export function printLines(...lines: string[]): void {
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** An instant as YYYY/MM/DD HH:mm in the machine's time zone, as the house formats dates. */
export function formatDateTime(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
