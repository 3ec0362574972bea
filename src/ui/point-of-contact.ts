import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { leadMembersQueryOptions } from '../api/leads/get-leads';
import { useCan } from './auth';
import type { Option } from './form-fields';

/**
 * Who can be a tour's point of contact: the organization's active members, from `GET /leads/members`
 * (readable with leads.view, as every role that works tours has). Without it the picker offers
 * only the member already chosen.
 */
export function useContactOptions(current?: { _id: string; name: string } | null): { options: Option[]; available: boolean } {
  const can = useCan();
  const available = can('leads', 'view');
  const query = useQuery({ ...leadMembersQueryOptions(), enabled: available });
  const options = useMemo(() => {
    const list = (query.data ?? []).map((m) => ({ value: m._id, label: m.name }));
    return current && !list.some((o) => o.value === current._id) ? [{ value: current._id, label: current.name }, ...list] : list;
  }, [query.data, current]);
  return { options, available };
}
