/** Display helpers shared by server-rendered and client pages: VND money and YYYY/MM/DD dates. */

const vndFormatters = new Map<string, Intl.NumberFormat>();

/** Formats a whole number of VND ("1.250.000 ₫" in Vietnamese, "₫1,250,000" in English). */
export function formatVnd(amount: bigint | number | string, language: string = 'en'): string {
  let formatter = vndFormatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language === 'vi' ? 'vi-VN' : 'en-US', {
      style: 'currency',
      currency: 'VND',
      maximumFractionDigits: 0,
    });
    vndFormatters.set(language, formatter);
  }
  return formatter.format(typeof amount === 'string' ? BigInt(amount) : amount);
}

/**
 * A whole number of VND grouped the Vietnamese way, without the currency sign ("1.250.000"), in every
 * language: invoice amounts and their report totals read the same for everyone, and the text goes
 * back into the amount field as it is.
 */
export function groupVnd(amount: bigint | number | string): string {
  const value = typeof amount === 'bigint' ? amount : BigInt(amount);
  const digits = (value < 0n ? -value : value).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return value < 0n ? `-${digits}` : digits;
}

/** Formats a date as YYYY/MM/DD. A `date` string (YYYY-MM-DD) is taken as is, without time zones. */
export function formatDate(value: Date | string): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value.replaceAll('-', '/');
  const date = typeof value === 'string' ? new Date(value) : value;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}/${pad(date.getMonth() + 1)}/${pad(date.getDate())}`;
}

/** Removes whitespace and commas, as the spec's number inputs do ("1, 000 000" → "1000000"). */
export function stripSpacesAndCommas(value: string): string {
  return value.replace(/[\s,]/g, '');
}

/** Full name as the spec shows it: last name, then first name. */
export function fullName(person: { firstName: string; lastName: string }): string {
  return [person.lastName, person.firstName].filter(Boolean).join(' ');
}
