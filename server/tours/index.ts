import { registerCatalogueUses, registerTourReferenceCheck } from '../catalogue';
import { tourCatalogueUses } from './catalogue-uses';
import { assertTourReference } from './store';
import { registerQueueKinds } from '../work-queue';
import { tourQueueKinds } from './queue';

/**
 * The tours area's face: customized tours (with versions), personalized tours and group tours
 * (departures with seats).
 */
export { tourRoutes } from './routes';
export { seedTours } from './seed';
export { DEMO_PERSONALIZED_GROUP, GLOBE_PERSONALIZED_GROUP, seedPersonalizedGroupTours, type PersonalizedGroupSeed } from './personalized-group-seed';
export { departuresToFill, groupTourDetail } from './group';
export { groupTours, personalizedTours } from './plan-schema';
export { personalizedSnapshot } from './personalized';
export { customizedTours } from './schema';
export { releaseSeats, reserveSeats } from './seats';
export { createTour, tourDetail, tourVersion, visibleTours } from './store';
export { markTourBooked, publishTour } from './workflow';

registerCatalogueUses('tours', tourCatalogueUses);
registerTourReferenceCheck(assertTourReference);

// Its kinds of work join the work queue (docs/work-queue.md).
registerQueueKinds(tourQueueKinds);
