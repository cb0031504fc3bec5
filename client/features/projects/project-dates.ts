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

/**
 * A date typed into a picker before the page hydrated ('2026/12/01'), as a form value; an empty
 * field clears; anything else is left for the person to fix after hydration.
 */
export function typedPickerDate(typed: string | boolean): string | null | undefined {
  if (typeof typed !== 'string') return undefined;
  const match = /^(\d{4})[/-](\d{2})[/-](\d{2})$/.exec(typed.trim());
  return match ? `${match[1]}-${match[2]}-${match[3]}` : typed.trim() === '' ? null : undefined;
}
