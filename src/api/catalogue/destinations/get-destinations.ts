import { listResource, type ListParams } from '../../common/resource';
import type { CreateDestinationInput, Destination, UpdateDestinationInput } from './contract';
import { destinationEndpoints } from './contract';

export interface DestinationsParams extends ListParams {
  /** Destinations in any of these regions. */
  regions?: string[];
  countries?: string[];
  /** Only these destinations (a picker showing the names of the ids it holds). */
  ids?: string[];
}

/** Destinations: `GET/POST /destinations`, `PUT/DELETE /destinations/{id}`, `POST /destinations/import`. */
export const destinationsResource = listResource<Destination, DestinationsParams, CreateDestinationInput, UpdateDestinationInput>({
  name: 'destinations',
  endpoints: { list: destinationEndpoints.list, create: destinationEndpoints.create, update: destinationEndpoints.update, remove: destinationEndpoints.remove, import: destinationEndpoints.import },
  // A destination's name shows in hotels, activities and reviews.
  shownIn: ['hotels', 'activities', 'reviews'],
  fallbacks: {
    fetchList: ['destinations.errors.fetchList', 'Failed to fetch destinations'],
    create: ['destinations.errors.create', 'Failed to create destination'],
    update: ['destinations.errors.update', 'Failed to update destination'],
    delete: ['destinations.errors.delete', 'Failed to delete destination'],
    import: ['destinations.errors.import', 'Failed to import destinations'],
  },
});

/** For the destination pickers (src/ui/catalogue-pickers.tsx) and any screen listing destinations. */
export const destinationsQueryOptions = destinationsResource.listQueryOptions;
export const destinationsByIdsQueryOptions = destinationsResource.byIdsQueryOptions;
