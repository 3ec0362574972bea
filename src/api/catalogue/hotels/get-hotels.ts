import { listResource, type ListParams } from '../../common/resource';
import type { CreateHotelInput, Hotel, HotelStats, UpdateHotelInput } from './contract';
import { hotelEndpoints } from './contract';

export interface HotelsParams extends ListParams {
  regions?: string[];
  destinations?: string[];
  /** Star ratings, `'1'` to `'5'`. */
  stars?: string[];
}

/** Hotels: the seed's `/hotels`, `/hotels/hotelId/{id}`, `PUT/DELETE /hotels/{id}`; and `POST /hotels/import`. */
export const hotelsResource = listResource<Hotel, HotelsParams, CreateHotelInput, UpdateHotelInput, HotelStats>({
  name: 'hotels',
  endpoints: { list: hotelEndpoints.list, one: hotelEndpoints.byId, create: hotelEndpoints.create, update: hotelEndpoints.update, remove: hotelEndpoints.remove },
  fallbacks: {
    fetchList: ['hotels.errors.fetchList', 'Failed to fetch hotels'],
    fetchOne: ['hotels.errors.fetchOne', 'Failed to fetch hotel'],
    create: ['hotels.errors.create', 'Failed to add hotel'],
    update: ['hotels.errors.update', 'Failed to update hotel'],
    delete: ['hotels.errors.delete', 'Failed to delete hotel'],
    import: ['hotels.errors.import', 'Failed to import hotels'],
  },
});

/** The list, and one hotel by the seed's `GET /hotels/hotelId/{id}` (for the itinerary planner). */
