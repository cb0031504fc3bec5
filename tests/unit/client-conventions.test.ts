/**
 * The client's conventions (docs/client-conventions.md), held by a test so the next areas copy the
 * right thing: API calls only through client/api/http.ts, queries and their keys only in
 * `<feature>.queries.ts` (no literal query keys in components), every form keeps what was typed
 * before hydration (useFormValues' formId), and confirmations name their action.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';

const CLIENT = path.resolve(import.meta.dirname, '../../client');

function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

const files = sources(CLIENT).map((file) => ({
  file: path.relative(CLIENT, file),
  text: readFileSync(file, 'utf8'),
}));
const isQueriesModule = (file: string) =>
  file.endsWith('.queries.ts') || file === path.join('api', 'session.ts');

t.test('the client was read', async (t) => {
  t.ok(files.length > 40);
});

t.test('every API call goes through the one fetch wrapper', async (t) => {
  const offenders = files.filter(
    ({ file, text }) => file !== path.join('api', 'http.ts') && /\bfetch\(/.test(text),
  );
  t.same(
    offenders.map((f) => f.file),
    [],
    'fetch() only in client/api/http.ts (api, download, signInRequest)',
  );
});

t.test('queries and their keys live in <feature>.queries.ts', async (t) => {
  const literalKeys = files.filter(({ file, text }) => !isQueriesModule(file) && /queryKey:\s*\[/.test(text));
  t.same(
    literalKeys.map((f) => f.file),
    [],
    'no literal query keys outside the query-key factories',
  );
  const queriesInComponents = files.filter(
    ({ file, text }) => !isQueriesModule(file) && /\buse(Infinite)?Query\(/.test(text),
  );
  t.same(
    queriesInComponents.map((f) => f.file),
    [],
    'useQuery only in <feature>.queries.ts hooks',
  );
  const features = readdirSync(path.join(CLIENT, 'features')).filter((name) =>
    files.some(
      ({ file, text }) =>
        file.startsWith(path.join('features', name)) && /from '[^']*api\/http\.ts'/.test(text),
    ),
  );
  for (const feature of features) {
    t.ok(
      files.some(
        ({ file }) => file.startsWith(path.join('features', feature)) && file.endsWith('.queries.ts'),
      ) ||
        !files.some(
          ({ file, text }) => file.startsWith(path.join('features', feature)) && /\bapi<|\bapi\(/.test(text),
        ),
      `${feature}: a feature that calls the API reads through its ${feature}.queries.ts`,
    );
  }
});

t.test('every form keeps what was typed before hydration', async (t) => {
  const forms = files.flatMap(({ file, text }) =>
    [...(file.endsWith('.tsx') ? text : '').matchAll(/<form\b([^>]*)>/gs)].map((match) => ({
      file,
      attributes: match[1]!,
    })),
  );
  t.ok(forms.length >= 10, 'the forms were found');
  t.same(
    forms.filter(({ attributes }) => !/\bid=\{[\w.]*formId\}/.test(attributes)).map((f) => f.file),
    [],
    'each <form> takes its id from useFormValues (formId)',
  );
});

t.test('confirmations name their action', async (t) => {
  t.same(
    files
      .filter(({ text }) => /primereact\/confirmdialog|acceptLabel=|confirm\.yes/.test(text))
      .map((f) => f.file),
    [],
    'ConfirmAction (client/forms) instead of a Yes/No ConfirmDialog',
  );
});
