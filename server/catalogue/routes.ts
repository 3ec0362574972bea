import { activityRoutes } from './activity-routes';
import { destinationRoutes } from './destination-routes';
import { hotelRoutes } from './hotel-routes';
import { regionRoutes } from './region-routes';
import { reviewRoutes } from './review-routes';

/** Regions → destinations → hotels and activities, and reviews. */
export const catalogueRoutes = [...regionRoutes, ...destinationRoutes, ...hotelRoutes, ...activityRoutes, ...reviewRoutes];
