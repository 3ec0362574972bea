import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../client';
import { moduleEndpoints } from './contract';

/** Every module in menu order (the server sorts by the saved position). */
export const getModules = () => call(moduleEndpoints.list, { query: { limit: 200 } }).then((r) => r.data);

export const modulesKeys = { all: ['modules'] as const, list: () => ['modules', 'list'] as const };

export const modulesQueryOptions = () => queryOptions({ queryKey: modulesKeys.list(), queryFn: getModules, staleTime: 60_000 });

export const useModules = () => useQuery(modulesQueryOptions());
