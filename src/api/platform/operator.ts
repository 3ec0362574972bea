import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '../client';
import type { OperatorLoginInput } from './contract';
import { platformEndpoints } from './contract';

/** The signed-in platform operator. Quiet on 401: the console sends strangers to its sign-in page itself. */
export const getOperator = () => platformApi.call(platformEndpoints.me, undefined, { expectUnauthorized: true, silent: true }).then((r) => r.data);

export const operatorQueryOptions = () => queryOptions({ queryKey: ['platform', 'me'] as const, queryFn: getOperator, staleTime: 60_000, retry: false });
export const useOperator = () => useQuery(operatorQueryOptions());

/** A wrong password answers 401: shown on the form, not a session that ended. */
export const operatorLogin = (input: OperatorLoginInput) =>
  platformApi.call(platformEndpoints.login, { body: input }, { expectUnauthorized: true, silent: true }).then((r) => r.data);

export function useOperatorLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: operatorLogin,
    onSuccess(operator) {
      queryClient.removeQueries({ queryKey: ['platform'] });
      queryClient.setQueryData(operatorQueryOptions().queryKey, operator);
    },
  });
}

export function useOperatorLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => platformApi.call(platformEndpoints.logout, undefined, { expectUnauthorized: true }),
    onSettled: () => queryClient.removeQueries({ queryKey: ['platform'] }),
  });
}
