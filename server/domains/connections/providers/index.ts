import type { AvailableProvider } from '../../../../shared/connections.schemas.ts';
import { discordProvider } from './discord/discord-provider.ts';
import { figmaProvider } from './figma/figma-provider.ts';
import { githubProvider } from './github/github-provider.ts';
import { gitlabProvider } from './gitlab/gitlab-provider.ts';
import { jiraProvider } from './jira/jira-provider.ts';
import { outlineProvider } from './outline/outline-provider.ts';
import type { ProviderModule } from './provider.ts';
import { slackProvider } from './slack/slack-provider.ts';

/** Every provider that can be connected: one line per module (the type insists on each available one). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const PROVIDER_MODULES: Record<AvailableProvider, ProviderModule<any>> = {
  GITHUB: githubProvider,
  GITLAB: gitlabProvider,
  JIRA: jiraProvider,
  DISCORD: discordProvider,
  SLACK: slackProvider,
  OUTLINE: outlineProvider,
  FIGMA: figmaProvider,
};
