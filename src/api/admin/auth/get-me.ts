import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../client';
import { meKeys } from '../me/keys';
import { authEndpoints } from './contract';

/** Who is signed in. Quiet on 401: the shell sends strangers to /login itself. */
export const getMe = () => call(authEndpoints.me, undefined, { expectUnauthorized: true, silent: true }).then((r) => r.data);

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meKeys.all,
    queryFn: getMe,
    staleTime: 60_000,
    retry: false,
  });

export const useMe = () => useQuery(meQueryOptions());
