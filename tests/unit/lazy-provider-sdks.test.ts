/**
 * The provider SDKs are loaded on first use (server/core/lazy-module.ts), not when the server, the
 * worker or a `backoffice` command starts: together they were 1 s of every CLI command's 2.2 s. A
 * value import of one of them anywhere in the server brings that back; type imports cost nothing.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type * as OctokitModule from '@octokit/rest';
import t from 'tap';
import { lazyModule } from '../../server/core/lazy-module.ts';

const SERVER = path.resolve(import.meta.dirname, '../../server');
const LAZY = [
  'jira.js',
  'oidc-provider',
  '@aws-sdk/client-s3',
  '@aws-sdk/lib-storage',
  '@googleapis/drive',
  '@discordjs/rest',
  '@gitbeaker/core',
  '@gitbeaker/requester-utils',
  '@slack/web-api',
  '@octokit/rest',
];

function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return sources(full);
    return name.endsWith('.ts') ? [full] : [];
  });
}

t.test('no module of the server imports a provider SDK as a value', async (t) => {
  const offenders: string[] = [];
  for (const file of sources(SERVER)) {
    const text = readFileSync(file, 'utf8');
    // Every import statement, across lines: `import type …` is fine, anything else is not.
    for (const match of text.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'([^']+)';/gms)) {
      if (!match[1] && LAZY.includes(match[2]!))
        offenders.push(`${path.relative(SERVER, file)}: ${match[2]}`);
    }
  }
  t.same(offenders, [], 'load them with lazyModule');
});

t.test('lazyModule loads a package once, ES-module-only ones too', async (t) => {
  const load = lazyModule<typeof OctokitModule>('@octokit/rest');
  const first = load();
  t.equal(typeof first.Octokit, 'function');
  t.equal(load(), first, 'loaded once');
  const esmOnly = lazyModule<{ createCloudClient: unknown }>('jira.js');
  t.equal(typeof esmOnly().createCloudClient, 'function', 'an ES-module-only package loads too');
});
