import t from 'tap';
import { resources } from '../../shared/i18n/index.ts';
import { formatDateTime } from '../../shared/rules/date-time.ts';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leaves(value, `${prefix}${key}.`),
  );
}

t.test('the profile and legal texts exist in English and Vietnamese alike', async (t) => {
  for (const ns of ['profile', 'legal'] as const) {
    t.same(leaves(resources.vi[ns] as Tree).sort(), leaves(resources.en[ns] as Tree).sort(), ns);
  }
  for (const key of ['employeeCode', 'lineManager']) {
    t.ok((resources.en.people.fields as Record<string, string>)[key], `people:fields.${key} in English`);
    t.ok((resources.vi.people.fields as Record<string, string>)[key], `people:fields.${key} in Vietnamese`);
  }
});

t.test('an instant in a named time zone', async (t) => {
  t.same(formatDateTime('2026-11-30T17:05:00Z', 'Asia/Ho_Chi_Minh'), {
    text: '2026/12/01 00:05',
    timeZone: 'Asia/Ho_Chi_Minh',
  });
  t.same(formatDateTime('2026-11-30T17:05:00Z', 'UTC').text, '2026/11/30 17:05');
  t.same(formatDateTime(new Date('2026-01-02T03:04:00Z'), 'America/New_York').text, '2026/01/01 22:04');
});
