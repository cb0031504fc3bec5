import t from 'tap';
import { ERROR_STATUS } from '../../shared/errors.ts';
import { resources } from '../../shared/i18n/index.ts';
import { PERMISSIONS, PERMISSION_KEYS } from '../../shared/permissions.ts';

type Tree = { [key: string]: string | Tree };

/** Words Vietnamese uses as they are. */
const SAME_IN_BOTH = new Set(['email']);

/** Keys whose English and Vietnamese texts are identical (an untranslated text). */
function sameTexts(en: Tree, vi: Tree, prefix = ''): string[] {
  return Object.entries(en).flatMap(([key, value]) => {
    const other = vi[key];
    if (typeof value === 'string')
      return value === other && /[a-z]{4}/.test(value) ? [`${prefix}${key}`] : [];
    return typeof other === 'object' ? sameTexts(value, other, `${prefix}${key}.`) : [];
  });
}

function leaves(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leaves(value, `${prefix}${key}.`),
  );
}

t.test('the account, roles and mail texts exist in English and Vietnamese alike', async (t) => {
  for (const ns of ['account', 'roles', 'mail'] as const) {
    const en = leaves(resources.en[ns] as Tree).sort();
    const vi = leaves(resources.vi[ns] as Tree).sort();
    t.same(vi, en, `${ns}: the same keys`);
    const untranslated = sameTexts(resources.en[ns] as Tree, resources.vi[ns] as Tree).filter(
      (key) => !SAME_IN_BOTH.has(key.split('.').pop()!),
    );
    t.same(untranslated, [], `${ns}: every text is in Vietnamese`);
  }
});

t.test('every permission and every area has a label in both languages', async (t) => {
  const areas = [...new Set(Object.values(PERMISSIONS).map((p) => p.area))];
  for (const language of ['en', 'vi'] as const) {
    const { permissions, areas: areaLabels } = resources[language].roles as unknown as {
      permissions: Record<string, string>;
      areas: Record<string, string>;
    };
    t.same(
      PERMISSION_KEYS.filter((key) => !permissions[key]),
      [],
      `${language}: permissions`,
    );
    t.same(
      areas.filter((area) => !areaLabels[area]),
      [],
      `${language}: areas`,
    );
  }
});

t.test('the account error codes and messages exist in both languages', async (t) => {
  for (const code of ['INVITATION_LINK_EXPIRED', 'PASSWORD_RESET_LINK_EXPIRED', 'FILE_TOO_LARGE'] as const) {
    t.ok(ERROR_STATUS[code], code);
    for (const language of ['en', 'vi'] as const) {
      t.ok((resources[language].errors.codes as Record<string, string>)[code], `${language} ${code}`);
    }
  }
  t.equal(resources.en.errors.codes.INVITATION_LINK_EXPIRED, 'Invitation Link Expired');
  t.equal(resources.en.errors.codes.PASSWORD_RESET_LINK_EXPIRED, 'Password Reset Link Expired');
  const validation = resources.en.errors.validation as Record<string, string>;
  t.equal(validation.currentPasswordIncorrect, 'Your current password is incorrect');
  t.equal(validation.passwordMismatch, 'Password does not match');
  t.match(resources.en.account.requestAccess.sent, 'within 24 hours');
  t.match(resources.vi.account.requestAccess.sent, 'trong vòng 24 giờ');
});
