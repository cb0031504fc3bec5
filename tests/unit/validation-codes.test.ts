import t from 'tap';
import { VALIDATION_CODES, isValidationCode } from '../../shared/errors.ts';
import { LANGUAGES, resources } from '../../shared/i18n/index.ts';

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

t.test('every validation code has a message in every language, with the same placeholders', async (t) => {
  t.ok(VALIDATION_CODES.length > 20, `${VALIDATION_CODES.length} codes`);
  for (const language of LANGUAGES) {
    const messages = resources[language].errors.validation as Record<string, string>;
    t.same(Object.keys(messages).sort(), [...VALIDATION_CODES].sort(), `${language}: the same codes`);
    for (const code of VALIDATION_CODES) {
      const message = messages[code] ?? '';
      t.ok(message.trim(), `${language}: validation.${code} has a message`);
      t.same(
        placeholders(message),
        placeholders(resources.en.errors.validation[code]),
        `${language}: validation.${code} fills the same placeholders as English`,
      );
    }
  }
});

t.test('a code is recognised only when it is one of the list', async (t) => {
  t.ok(isValidationCode('required'));
  t.notOk(isValidationCode('requried'));
  t.notOk(isValidationCode(undefined));
  // @ts-expect-error a misspelt code does not compile: this line is the type-level half of the test
  const misspelt: (typeof VALIDATION_CODES)[number] = 'requried';
  t.equal(misspelt, 'requried');
});
