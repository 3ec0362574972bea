import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../client';
import type { ListAnswer } from '../../common/schemas';
import type { Role } from './contract';
import { rolePaths } from './contract';

export const getRoles = () => api.get<ListAnswer<Role>>(rolePaths.list(), { limit: 200 });

export const rolesKeys = { all: ['roles'] as const, list: () => ['roles', 'list'] as const };

export const rolesQueryOptions = () => queryOptions({ queryKey: rolesKeys.list(), queryFn: getRoles });

export const useRoles = () => useQuery(rolesQueryOptions());
