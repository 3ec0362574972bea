/**
 * The catalogue area's face: regions, destinations, hotels, activities and reviews. Areas built on
 * it tell it which of their records use a catalogue record (`registerCatalogueUses`) and check a
 * review's tour (`registerTourReferenceCheck`), so it imports none of them.
 */
export { catalogueRoutes } from './routes';
export { DEMO_CATALOGUE, GLOBE_CATALOGUE, seedCatalogue, type CatalogueSeed } from './seed';
export { activities, destinations, hotels, regions } from './schema';
export { DESTINATION, REGION, assertPlaces, count, placeRefs, placeRefsJson, placesCte } from './store';
export { registerCatalogueUses, registerTourReferenceCheck, type CatalogueKind, type CatalogueUses } from './references';
