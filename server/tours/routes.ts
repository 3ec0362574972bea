import { customizedTourRoutes } from './customized-routes';
import { groupTourRoutes } from './group-routes';
import { personalizedTourRoutes } from './package-routes';

/** The tours area's routes: customized tours, packages (personalized tours) and group departures. */
export const tourRoutes = [...customizedTourRoutes, ...personalizedTourRoutes, ...groupTourRoutes];
