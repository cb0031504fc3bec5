import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/**
 * A package loaded on first use instead of at start. The provider SDKs (jira.js, oidc-provider,
 * the AWS, Google, Slack and GitHub clients, discord.js, gitbeaker) took most of the time every
 * server start and every `backoffice` command spent importing modules (the CLI's start-up fell from
 * 2.5 s to 1.5 s of CPU), though a command uses one of them at most.
 *
 * Synchronous, so call sites stay as they were (`jira().isAuthError(error)`): the package is resolved
 * as `import` would resolve it (some export only an ES module), then loaded with `require`, which
 * loads ES modules too (Node 22+). Load such a package only through its lazyModule (a value `import`
 * elsewhere may load a second copy under tsx; tests/unit/lazy-provider-sdks.test.ts holds the server
 * to it), and import its types with `import type` beside it.
 */
export function lazyModule<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(fileURLToPath(import.meta.resolve(specifier))) as T);
}
