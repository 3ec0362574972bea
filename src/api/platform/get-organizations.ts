import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fallback, platformApi } from '../client';
import { listResource, type ListParams } from '../common/resource';
import type { ItemAnswer } from '../common/schemas';
import type { Plan, SubscriptionStatus } from './subscription';
import type { CreateOrganizationInput, InvitationLink, Onboarded, PlatformMember, PlatformOrganization, PlatformSubscription, UpdateSubscriptionInput } from './contract';
import { ORGANIZATIONS_PAGE_SIZE } from './contract';
import { platformPaths } from './contract';

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
  path: platformPaths.organizations(),
  query: (params) => ({ limit: ORGANIZATIONS_PAGE_SIZE, ...params }),
  itemPath: platformPaths.organization,
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
    path: platformPaths.members(organizationId),
    fallbacks: { fetchList: ['platform.errors.fetchMembers', 'Failed to fetch members'] },
  });
export const useOrganizationMembers = (organizationId: string, params: OrganizationMembersParams = {}) => organizationMembersResource(organizationId).useList(params);

/** `GET /platform/organizations/{id}/subscription`. */
export const subscriptionQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...organizationsKeys.all, 'subscription', organizationId] as const,
    queryFn: () => platformApi.get<ItemAnswer<PlatformSubscription>>(platformPaths.subscription(organizationId), undefined, fallback('platform.errors.fetchSubscription', 'Failed to fetch subscription')).then((r) => r.data),
  });
export const useSubscription = (organizationId: string) => useQuery(subscriptionQueryOptions(organizationId));

/** `PUT /platform/organizations/{id}/subscription`: the answer replaces the cached subscription; the lists show it next time. */
export function useUpdateSubscription(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateSubscriptionInput) =>
      platformApi.put<ItemAnswer<PlatformSubscription>>(platformPaths.subscription(organizationId), input, { silent: true }).then((r) => r.data),
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
    mutationFn: (input: CreateOrganizationInput) => platformApi.post<ItemAnswer<Onboarded>>(platformPaths.organizations(), input, { silent: true }).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationsKeys.lists() }),
  });
}

/** `POST /platform/organizations/{id}/members/{memberId}/invitation`: a new link for an owner who never used theirs (the old one stops working). */
export function useRenewOwnerInvitation(organizationId: string) {
  return useMutation({
    mutationFn: (memberId: string) =>
      platformApi
        .post<ItemAnswer<InvitationLink>>(platformPaths.invitation(organizationId, memberId), {})
        .then((r) => r.data),
  });
}
