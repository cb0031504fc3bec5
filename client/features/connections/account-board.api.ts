import type {
  BoardAccount,
  BoardAccountPage,
  MyConnectedAccounts,
  OpenOffboardingPage,
} from '../../../shared/account-board.schemas.ts';
import type { OffboardingChecklist, OffboardingItem } from '../../../shared/connection-links.schemas.ts';
import type { ConnectionProvider } from '../../../shared/connections.schemas.ts';
import { api, toQuery } from '../../api/http.ts';

/** The account boards' calls: thin functions over `api()` (docs/client-conventions.md). */

export interface BoardParams {
  page: number;
  perPage: number;
  provider?: ConnectionProvider;
  connectionId?: string;
  userId?: string;
  projectId?: string;
  unassigned?: boolean;
  search?: string;
}

export const accountBoardApi = {
  board: (params: BoardParams) => api<BoardAccountPage>(`/account-board${toQuery({ ...params })}`),
  openChecklists: (params: { page: number; perPage: number }) =>
    api<OpenOffboardingPage>(`/offboarding-checklists${toQuery({ ...params })}`),
  mine: () => api<MyConnectedAccounts>('/me/connected-accounts'),
  checklist: (userId: string) => api<OffboardingChecklist>(`/users/${userId}/offboarding`),
  perform: (itemId: string) =>
    api<OffboardingItem>(`/offboarding-items/${itemId}/perform`, { method: 'POST' }),
  close: (itemId: string) => api<OffboardingItem>(`/offboarding-items/${itemId}/close`, { method: 'POST' }),
  /** A Jira account's note and assignees go through the Jira calls, the others' through the git-account calls. */
  setNote: (account: BoardAccount, note: string | null) =>
    account.source === 'JIRA'
      ? api(`/jira-accounts/${account.id}`, { method: 'PUT', body: { note } })
      : api(`/git-accounts/${account.id}`, { method: 'PUT', body: { note } }),
  setAssignees: (account: BoardAccount, userIds: string[]) =>
    account.source === 'JIRA'
      ? api(`/jira-accounts/${account.id}/assignees`, { method: 'POST', body: { userIds } })
      : api(`/git-accounts/${account.id}/assignees`, { method: 'PUT', body: { userIds } }),
};
