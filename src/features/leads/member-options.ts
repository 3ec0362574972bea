import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { leadMembersQueryOptions } from '../../api/leads/get-leads';
import { useAuth } from '../../ui/auth';
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

/**
 * Whether the signed-in member sees a lead that `ownerId` owns, as the server's `visibleLeads` says:
 * a role with "own" visibility sees only his own leads. A lead he creates for a colleague, or gives
 * to one, is no longer his to open: the screen stays on his list and says whose it is.
 */
export function useSeesLeadOwnedBy() {
  const { role, member } = useAuth();
  return (ownerId: string | null | undefined) => role.isOwner || role.visibility.leads !== 'own' || ownerId === member._id;
}
