import { queryOptions } from '@tanstack/react-query';
import { call, fallback } from '../../client';
import { planResource, type PlanToursParams } from '../plan-resource';
import type { CreateGroupTourInput, GroupTour, GroupTourDetail, GroupTourStatus, UpdateGroupTourInput } from './contract';
import { groupTourEndpoints } from './contract';

/** The seed's filters of the departures list, and status and departure range. */
export interface GroupToursParams extends PlanToursParams {
  status?: GroupTourStatus[];
  departure?: { from?: string; to?: string };
}

/**
 * Departures: `GET /group-tours`, `GET /group-tours/id/{id}` (with days), `POST /group-tours`,
 * `DELETE /group-tours/{id}`; `PUT /group-tours` (named by `_id` in the body) is
 * `useUpdateGroupTour` (save-group-tour.ts); `GET /group-tours/ids` is {@link groupToursByIdsQueryOptions}.
 */
export const groupTours = planResource<GroupTour, GroupToursParams, CreateGroupTourInput, UpdateGroupTourInput, GroupTourDetail>({
  name: 'group-tours',
  endpoints: groupTourEndpoints,
  section: 'groupTours',
  noun: 'group tour',
});

export const groupToursResource = groupTours.resource;
export const groupToursKeys = groupToursResource.keys;
export const useGroupTours = groupToursResource.useList;
export const useGroupTour = groupToursResource.useOne;

/** `GET /group-tours/ids?ids=…`: those departures, in the order asked (a booking list naming its departures). */
export const getGroupToursByIds = (ids: string[]) =>
  call(groupTourEndpoints.byIds, { query: { ids } }, fallback('groupTours.errors.fetchList', 'Failed to fetch group tours')).then((r) => r.data);
export const groupToursByIdsQueryOptions = (ids: string[]) =>
  queryOptions({ queryKey: [...groupToursKeys.all, 'ids', ids], queryFn: () => getGroupToursByIds(ids), enabled: ids.length > 0 });
