/** Calendar dates ('YYYY-MM-DD') to and from the Date objects of date pickers, in local time. */
export function toPickerDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const [year, month, day] = value.split('-').map(Number);
  return new Date(year!, month! - 1, day!);
}

export function fromPickerDate(value: Date | null | undefined): string | null {
  if (!value) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/** PrimeReact's pattern for YYYY/MM/DD ('yy' is the four-digit year there). */
export const PICKER_FORMAT = 'yy/mm/dd';

/** A stored date as the product shows it (YYYY/MM/DD), or a dash. */
export function showDate(value: string | null | undefined): string {
  return value ? value.replaceAll('-', '/') : '—';
}
