import { registerCatalogueUses, registerTourReferenceCheck } from '../catalogue';
import { tourCatalogueUses } from './catalogue-uses';
import { assertTourReference } from './store';

/**
 * The tours area's face: customized tours (with versions), personalized tours (packages) and group
 * tours (departures with seats).
 */
export { tourRoutes } from './routes';
export { seedTours } from './seed';
export { DEMO_PACKAGES, GLOBE_PACKAGES, seedPackages, type PackageSeed } from './package-seed';
export { departuresToFill, groupTourDetail } from './departures';
export { groupTours, personalizedTours } from './package-schema';
export { packageSnapshot } from './packages';
export { customizedTours } from './schema';
export { releaseSeats, reserveSeats } from './seats';
export { createTour, tourDetail, tourVersion, visibleTours } from './store';
export { markTourBooked } from './workflow';

registerCatalogueUses('tours', tourCatalogueUses);
registerTourReferenceCheck(assertTourReference);
