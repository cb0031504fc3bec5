/**
 * Every user-visible string exists in English and in Vietnamese, in every namespace of shared/i18n
 * and in the CLI's own messages: the same keys on both sides, the same list lengths (month names),
 * no empty strings, and the same {{placeholders}} in both texts of a key.
 */
import { readdirSync } from 'node:fs';
import t from 'tap';
import cliEn from '../../cli/i18n/en.json' with { type: 'json' };
import cliVi from '../../cli/i18n/vi.json' with { type: 'json' };
import { resources } from '../../shared/i18n/index.ts';

type Tree = Record<string, unknown>;

/** Leaves by dotted key; list items are leaves too (`monthNames.0`). */
function leaves(tree: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (Array.isArray(tree)) {
    out.set(`${prefix}[length]`, tree.length);
    tree.forEach((item, index) => {
      for (const [key, value] of leaves(item, `${prefix}.${index}`)) out.set(key, value);
    });
  } else if (tree && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree as Tree)) {
      for (const [inner, leaf] of leaves(value, prefix ? `${prefix}.${key}` : key)) out.set(inner, leaf);
    }
  } else {
    out.set(prefix, tree);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]).sort();

function compare(
  t: { same(found: unknown, wanted: unknown, message: string): unknown },
  name: string,
  en: unknown,
  vi: unknown,
) {
  const english = leaves(en);
  const vietnamese = leaves(vi);
  t.same(
    [...english.keys()].filter((key) => !vietnamese.has(key)),
    [],
    `${name}: every English key has a Vietnamese text`,
  );
  t.same(
    [...vietnamese.keys()].filter((key) => !english.has(key)),
    [],
    `${name}: every Vietnamese key has an English text`,
  );
  const empty = [...english, ...vietnamese].filter(
    ([, value]) => typeof value === 'string' && value.trim() === '',
  );
  t.same(
    empty.map(([key]) => key),
    [],
    `${name}: no empty strings`,
  );
  const mismatched = [...english].filter(([key, value]) => {
    const other = vietnamese.get(key);
    return (
      typeof value === 'string' &&
      typeof other === 'string' &&
      placeholders(value).join() !== placeholders(other).join()
    );
  });
  t.same(
    mismatched.map(([key]) => key),
    [],
    `${name}: the same placeholders in both languages`,
  );
}

t.test('every namespace, English and Vietnamese', async (t) => {
  const namespaces = Object.keys(resources.en).sort();
  t.same(Object.keys(resources.vi).sort(), namespaces, 'the same namespaces');
  const files = readdirSync(new URL('../../shared/i18n/en/', import.meta.url)).map((f) =>
    f.replace(/\.json$/, ''),
  );
  t.same(namespaces, files.sort(), 'every file of shared/i18n/en is a loaded namespace');
  for (const namespace of namespaces) {
    compare(
      t,
      namespace,
      resources.en[namespace as keyof typeof resources.en],
      resources.vi[namespace as keyof typeof resources.vi],
    );
  }
});

t.test("the CLI's messages, English and Vietnamese", async (t) => {
  compare(t, 'cli', cliEn, cliVi);
});
