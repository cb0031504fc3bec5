import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { HISTORY_PAGE_SIZE } from '../../../shared/employee-profile.schemas.ts';
import { profileApi } from './profile.api.ts';

/** The employee profile's queries: its history, roles, invitation and second factor. */

export const profileKeys = {
  historyOf: (id: string) => ['employees', 'history', id] as const,
  history: (id: string, page: number) => ['employees', 'history', id, page] as const,
  roles: (id: string) => ['employees', 'roles', id] as const,
  invitation: (id: string) => ['employees', 'invitation', id] as const,
  twoFactor: (id: string) => ['employees', 'two-factor', id] as const,
};

/** A page of the person's history of changes (the previous page shown while the next loads). */
export function usePersonHistory(personId: string, page: number) {
  return useQuery({
    queryKey: profileKeys.history(personId, page),
    queryFn: () => profileApi.history(personId, page, HISTORY_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
}

export function usePersonRoles(personId: string) {
  return useQuery({ queryKey: profileKeys.roles(personId), queryFn: () => profileApi.roles(personId) });
}

/** Where the person's invitation stands: the newest link and the invitation mail's delivery. */
export function useInvitationState(personId: string) {
  return useQuery({
    queryKey: profileKeys.invitation(personId),
    queryFn: () => profileApi.invitation(personId),
  });
}

export function usePersonTwoFactor(personId: string) {
  return useQuery({
    queryKey: profileKeys.twoFactor(personId),
    queryFn: () => profileApi.twoFactor(personId),
  });
}
