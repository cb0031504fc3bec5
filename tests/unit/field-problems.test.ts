/**
 * Field problems read the same everywhere: every field a request can name has a label in both
 * languages, messages use it ({{field}} is never a raw key), and the shape and the date rules
 * report every failing field at once (issue 9, defects 4 and 5).
 */
import { readdirSync } from 'node:fs';
import t from 'tap';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { EmployeeCreateBody } from '../../shared/employees.schemas.ts';
import { i18nFor, resources } from '../../shared/i18n/index.ts';
import { employeeDateProblems } from '../../shared/rules/employee-rules.ts';
import { detectFileType } from '../../shared/rules/file-type.ts';
import {
  fieldLabel,
  labelledParams,
  problemMessage,
  schemaErrorProblems,
  withoutProblemFields,
  type SchemaError,
} from '../../shared/rules/problems.ts';

/** Every property name of the request schemas (exports named *Body, *Query or *Params). */
async function requestFieldNames(): Promise<Set<string>> {
  const names = new Set<string>();
  const walk = (schema: unknown) => {
    if (!schema || typeof schema !== 'object') return;
    const s = schema as Record<string, unknown>;
    if (s.properties && typeof s.properties === 'object') {
      for (const [name, inner] of Object.entries(s.properties as Record<string, unknown>)) {
        names.add(name);
        walk(inner);
      }
    }
    for (const key of ['items', 'anyOf', 'oneOf', 'allOf']) {
      const inner = s[key];
      if (Array.isArray(inner)) inner.forEach(walk);
      else walk(inner);
    }
  };
  const folder = new URL('../../shared/', import.meta.url);
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.schemas.ts'))) {
    const module = (await import(new URL(file, folder).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (/(Body|Query|Params)$/.test(name)) walk(value as TSchema);
    }
  }
  return names;
}

t.test('every field a request names has a label in English and Vietnamese', async (t) => {
  const names = await requestFieldNames();
  t.ok(names.has('phoneNumber') && names.has('roleId'), 'the schemas were read');
  for (const language of ['en', 'vi'] as const) {
    const labels = resources[language].errors.fields as Record<string, string>;
    t.same(
      [...names].filter((name) => !labels[name]).sort(),
      [],
      `${language}: a label for every request field (add it to errors.json "fields")`,
    );
  }
});

t.test('messages name the field by its label', async (t) => {
  const en = i18nFor('en').t;
  const vi = i18nFor('vi').t;
  const problem = { field: 'phoneNumber', code: 'invalid' as const, params: { field: 'phoneNumber' } };
  t.equal(problemMessage(en, problem), 'Phone number is not valid');
  t.equal(problemMessage(vi, problem), 'Số điện thoại không hợp lệ');
  t.equal(fieldLabel(en, 'memberIds.3'), 'Members', 'a list item is named by its list');
  t.equal(
    problemMessage(en, { field: 'colour', code: 'unknownField', params: { field: 'colour' } }),
    'Unknown field colour',
    'an unknown field quotes what was sent',
  );
  t.same(labelledParams(en, { field: 'email' }), { field: 'Email' });
  t.notMatch(problemMessage(en, { field: 'discordAccountId', code: 'invalid' }), 'discordAccountId');
});

t.test('the shape reports every failing field at once, choices with their values', async (t) => {
  const input = {
    firstName: ' ',
    email: 'nope',
    phoneNumber: 'call me',
    gender: 'X',
    birthday: '2999-01-01',
    offboardDate: '2020-01-01',
    onboardDate: '2021-01-01',
  };
  const shape = schemaErrorProblems(Value.Errors(EmployeeCreateBody, input) as Iterable<SchemaError>);
  const byField = Object.fromEntries(shape.map((p) => [p.field, p]));
  t.same(Object.keys(byField).sort(), ['email', 'firstName', 'gender', 'lastName', 'phoneNumber']);
  t.equal(byField.firstName!.code, 'blank');
  t.equal(byField.lastName!.code, 'required');
  t.same(byField.gender, { field: 'gender', code: 'oneOf', params: { values: 'MALE, FEMALE' } });
  const sound = withoutProblemFields(input, shape);
  t.notOk('phoneNumber' in sound, 'a failing field is left out of the rules across fields');
  t.same(
    employeeDateProblems(sound, '2026-01-01').map((p) => `${p.field}:${p.code}`),
    ['offboardDate:dateOrder', 'birthday:pastDate'],
    'and the date rules still run on the sound ones',
  );
});

t.test('a file is judged by its content, not its name', async (t) => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  t.equal(detectFileType(bytes('%PDF-1.7\n…')), 'application/pdf');
  t.equal(detectFileType(bytes('just text pretending to be x.pdf')), null);
  t.equal(detectFileType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), 'image/png');
  t.equal(detectFileType(bytes(`${' '.repeat(20)}%PDF-1.4`)), null, 'the signature must open the file');
  t.equal(
    detectFileType(bytes('<html><script>alert(1)</script>%PDF-1.4')),
    null,
    'a page that mentions %PDF- is not a PDF',
  );
});
