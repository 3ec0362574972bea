import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../client';
import type { ItemAnswer } from '../../common/schemas';
import { meKeys } from '../me/keys';
import type { Organization, UpdateOrganizationInput } from './contract';
import { organizationPaths } from './contract';

export const getOrganization = () => api.get<ItemAnswer<Organization>>(organizationPaths.organization()).then((r) => r.data);
export const updateOrganization = (input: UpdateOrganizationInput) =>
  api.put<ItemAnswer<Organization>>(organizationPaths.organization(), input).then((r) => r.data);
/** The new secret is in this answer only; it is never readable again. */
export const regenerateSecret = () =>
  api.put<ItemAnswer<Organization & { secret: string }>>(organizationPaths.regenerateSecret()).then((r) => r.data);

export const organizationKeys = { all: ['organization'] as const };

export const organizationQueryOptions = () => queryOptions({ queryKey: organizationKeys.all, queryFn: getOrganization });

export const useOrganization = () => useQuery(organizationQueryOptions());

function useOrganizationMutation<I, O extends Organization>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (org) => {
      queryClient.setQueryData(organizationQueryOptions().queryKey, org);
      // The colour scheme and currency in the auth state drive the whole app.
      await queryClient.invalidateQueries({ queryKey: meKeys.all });
    },
  });
}

export const useUpdateOrganization = () => useOrganizationMutation(updateOrganization);
export const useRegenerateSecret = () => useOrganizationMutation(regenerateSecret);
