import type { AvailableProvider } from '../../../../shared/connections.schemas.ts';
import { jiraProvider } from './jira/jira-provider.ts';
import type { ProviderModule } from './provider.ts';

/** Every provider that can be connected: one line per module (the type insists on each available one). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const PROVIDER_MODULES: Record<AvailableProvider, ProviderModule<any>> = {
  JIRA: jiraProvider,
};
