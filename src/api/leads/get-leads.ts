import { queryOptions } from '@tanstack/react-query';
import { call, fallback, type QueryValue } from '../client';
import { listResource, type ListParams } from '../common/resource';
import type { CreateLeadInput, FollowUpType, LeadDetail, Lead, LeadOption, LeadSource, LeadState, LeadStats } from './contract';
import { leadEndpoints } from './contract';

/** The follow-ups filter as the list keeps it (address and query): `followups[enabled]=true&followups[type]=today`. */
export interface FollowUpsFilter {
  enabled?: 'true' | 'false';
  type?: FollowUpType;
}

/** `GET /leads` and `GET /leads/selection`: paging, sort, search and the seed's filters. */
export interface LeadsParams extends ListParams {
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

/**
 * `GET /leads` (rows with the per-status `stats`), `GET /leads/{id}` (the lead with its queries,
 * follow-ups and timeline), `POST /leads`. Every other change to a lead has its own call
 * (save-lead.ts); the pipeline is `useLeadEvent`.
 */
export const leadsResource = listResource<Lead, LeadsParams, CreateLeadInput, never, LeadStats, LeadDetail>({
  name: 'leads',
  endpoints: { list: leadEndpoints.list, one: leadEndpoints.byId, create: leadEndpoints.create },
  query: leadsQueryString,
  // Contacts are the people behind leads: new leads make or join them.
  shownIn: ['contacts'],
  fallbacks: {
    fetchList: ['leads.errors.fetchList', 'Failed to fetch leads'],
    fetchOne: ['leads.errors.fetchOne', 'Failed to fetch lead'],
    create: ['leads.errors.create', 'Failed to create lead'],
    import: ['leads.errors.import', 'Failed to import leads'],
  },
});

/** The lead selection picker's rows (tours, bookings): the same filters, a light row; by id through the `ids` filter. */
export const leadSelectionResource = listResource<LeadOption, LeadsParams>({
  name: 'leads',
  key: [...leadsResource.keys.all, 'selection'],
  endpoints: { list: leadEndpoints.selection },
  query: leadsQueryString,
  fallbacks: { fetchList: ['leads.errors.fetchSelection', 'Failed to fetch leads for selection'] },
});

/** Active members a lead screen may choose from (owners: the sales department). */
export const getLeadMembers = () =>
  call(leadEndpoints.members, undefined, fallback('leads.errors.fetchMembers', 'Failed to fetch members')).then((r) => r.data);

export const leadsKeys = { ...leadsResource.keys, members: () => [...leadsResource.keys.all, 'members'] as const };

export const leadMembersQueryOptions = () => queryOptions({ queryKey: leadsKeys.members(), queryFn: getLeadMembers, staleTime: 60_000 });

export const useLeads = leadsResource.useList;
export const useLead = leadsResource.useOne;
