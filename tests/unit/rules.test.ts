import t from 'tap';
import { languageFromHeader } from '../../shared/i18n/index.ts';
import { formatDate, formatVnd, fullName, stripSpacesAndCommas } from '../../shared/rules/format.ts';
import { checkPassword, isStrongPassword } from '../../shared/rules/password.ts';
import { titleKeyForPath } from '../../shared/rules/titles.ts';

t.test('password policy: 8 to 40 characters, upper, lower, digit, special', async (t) => {
  t.ok(isStrongPassword('Abcdef1!'));
  t.ok(isStrongPassword('Mật-khẩu-2026'), 'Vietnamese letters count as letters');
  t.notOk(isStrongPassword('Abcde1!'), 'seven characters are too few');
  t.notOk(isStrongPassword(`Aa1!${'x'.repeat(37)}`), '41 characters are too many');
  t.ok(isStrongPassword(`Aa1!${'x'.repeat(36)}`), '40 characters are fine');
  t.same(checkPassword('abcdefgh'), {
    length: true,
    uppercase: false,
    lowercase: true,
    digit: false,
    special: false,
  });
  t.notOk(isStrongPassword('Abcdefg1 '), 'a space is not a special character');
});

t.test('header titles follow the path prefix of spec section 2', async (t) => {
  const cases: Record<string, string> = {
    '/': 'employeeManagement',
    '/employee-management/employee/5': 'employeeManagement',
    '/leave-management/summary-reporting': 'leaveManagement',
    '/account-management/sso-connection/1': 'accountManagement',
    '/connections': 'connectedAccount',
    '/connected-account': 'connectedAccount',
    '/hiring-campaigns/3/compare': 'recruitment',
    '/sso-connections': 'employeeManagement',
    '/anything-else': 'employeeManagement',
  };
  for (const [path, key] of Object.entries(cases)) t.equal(titleKeyForPath(path), `titles.${key}`, path);
});

t.test('money, dates and names', async (t) => {
  t.equal(formatVnd(1250000n, 'vi').replace(/\s/g, ' '), '1.250.000 ₫');
  t.equal(formatVnd('1250000', 'en'), '₫1,250,000');
  t.equal(formatDate('2026-03-07'), '2026/03/07', 'a calendar date is never shifted by time zones');
  t.equal(formatDate(new Date(2026, 10, 22, 23, 59)), '2026/11/22');
  t.equal(fullName({ firstName: 'An', lastName: 'Nguyễn Văn' }), 'Nguyễn Văn An');
  t.equal(stripSpacesAndCommas(' 1, 000 000 '), '1000000');
});

t.test('the language comes from Accept-Language, English by default', async (t) => {
  t.equal(languageFromHeader(undefined), 'en');
  t.equal(languageFromHeader('vi-VN,vi;q=0.9'), 'vi');
  t.equal(languageFromHeader('fr-FR,vi;q=0.5,en;q=0.8'), 'en');
  t.equal(languageFromHeader('de'), 'en');
});
