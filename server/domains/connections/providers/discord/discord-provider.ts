import { storeAccountsSnapshot, type AccountsSnapshot } from '../accounts-snapshot.ts';
import type { ProviderModule } from '../provider.ts';
import {
  discordChannels,
  discordClient,
  discordGuild,
  discordMe,
  discordMembers,
  discordRemoveMember,
} from './discord-client.ts';

/**
 * Discord as a connection (the path is the server's id; the token a bot's): a sync reads the
 * members (their Discord ids are what the employee picker's chat-account rule matches) and the
 * channels; offboarding removes the member from the server.
 */
export const discordProvider: ProviderModule<AccountsSnapshot> = {
  async test(credentials, policy) {
    const client = discordClient(credentials, policy);
    const bot = await discordMe(client, policy);
    const guild = await discordGuild(client, policy, credentials.path);
    return { account: `${bot} @ ${guild}` };
  },

  async fetch(_ctx, _connectionId, credentials, policy) {
    const client = discordClient(credentials, policy);
    const members = await discordMembers(client, policy, credentials.path);
    const channels = await discordChannels(client, policy, credentials.path);
    return {
      accounts: members.map((member) => ({
        externalId: member.user.id,
        username: member.user.username,
        displayName: member.nick || member.user.global_name || member.user.username,
        email: null,
        role: member.user.bot ? 'bot' : 'member',
        active: true,
      })),
      channels: channels.map((channel) => ({
        externalId: channel.id,
        name: channel.name ?? channel.id,
        type: channel.type,
        position: channel.position ?? 0,
      })),
    };
  },

  store: storeAccountsSnapshot,

  async removeMember(credentials, policy, member) {
    await discordRemoveMember(
      discordClient(credentials, policy),
      policy,
      credentials.path,
      member.externalId,
    );
    return 'DONE';
  },
};
