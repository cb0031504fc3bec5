import { PROVIDER_CATALOGUE, type AvailableProvider } from '../../../shared/connections.schemas.ts';
import type { FieldProblem } from '../../../shared/errors.ts';
import type { ServiceContext } from '../../core/context.ts';
import { validationError } from '../../core/errors.ts';
import { PROVIDER_MODULES } from './providers/index.ts';
import { httpPolicy, ProviderError } from './providers/provider-http.ts';
import type { ProviderCredentials } from './providers/provider.ts';

const PATH_REQUIRED = new Set<AvailableProvider>(['GITHUB', 'GITLAB', 'DISCORD', 'FIGMA']);

/**
 * Asks the provider whether it takes these credentials, before anything is kept: a refused token,
 * an address where nothing answers, a provider that hangs or asks to slow down each become a
 * translated field problem (422), so a bad connection is never saved.
 */
export async function testCredentials(
  ctx: ServiceContext,
  provider: AvailableProvider,
  credentials: ProviderCredentials,
): Promise<string> {
  // The organisation, group, server or team is where everything is read: without it there is nothing to test.
  if (PATH_REQUIRED.has(provider) && !credentials.path)
    throw validationError([{ field: 'path', code: 'required' }]);
  try {
    return (await PROVIDER_MODULES[provider].test(credentials, httpPolicy(ctx.config))).account;
  } catch (error) {
    if (error instanceof ProviderError) throw validationError([testProblem(provider, error)]);
    throw error;
  }
}

function testProblem(provider: AvailableProvider, error: ProviderError): FieldProblem {
  const params = { provider: PROVIDER_CATALOGUE[provider].label, detail: error.detail ?? error.code };
  switch (error.code) {
    case 'UNAUTHORIZED':
    case 'FORBIDDEN':
      return { field: 'apiToken', code: 'connectionTokenRefused', params };
    case 'NOT_FOUND':
      return { field: 'baseUrl', code: 'connectionNotFound', params };
    case 'RATE_LIMITED':
      return { field: 'baseUrl', code: 'connectionRateLimited', params };
    case 'TIMEOUT':
    case 'UNREACHABLE':
      return { field: 'baseUrl', code: 'connectionUnreachable', params };
    default:
      return { field: 'baseUrl', code: 'connectionFailed', params };
  }
}
