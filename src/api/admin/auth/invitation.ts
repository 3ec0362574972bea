import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../client';
import type { AcceptInvitationInput } from './contract';
import { meQueryOptions } from './get-me';
import { authEndpoints } from './contract';

/** Who an invitation is for (the token travels in the body). The page says itself when it is no longer valid. */
export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token] as const,
    queryFn: () => call(authEndpoints.invitation, { body: { token } }, { silent: true }).then((r) => r.data),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
export const useInvitation = (token: string) => useQuery(invitationQueryOptions(token));

/** Sets the invited member's password and signs them in. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AcceptInvitationInput) => call(authEndpoints.acceptInvitation, { body: input }, { silent: true }).then((r) => r.data),
    onSuccess(state) {
      queryClient.clear();
      queryClient.setQueryData(meQueryOptions().queryKey, state);
    },
  });
}
