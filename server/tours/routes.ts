import { customizedTourRoutes } from './customized-routes';
import { groupTourRoutes } from './group-routes';
import { personalizedTourRoutes } from './personalized-routes';

/** The tours area's routes: customized, personalized and group tours. */
export const tourRoutes = [...customizedTourRoutes, ...personalizedTourRoutes, ...groupTourRoutes];
