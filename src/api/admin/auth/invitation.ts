import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../client';
import type { ItemAnswer } from '../../common/schemas';
import type { AcceptInvitationInput, AuthState, Invitation } from './contract';
import { meQueryOptions } from './get-me';
import { authPaths } from './contract';

/** Who an invitation is for (the token travels in the body). The page says itself when it is no longer valid. */
export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token] as const,
    queryFn: () => api.post<ItemAnswer<Invitation>>(authPaths.invitation(), { token }, { silent: true }).then((r) => r.data),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
export const useInvitation = (token: string) => useQuery(invitationQueryOptions(token));

/** Sets the invited member's password and signs them in. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AcceptInvitationInput) => api.post<ItemAnswer<AuthState>>(authPaths.acceptInvitation(), input, { silent: true }).then((r) => r.data),
    onSuccess(state) {
      queryClient.clear();
      queryClient.setQueryData(meQueryOptions().queryKey, state);
    },
  });
}
