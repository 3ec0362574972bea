import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../client';
import { roleEndpoints } from './contract';

export const getRoles = () => call(roleEndpoints.list, { query: { limit: 200 } });

export const rolesKeys = { all: ['roles'] as const, list: () => ['roles', 'list'] as const };

export const rolesQueryOptions = () => queryOptions({ queryKey: rolesKeys.list(), queryFn: getRoles });

export const useRoles = () => useQuery(rolesQueryOptions());
