import { stripSpacesAndCommas } from './format.ts';

/**
 * VND amounts as people type them: whole đồng, grouped the Vietnamese way (`1.250.000`), the English
 * way (`1,250,000`) or not at all (`1250000`). Used by the invoice form before sending and by the
 * server on every amount it receives, so both refuse the same input with the same code.
 */

/** The largest amount a PostgreSQL `bigint` column holds. */
export const MAX_VND = 9_223_372_036_854_775_807n;

export type MoneyProblem = 'number' | 'amountPositive' | 'amountTooLarge';

export type ParsedVnd = { ok: true; amount: bigint } | { ok: false; problem: MoneyProblem };

const DOT_GROUPS = /^\d{1,3}(\.\d{3})+$/;
const COMMA_GROUPS = /^\d{1,3}(,\d{3})+$/;
// A currency mark before or after the number is tolerated: '1.250.000 ₫', '1,250,000 VND', '250.000đ'.
const CURRENCY = /^(?:₫|vnd|vnđ|đ)\s*|\s*(?:₫|vnd|vnđ|đ)$/giu;

/**
 * Reads an amount: a safe whole number, or text with dots or commas grouping thousands (not both,
 * and only in groups of three, so `1,5` or `1.250,00` — a decimal in one convention or the other — is
 * refused rather than read as fifteen or 125,000). Spaces are ignored (the spec's helper strips
 * whitespace and commas). The amount must be more than 0 and fit a `bigint`.
 */
export function parseVnd(input: string | number | bigint): ParsedVnd {
  let amount: bigint;
  if (typeof input === 'bigint') amount = input;
  else if (typeof input === 'number') {
    if (!Number.isSafeInteger(input)) return { ok: false, problem: 'number' };
    amount = BigInt(input);
  } else {
    let text = input.normalize('NFC').replace(/\s+/g, '').replace(CURRENCY, '');
    const negative = text.startsWith('-');
    if (negative) text = text.slice(1);
    if (text.includes('.')) {
      if (!DOT_GROUPS.test(text)) return { ok: false, problem: 'number' };
      text = text.replaceAll('.', '');
    } else if (text.includes(',')) {
      if (!COMMA_GROUPS.test(text)) return { ok: false, problem: 'number' };
      text = stripSpacesAndCommas(text);
    }
    if (!/^\d{1,40}$/.test(text)) return { ok: false, problem: 'number' };
    amount = BigInt(text) * (negative ? -1n : 1n);
  }
  if (amount <= 0n) return { ok: false, problem: 'amountPositive' };
  if (amount > MAX_VND) return { ok: false, problem: 'amountTooLarge' };
  return { ok: true, amount };
}
