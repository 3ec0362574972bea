import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryValue } from '../../client';
import type { ItemAnswer, ListAnswer } from '../../common/schemas';
import type { Member } from './contract';

export interface MembersParams {
  page?: number;
  limit?: number;
  search?: string;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
  employmentStatus?: string[];
  department?: string[];
  isActive?: boolean;
  joiningDate?: { from?: string; to?: string };
  exitDate?: { from?: string; to?: string };
}

export const getMembers = (params: MembersParams = {}) => api.get<ListAnswer<Member>>('/members', params as Record<string, QueryValue>);
export const getMember = (id: string) => api.get<ItemAnswer<Member>>(`/members/memberId/${id}`).then((r) => r.data);

export const membersKeys = {
  all: ['members'] as const,
  list: (params: MembersParams) => ['members', 'list', params] as const,
  detail: (id: string) => ['members', 'detail', id] as const,
};

export const membersQueryOptions = (params: MembersParams = {}) =>
  queryOptions({ queryKey: membersKeys.list(params), queryFn: () => getMembers(params), placeholderData: keepPreviousData });

export const memberQueryOptions = (id: string) => queryOptions({ queryKey: membersKeys.detail(id), queryFn: () => getMember(id) });

export const useMembers = (params: MembersParams = {}) => useQuery(membersQueryOptions(params));
export const useMember = (id: string) => useQuery(memberQueryOptions(id));
