import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '../client';
import type { ItemAnswer } from '../common/schemas';
import type { Operator, OperatorLoginInput } from './contract';
import { platformPaths } from './contract';

/** The signed-in platform operator. Quiet on 401: the console sends strangers to its sign-in page itself. */
export const getOperator = () => platformApi.get<ItemAnswer<Operator>>(platformPaths.me(), undefined, { expectUnauthorized: true, silent: true }).then((r) => r.data);

export const operatorQueryOptions = () => queryOptions({ queryKey: ['platform', 'me'] as const, queryFn: getOperator, staleTime: 60_000, retry: false });
export const useOperator = () => useQuery(operatorQueryOptions());

/** A wrong password answers 401: shown on the form, not a session that ended. */
export const operatorLogin = (input: OperatorLoginInput) =>
  platformApi.post<ItemAnswer<Operator>>(platformPaths.login(), input, { expectUnauthorized: true, silent: true }).then((r) => r.data);

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
    mutationFn: () => platformApi.post<ItemAnswer<{ signedOut: boolean }>>(platformPaths.logout(), {}, { expectUnauthorized: true }),
    onSettled: () => queryClient.removeQueries({ queryKey: ['platform'] }),
  });
}
