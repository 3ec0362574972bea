import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { leadMembersQueryOptions } from '../../api/leads/get-leads';
import type { Option } from '../../ui/form-fields';

/**
 * Members as select options, from `GET /leads/members` (anyone who may view leads may ask):
 * owners are the active members of the sales department (the server checks the same); a
 * follow-up may go to any active member.
 */
function useMemberOptions(owners: boolean) {
  const query = useQuery(leadMembersQueryOptions());
  const options: Option[] = useMemo(() => (query.data ?? []).filter((m) => !owners || m.department === 'sales').map((m) => ({ value: m._id, label: m.name })), [query.data, owners]);
  return { available: true, options, loading: query.isFetching };
}

export const useSalesOwnerOptions = () => useMemberOptions(true);
export const useActiveMemberOptions = () => useMemberOptions(false);
