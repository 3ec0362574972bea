import { customizedTourRoutes } from './customized-routes';

/** The tours area's routes: customized tours (packages and group departures join in their issue). */
export const tourRoutes = [...customizedTourRoutes];
