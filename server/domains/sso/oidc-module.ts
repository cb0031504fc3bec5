import { lazyModule } from '../../core/lazy-module.ts';
import type * as OidcProviderModule from 'oidc-provider';

/**
 * oidc-provider, loaded when the provider is first built (the first `/oidc` request), not when the
 * server or the CLI starts: it and its dependencies (koa, jose…) took 0.6 s of every start.
 */
export const oidcModule = lazyModule<typeof OidcProviderModule>('oidc-provider');
