import { queryOptions } from '@tanstack/react-query';
import { api, fallback } from '../../client';
import { listResource, type ListParams } from '../../common/resource';
import type { ItemAnswer } from '../../common/schemas';
import type { MatchMode } from '../package-plan';
import type { CreateGroupTourInput, GroupTour, GroupTourDetail, GroupTourStatus } from './contract';

/** The seed's filters of the departures list, and status and departure range. */
export interface GroupToursParams extends ListParams {
  ids?: string[];
  totalNights?: string | string[];
  pointOfContact?: string[];
  regions?: string[];
  destinations?: string[];
  regionFilter?: MatchMode;
  destinationFilter?: MatchMode;
  status?: GroupTourStatus[];
  departure?: { from?: string; to?: string };
}

/**
 * Departures: `GET /group-tours`, `GET /group-tours/id/{id}` (with days), `POST /group-tours`,
 * `DELETE /group-tours/{id}`; `PUT /group-tours` (named by `_id` in the body) is
 * `useUpdateGroupTour` (save-group-tour.ts); `GET /group-tours/ids` is {@link groupToursByIdsQueryOptions}.
 */
export const groupToursResource = listResource<GroupTour, GroupToursParams, CreateGroupTourInput, never, undefined, GroupTourDetail>({
  name: 'group-tours',
  itemPath: (id) => `/group-tours/id/${encodeURIComponent(id)}`,
  fallbacks: {
    fetchList: ['groupTours.errors.fetchList', 'Failed to fetch group tours'],
    fetchOne: ['groupTours.errors.fetchOne', 'Failed to fetch group tour'],
    create: ['groupTours.errors.create', 'Failed to create group tour'],
    update: ['groupTours.errors.update', 'Failed to update group tour'],
    delete: ['groupTours.errors.delete', 'Failed to delete group tour'],
  },
});

export const groupToursKeys = groupToursResource.keys;
export const useGroupTours = groupToursResource.useList;
export const useGroupTour = groupToursResource.useOne;

/** `GET /group-tours/ids?ids=…`: those departures, in the order asked (a booking list naming its departures). */
export const getGroupToursByIds = (ids: string[]) =>
  api.get<ItemAnswer<GroupTour[]>>('/group-tours/ids', { ids }, fallback('groupTours.errors.fetchList', 'Failed to fetch group tours')).then((r) => r.data);
export const groupToursByIdsQueryOptions = (ids: string[]) =>
  queryOptions({ queryKey: [...groupToursKeys.all, 'ids', ids], queryFn: () => getGroupToursByIds(ids), enabled: ids.length > 0 });
