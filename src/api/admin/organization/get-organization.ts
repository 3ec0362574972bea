import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../client';
import { meKeys } from '../me/keys';
import type { Organization, UpdateOrganizationInput } from './contract';
import { organizationEndpoints } from './contract';

export const getOrganization = () => call(organizationEndpoints.get).then((r) => r.data);
export const updateOrganization = (input: UpdateOrganizationInput) =>
  call(organizationEndpoints.update, { body: input }).then((r) => r.data);
/** The new secret is in this answer only; it is never readable again. */
export const regenerateSecret = () =>
  call(organizationEndpoints.regenerateSecret).then((r) => r.data);

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
