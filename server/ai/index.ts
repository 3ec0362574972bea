/** The AI area's face: the lead chat and itinerary drafting. */
export { aiRoutes } from './routes';
