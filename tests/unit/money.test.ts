import t from 'tap';
import { formatVnd, groupVnd } from '../../shared/rules/format.ts';
import { MAX_VND, parseVnd } from '../../shared/rules/money.ts';
import { normalizeTaxCode, normalizeWebsite, taxCodeProblem } from '../../shared/rules/vendors.ts';

t.test('VND as people type it: dots, commas, nothing, spaces, currency marks', async (t) => {
  for (const typed of [
    '1.250.000',
    '1,250,000',
    '1250000',
    ' 1 250 000 ',
    '1.250.000 ₫',
    '₫1,250,000',
    '1250000đ',
    '1.250.000 VND',
    '1,250,000vnđ',
  ]) {
    t.same(parseVnd(typed), { ok: true, amount: 1_250_000n }, typed);
  }
  t.same(parseVnd(1_250_000), { ok: true, amount: 1_250_000n }, 'a number');
  t.same(parseVnd(1n), { ok: true, amount: 1n }, 'one đồng');
  t.same(parseVnd('999'), { ok: true, amount: 999n });
  t.same(parseVnd('1.000'), { ok: true, amount: 1000n }, 'a dot groups thousands (Vietnamese)');
  t.same(parseVnd('1000.000'), { ok: false, problem: 'number' }, 'a first group of more than three digits');
});

t.test('decimals, mixed or broken groups are refused rather than guessed', async (t) => {
  for (const typed of [
    '1,5',
    '1.5',
    '12.50',
    '1.250,00',
    '1,250.00',
    '1.2500.000',
    '1,25,000',
    '',
    '  ',
    'abc',
    '1e6',
    '0x10',
    '1 000,5',
    '--5',
    '+5',
  ])
    t.same(parseVnd(typed), { ok: false, problem: 'number' }, JSON.stringify(typed));
  t.same(parseVnd(1.5), { ok: false, problem: 'number' });
  t.same(
    parseVnd(Number.MAX_SAFE_INTEGER + 2),
    { ok: false, problem: 'number' },
    'an unsafe number is not trusted',
  );
  t.same(parseVnd(Number.NaN), { ok: false, problem: 'number' });
});

t.test('more than 0 and within a bigint', async (t) => {
  t.same(parseVnd('0'), { ok: false, problem: 'amountPositive' });
  t.same(parseVnd('-1.000'), { ok: false, problem: 'amountPositive' });
  t.same(parseVnd(-5), { ok: false, problem: 'amountPositive' });
  t.same(parseVnd('9223372036854775807'), { ok: true, amount: MAX_VND });
  t.same(parseVnd('9.223.372.036.854.775.808'), { ok: false, problem: 'amountTooLarge' });
  t.same(parseVnd('1'.repeat(40)), { ok: false, problem: 'amountTooLarge' });
  t.same(parseVnd('1'.repeat(41)), { ok: false, problem: 'number' }, 'absurdly long text is not a number');
});

t.test('Vietnamese grouping for display, in every language', async (t) => {
  t.equal(groupVnd(1_250_000n), '1.250.000');
  t.equal(groupVnd('9223372036854775807'), '9.223.372.036.854.775.807');
  t.equal(groupVnd(0), '0');
  t.equal(groupVnd(999), '999');
  t.equal(groupVnd(-1000), '-1.000');
  t.same(parseVnd(groupVnd(123_456_789n)), { ok: true, amount: 123_456_789n }, 'what is shown reads back');
  t.equal(
    formatVnd('9007199254740993', 'vi').replace(/\s/g, ' '),
    '9.007.199.254.740.993 ₫',
    'exact past 2^53',
  );
});

t.test('tax codes and websites', async (t) => {
  t.equal(taxCodeProblem('0101234567'), null);
  t.equal(taxCodeProblem('0101234567-001'), null);
  t.equal(taxCodeProblem('0101 234 567'), null, 'spaces are ignored');
  for (const bad of [
    '010123456',
    '01012345678',
    '0101234567-01',
    '0101234567-0001',
    'A101234567',
    '0101234567_001',
  ])
    t.equal(taxCodeProblem(bad), 'taxCode', bad);
  t.equal(normalizeTaxCode(' 0101 234567-001 '), '0101234567-001');
  t.equal(normalizeWebsite('example.vn'), 'https://example.vn');
  t.equal(normalizeWebsite('http://shop.example.com/path?q=1'), 'http://shop.example.com/path?q=1');
  for (const bad of [
    'javascript:alert(1)',
    'ftp://example.vn',
    'not a site',
    'https://localhost-only',
    'mailto:a@b.vn',
  ])
    t.equal(normalizeWebsite(bad), null, bad);
});
