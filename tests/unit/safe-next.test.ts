import t from 'tap';
import { safeNextPath } from '../../client/features/auth/safe-next.ts';

t.test('paths of this site are followed after sign-in', async (t) => {
  t.equal(safeNextPath('/employee-management'), '/employee-management');
  t.equal(
    safeNextPath('/employee-management/employee/1?tab=files#nda'),
    '/employee-management/employee/1?tab=files#nda',
  );
  t.equal(safeNextPath('/change-password'), '/change-password');
  t.equal(safeNextPath('/search?q=a%2F%2Fb'), '/search?q=a%2F%2Fb', 'encoded slashes in a query are fine');
  t.equal(safeNextPath('/a/../settings'), '/settings', 'dot segments resolve within the site');
  t.equal(safeNextPath('/%0a'), '/%0a', 'an encoded line break stays a path of this site');
});

t.test('anything that could lead to another site goes to /', async (t) => {
  for (const next of [
    null,
    undefined,
    '',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\\/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    ' /evil',
    'https://evil.example/',
    'javascript:alert(1)',
    'evil.example',
    '/x'.repeat(1001),
  ]) {
    t.equal(safeNextPath(next), '/', JSON.stringify(next));
  }
});
