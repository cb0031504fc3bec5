/**
 * Vendor fields checked the same way by the form and the server: the Vietnamese tax code (mã số
 * thuế) and the website.
 */

/** 10 digits (an enterprise), or 10 digits, a dash and 3 digits (one of its dependent branches). */
export const TAX_CODE_PATTERN = /^\d{10}(-\d{3})?$/;

/** The tax code as kept: spaces removed ('0101 234 567' and '0101234567' are one vendor). */
export function normalizeTaxCode(value: string): string {
  return value.replace(/\s+/g, '');
}

/** 'taxCode' when the text is not a tax code (after removing spaces), null when it is. */
export function taxCodeProblem(value: string): 'taxCode' | null {
  return TAX_CODE_PATTERN.test(normalizeTaxCode(value)) ? null : 'taxCode';
}

/**
 * A website as kept: what was typed, with `https://` added when it has no scheme ('example.vn'), or
 * null when it is not an http(s) address with a host name ('Invalid URL format').
 */
export function normalizeWebsite(value: string): string | null {
  const text = value.trim();
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(candidate);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    // A host needs a dot (example.vn) or to be localhost; 'https://foo' is a typo more often than not.
    if (!url.hostname.includes('.') && url.hostname !== 'localhost') return null;
    if (/\s/.test(text)) return null;
    return candidate;
  } catch {
    return null;
  }
}
