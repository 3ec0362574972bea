import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, fallback, type QueryValue } from '../client';
import { MAX_PAGE_SIZE, type ItemAnswer, type ListAnswer } from '../common/schemas';
import type { FollowUpType, LeadDetail, Lead, LeadMember, LeadOption, LeadSource, LeadState, LeadStats } from './contract';

/** The follow-ups filter as the list keeps it (address and query): `followups[enabled]=true&followups[type]=today`. */
export interface FollowUpsFilter {
  enabled?: 'true' | 'false';
  type?: FollowUpType;
}

/** `GET /leads` and `GET /leads/selection`: paging, sort, search and the seed's filters. */
export interface LeadsParams {
  page?: number;
  limit?: number;
  search?: string;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
  /** The enquiry day (`queryDate`) from/to, `YYYY-MM-DD`. */
  query?: { from?: string; to?: string };
  status?: LeadState[];
  /** Owners' ids, or `unassigned`. */
  assignedTo?: string[];
  source?: LeadSource[];
  regions?: string[];
  destinations?: string[];
  followups?: FollowUpsFilter;
  /** Only these leads. */
  ids?: string[];
}

type ListOf<T> = { data: T[] };
export type LeadsAnswer = ListAnswer<Lead, LeadStats>;
export type LeadSelectionAnswer = ListAnswer<LeadOption>;

/** The server's query: `followups` as `followups[enabled]`/`followups[type]` (the client writes only ranges as brackets itself). */
export function leadsQueryString(params: LeadsParams): Record<string, QueryValue> {
  const { followups, ...rest } = params;
  const out: Record<string, QueryValue> = { ...(rest as Record<string, QueryValue>) };
  if (followups?.enabled === 'true') {
    out['followups[enabled]'] = 'true';
    out['followups[type]'] = followups.type ?? 'todayAndMissed';
  }
  return out;
}

export const getLeads = (params: LeadsParams = {}) =>
  api.get<LeadsAnswer>('/leads', leadsQueryString(params), fallback('leads.errors.fetchList', 'Failed to fetch leads'));

export const getLead = (id: string) =>
  api.get<ItemAnswer<LeadDetail>>(`/leads/${encodeURIComponent(id)}`, undefined, fallback('leads.errors.fetchOne', 'Failed to fetch lead')).then((r) => r.data);

/** The lead selection picker's rows (tours, bookings): the same filters, a light row. */
export const getLeadSelection = (params: LeadsParams = {}) =>
  api.get<LeadSelectionAnswer>('/leads/selection', leadsQueryString(params), fallback('leads.errors.fetchSelection', 'Failed to fetch leads for selection'));

/** Leads by id, as picker rows (a picker showing the names of the ids it holds): one call. */
export const getLeadOptionsByIds = async (ids: string[]): Promise<LeadOption[]> =>
  (await getLeadSelection({ ids: [...new Set(ids)], limit: MAX_PAGE_SIZE })).data;

/** Active members a lead screen may choose from (owners: the sales department). */
export const getLeadMembers = () =>
  api.get<ListOf<LeadMember>>('/leads/members', undefined, fallback('leads.errors.fetchMembers', 'Failed to fetch members')).then((r) => r.data);

export const leadsKeys = {
  all: ['leads'] as const,
  lists: () => ['leads', 'list'] as const,
  list: (params: LeadsParams) => ['leads', 'list', params] as const,
  selections: () => ['leads', 'selection'] as const,
  selection: (params: LeadsParams) => ['leads', 'selection', params] as const,
  details: () => ['leads', 'detail'] as const,
  detail: (id: string) => ['leads', 'detail', id] as const,
  options: (ids: string[]) => ['leads', 'selection', 'ids', ids] as const,
  members: () => ['leads', 'members'] as const,
};

export const leadMembersQueryOptions = () => queryOptions({ queryKey: leadsKeys.members(), queryFn: getLeadMembers, staleTime: 60_000 });

export const leadsQueryOptions = (params: LeadsParams = {}) =>
  queryOptions({ queryKey: leadsKeys.list(params), queryFn: () => getLeads(params), placeholderData: keepPreviousData });

export const leadQueryOptions = (id: string) => queryOptions({ queryKey: leadsKeys.detail(id), queryFn: () => getLead(id) });

export const leadSelectionQueryOptions = (params: LeadsParams = {}) =>
  queryOptions({ queryKey: leadsKeys.selection(params), queryFn: () => getLeadSelection(params), placeholderData: keepPreviousData });

export const leadOptionsByIdsQueryOptions = (ids: string[]) =>
  queryOptions({ queryKey: leadsKeys.options(ids), queryFn: () => getLeadOptionsByIds(ids), enabled: ids.length > 0 });

export const useLeads = (params: LeadsParams = {}) => useQuery(leadsQueryOptions(params));
export const useLead = (id: string) => useQuery(leadQueryOptions(id));
export const useLeadSelection = (params: LeadsParams = {}) => useQuery(leadSelectionQueryOptions(params));
