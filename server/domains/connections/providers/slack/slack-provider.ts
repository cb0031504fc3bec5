import { storeAccountsSnapshot, type AccountsSnapshot } from '../accounts-snapshot.ts';
import type { ProviderModule } from '../provider.ts';
import { slackClient, slackMe, slackMembers, slackRemoveMember, type SlackMember } from './slack-client.ts';

/**
 * Slack as a connection (the path is the workspace, free text; the token decides the workspace):
 * a sync reads every member (deactivated ones are kept, inactive); offboarding asks the admin
 * API and, when the token may not, leaves the item to be done by hand.
 */

const roleOf = (member: SlackMember) =>
  member.is_bot
    ? 'bot'
    : member.is_owner
      ? 'owner'
      : member.is_admin
        ? 'admin'
        : member.is_restricted
          ? 'guest'
          : 'member';

export const slackProvider: ProviderModule<AccountsSnapshot> = {
  async test(credentials, policy) {
    return { account: (await slackMe(slackClient(credentials, policy), policy)).account };
  },

  async fetch(_ctx, _connectionId, credentials, policy) {
    const members = await slackMembers(slackClient(credentials, policy), policy);
    return {
      accounts: members
        .filter((member) => member.id !== 'USLACKBOT')
        .map((member) => ({
          externalId: member.id,
          username: member.name,
          displayName: member.profile?.real_name || member.real_name || member.name,
          email: member.profile?.email?.toLowerCase() ?? null,
          role: roleOf(member),
          active: !member.deleted,
        })),
    };
  },

  store: storeAccountsSnapshot,

  async removeMember(credentials, policy, member) {
    const client = slackClient(credentials, policy);
    const { teamId } = await slackMe(client, policy);
    return slackRemoveMember(client, policy, teamId, member.externalId);
  },
};
