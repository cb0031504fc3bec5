import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { accountBoardApi, type BoardParams } from './account-board.api.ts';

/** The account boards as React Query hooks; every key starts with 'account-board'. */

export { accountBoardApi } from './account-board.api.ts';
export type { BoardParams } from './account-board.api.ts';

export const accountBoardKeys = {
  all: ['account-board'] as const,
  board: (params: BoardParams) => ['account-board', 'board', params] as const,
  openChecklists: (params: { page: number; perPage: number }) => ['account-board', 'open', params] as const,
  mine: ['account-board', 'mine'] as const,
  checklist: (userId: string) => ['account-board', 'checklist', userId] as const,
};

export const useAccountBoard = (params: BoardParams) =>
  useQuery({
    queryKey: accountBoardKeys.board(params),
    queryFn: () => accountBoardApi.board(params),
    placeholderData: keepPreviousData,
  });
export const useOpenChecklists = (params: { page: number; perPage: number }) =>
  useQuery({
    queryKey: accountBoardKeys.openChecklists(params),
    queryFn: () => accountBoardApi.openChecklists(params),
    placeholderData: keepPreviousData,
  });
export const useMyConnectedAccounts = () =>
  useQuery({ queryKey: accountBoardKeys.mine, queryFn: () => accountBoardApi.mine() });
export const useOffboardingChecklist = (userId: string, enabled = true) =>
  useQuery({
    queryKey: accountBoardKeys.checklist(userId),
    queryFn: () => accountBoardApi.checklist(userId),
    enabled,
    retry: false,
  });
