import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, fallback } from '../../client';
import { listResource, type ListParams } from '../../common/resource';
import type { CreateTourFields, CustomizedTour, CustomizedTourDetail, CustomizedTourState, CustomizedTourStats } from './contract';
import { customizedTourEndpoints } from './contract';

/** `GET /customized-tours`: paging, sort, search and the seed's filters. */
export interface ToursParams extends ListParams {
  ids?: string[];
  status?: CustomizedTourState[];
  regions?: string[];
  destinations?: string[];
  departure?: { from?: string; to?: string };
  arrival?: { from?: string; to?: string };
  /** Lengths in nights, as text (`'3'`). */
  totalNights?: string[];
  pointOfContact?: string[];
}

/**
 * Customized tours: `GET /customized-tours` (rows with the per-status `stats`), `GET
 * /customized-tours/{id}` (the tour with its days, priced lines and sent versions), `POST`,
 * `DELETE`. The plan's save (`PUT`, `_id` in the body), the booked plan and the workflow's calls
 * are in save-customized-tour.ts.
 */
export const customizedToursResource = listResource<CustomizedTour, ToursParams, CreateTourFields, never, CustomizedTourStats, CustomizedTourDetail>({
  name: 'customizedTours',
  endpoints: { list: customizedTourEndpoints.list, one: customizedTourEndpoints.byId, create: customizedTourEndpoints.create, remove: customizedTourEndpoints.remove },
  shownIn: ['leads'],
  fallbacks: {
    fetchList: ['tours.errors.fetchList', 'Failed to fetch customized tours'],
    fetchOne: ['tours.errors.fetchOne', 'Failed to fetch customized tour'],
    create: ['tours.errors.create', 'Failed to create customized tour'],
    delete: ['tours.errors.delete', 'Failed to delete customized tour'],
  },
});

export const toursKeys = {
  ...customizedToursResource.keys,
  ofLead: (leadId: string) => [...customizedToursResource.keys.all, 'lead', leadId] as const,
  version: (id: string, version: number) => [...customizedToursResource.keys.detail(id), 'version', version] as const,
  settings: () => [...customizedToursResource.keys.all, 'settings'] as const,
};

/** `GET /customized-tours/lead/{leadId}`: a lead's tours, newest first (the lead's page). */
export const toursOfLeadQueryOptions = (leadId: string) =>
  queryOptions({
    queryKey: toursKeys.ofLead(leadId),
    queryFn: () =>
      call(customizedTourEndpoints.byLead, { params: { leadId } }, fallback('tours.errors.fetchByLead', 'Failed to fetch customized tours by lead ID')).then((r) => r.data),
  });

/** `GET /customized-tours/{id}/versions/{version}`: a sent version never changes, so it is never refetched. */
export const tourVersionQueryOptions = (id: string, version: number) =>
  queryOptions({
    queryKey: toursKeys.version(id, version),
    queryFn: () =>
      call(customizedTourEndpoints.version, { params: { id, version: String(version) } }, fallback('tours.errors.fetchOne', 'Failed to fetch customized tour')).then((r) => r.data),
    staleTime: Infinity,
  });

/** `GET /customized-tours/settings`: the default markup a new line starts with. */
export const tourSettingsQueryOptions = () =>
  queryOptions({
    queryKey: toursKeys.settings(),
    queryFn: () => call(customizedTourEndpoints.settings, undefined, fallback('tours.errors.fetchOne', 'Failed to fetch customized tour')).then((r) => r.data),
    staleTime: 60_000,
  });

export const useCustomizedTours = customizedToursResource.useList;
export const useCustomizedTour = customizedToursResource.useOne;
export const useToursOfLead = (leadId: string) => useQuery(toursOfLeadQueryOptions(leadId));
export const useTourVersion = (id: string, version: number) => useQuery(tourVersionQueryOptions(id, version));
export const useTourSettings = () => useQuery(tourSettingsQueryOptions());
