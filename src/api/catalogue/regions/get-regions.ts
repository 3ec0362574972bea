import { listResource, type ListParams } from '../../common/resource';
import type { CreateRegionInput, Region, UpdateRegionInput } from './contract';
import { regionEndpoints } from './contract';

export interface RegionsParams extends ListParams {
  /** Only these regions (a picker showing the names of the ids it holds). */
  ids?: string[];
}

/** Regions: `GET/POST /regions`, `PUT/DELETE /regions/{id}`, `POST /regions/import`. */
export const regionsResource = listResource<Region, RegionsParams, CreateRegionInput, UpdateRegionInput>({
  name: 'regions',
  endpoints: { list: regionEndpoints.list, create: regionEndpoints.create, update: regionEndpoints.update, remove: regionEndpoints.remove, import: regionEndpoints.import },
  // A region's name shows in destinations, hotels and activities.
  shownIn: ['destinations', 'hotels', 'activities'],
  fallbacks: {
    fetchList: ['regions.errors.fetchList', 'Failed to fetch regions'],
    create: ['regions.errors.create', 'Failed to create region'],
    update: ['regions.errors.update', 'Failed to update region'],
    delete: ['regions.errors.delete', 'Failed to delete region'],
    import: ['regions.errors.import', 'Failed to import regions'],
  },
});

/** For the region pickers (src/ui/catalogue-pickers.tsx) and any screen listing regions. */
export const regionsQueryOptions = regionsResource.listQueryOptions;
export const regionsByIdsQueryOptions = regionsResource.byIdsQueryOptions;
