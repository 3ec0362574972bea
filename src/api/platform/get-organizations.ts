import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fallback, platformApi } from '../client';
import { listResource, type ListParams } from '../common/resource';
import type { Plan, SubscriptionStatus } from './subscription';
import type { CreateOrganizationInput, PlatformMember, PlatformOrganization, UpdateSubscriptionInput } from './contract';
import { ORGANIZATIONS_PAGE_SIZE } from './contract';
import { platformEndpoints } from './contract';

export interface OrganizationsParams extends ListParams {
  plan?: Plan[];
  status?: SubscriptionStatus[];
}

/**
 * `GET /platform/organizations` (10 a page), `GET /platform/organizations/{id}`. A failure to fetch
 * the list is only logged, never toasted (the seed's error catalogue).
 */
export const organizationsResource = listResource<PlatformOrganization, OrganizationsParams>({
  name: 'organizations',
  key: ['platform', 'organizations'],
  client: platformApi,
  endpoints: { list: platformEndpoints.organizations, one: platformEndpoints.organization },
  query: (params) => ({ limit: ORGANIZATIONS_PAGE_SIZE, ...params }),
  listFailure: { logOnly: true },
  fallbacks: {
    fetchList: ['platform.errors.fetchList', 'Failed to fetch organizations'],
    fetchOne: ['platform.errors.fetchOne', 'Failed to fetch organization'],
  },
});
export const organizationsKeys = organizationsResource.keys;
export const useOrganizations = organizationsResource.useList;
export const useOrganization = organizationsResource.useOne;

export interface OrganizationMembersParams extends ListParams {
  isActive?: boolean;
}

/** `GET /platform/organizations/{id}/members`: who holds a seat. */
export const organizationMembersResource = (organizationId: string) =>
  listResource<PlatformMember, OrganizationMembersParams>({
    name: 'organizations',
    key: [...organizationsKeys.all, 'members', organizationId],
    client: platformApi,
    path: platformEndpoints.members.url({ id: organizationId }),
    fallbacks: { fetchList: ['platform.errors.fetchMembers', 'Failed to fetch members'] },
  });
export const useOrganizationMembers = (organizationId: string, params: OrganizationMembersParams = {}) => organizationMembersResource(organizationId).useList(params);

/** `GET /platform/organizations/{id}/subscription`. */
export const subscriptionQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...organizationsKeys.all, 'subscription', organizationId] as const,
    queryFn: () => platformApi.call(platformEndpoints.subscription, { params: { id: organizationId } }, fallback('platform.errors.fetchSubscription', 'Failed to fetch subscription')).then((r) => r.data),
  });
export const useSubscription = (organizationId: string) => useQuery(subscriptionQueryOptions(organizationId));

/** `PUT /platform/organizations/{id}/subscription`: the answer replaces the cached subscription; the lists show it next time. */
export function useUpdateSubscription(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateSubscriptionInput) =>
      platformApi.call(platformEndpoints.updateSubscription, { params: { id: organizationId }, body: input }, { silent: true }).then((r) => r.data),
    onSuccess: (saved) => {
      queryClient.setQueryData(subscriptionQueryOptions(organizationId).queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: organizationsKeys.all });
    },
  });
}

/** `POST /platform/organizations`: onboarding; answers the organization and the owner's invitation link. */
export function useOnboardOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateOrganizationInput) => platformApi.call(platformEndpoints.createOrganization, { body: input }, { silent: true }).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationsKeys.lists() }),
  });
}

/** `POST /platform/organizations/{id}/members/{memberId}/invitation`: a new link for an owner who never used theirs (the old one stops working). */
export function useRenewOwnerInvitation(organizationId: string) {
  return useMutation({
    mutationFn: (memberId: string) =>
      platformApi.call(platformEndpoints.invitation, { params: { id: organizationId, memberId } }).then((r) => r.data),
  });
}
